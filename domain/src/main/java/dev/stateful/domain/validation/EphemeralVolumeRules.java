package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code validateEphemeralVolumeSource}: an ephemeral volume's claim template, checked as
 * {@code ValidatePersistentVolumeClaimTemplate} checks it. Its claim's name ({@code <pod>-<volume>}) is checked only for a
 * pod: a template has no pod name ({@code ValidatePodTemplateSpec} passes no pod metadata).
 */
final class EphemeralVolumeRules {

    static final String CANNOT_BE_SET = "cannot be set";

    /**
     * The ObjectMeta fields {@code validateFieldAllowList} refuses in a claim template, in the struct's order: the JSON key,
     * then the path Go names, its field name with the first letter lowered ("uID").
     */
    private static final List<String[]> FORBIDDEN_METADATA = List.of(
            new String[] {"name", "name"}, new String[] {"generateName", "generateName"}, new String[] {"namespace", "namespace"},
            new String[] {"selfLink", "selfLink"}, new String[] {"uid", "uID"}, new String[] {"resourceVersion", "resourceVersion"},
            new String[] {"generation", "generation"}, new String[] {"creationTimestamp", "creationTimestamp"},
            new String[] {"deletionTimestamp", "deletionTimestamp"}, new String[] {"deletionGracePeriodSeconds", "deletionGracePeriodSeconds"},
            new String[] {"ownerReferences", "ownerReferences"}, new String[] {"finalizers", "finalizers"},
            new String[] {"managedFields", "managedFields"});

    /** The one such field that Go holds by pointer, so that its 0 is set too. */
    private static final String POINTER = "deletionGracePeriodSeconds";

    private EphemeralVolumeRules() {
    }

    /** {@code validateEphemeralVolumeSource} of the ephemeral source at {@code path}: a claim template, valid. */
    static List<Violation> ephemeral(Json.Obj ephemeral, String path) {
        String at = path + ".volumeClaimTemplate";
        if (!ephemeral.has("volumeClaimTemplate")) {
            return List.of(Errors.required(at, ""));
        }
        Json.Obj template = ephemeral.objectOrEmpty("volumeClaimTemplate");
        List<Violation> out = new ArrayList<>(templateMetadata(template.objectOrEmpty("metadata"), at + ".metadata"));
        out.addAll(ClaimSpecRules.spec(template.objectOrEmpty("spec"), at + ".spec"));
        return out;
    }

    /**
     * {@code ValidateTemplateObjectMeta}: the annotations, the labels, and no other field set (not its zero value, which for
     * a list or a pointer is absence: an empty list, a grace period of 0 is set).
     */
    private static List<Violation> templateMetadata(Json.Obj metadata, String path) {
        List<Violation> out = new ArrayList<>(MetaRules.annotations(metadata.stringMap("annotations"), path + ".annotations"));
        out.addAll(MetaRules.labels(metadata.stringMap("labels"), path + ".labels"));
        for (String[] field : FORBIDDEN_METADATA) {
            boolean pointer = field[0].equals(POINTER);
            if (metadata.get(field[0]).filter(value -> pointer ? value != Json.Null.INSTANCE : isSet(value)).isPresent()) {
                out.add(Errors.forbidden(path + "." + field[1], CANNOT_BE_SET));
            }
        }
        return out;
    }

    /** Not Go's zero value: not null, not "", not 0, not false. */
    private static boolean isSet(Json value) {
        if (value instanceof Json.Str s) {
            return !s.value().isEmpty();
        }
        if (value instanceof Json.Num n) {
            return n.value().signum() != 0;
        }
        if (value instanceof Json.Bool b) {
            return b.value();
        }
        return value != Json.Null.INSTANCE;
    }
}
