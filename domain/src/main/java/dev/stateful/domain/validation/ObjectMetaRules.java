package dev.stateful.domain.validation;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The metadata checks every write of a namespaced object goes through on the API server,
 * apimachinery's {@code ValidateObjectMetaAccessor} with {@code NameIsDNSSubdomain} (the name rule of
 * pods, claims and revisions) and the finalizer rule core's {@code ValidateObjectMeta} adds, in
 * their order and words: name, namespace, generation, labels, annotations, owner references, finalizers. A test double needs them as the API server says them:
 * a label value over 63 bytes (kubernetes#64023) or a second controller reference must fail there as
 * it fails on a real cluster. Where upstream reports a whole list or reference as the invalid value,
 * printed as a Go struct, the violation gives the message alone.
 */
public final class ObjectMetaRules {

    static final String PATH = "metadata";
    private static final String ORPHAN = "orphan";
    private static final String FOREGROUND = "foregroundDeletion";
    /** core's {@code standardFinalizers}: {@code kubernetes} (namespaces'), and the garbage collector's two. */
    private static final Set<String> STANDARD_FINALIZERS = Set.of("kubernetes", ORPHAN, FOREGROUND);

    private ObjectMetaRules() {
    }

    public static List<Violation> validate(ObjectMeta meta) {
        return validate(meta, Names::dns1123Subdomain);
    }

    /**
     * With the kind's own name rule, {@code ValidateObjectMeta}'s {@code nameFn}: a Service's is
     * {@code NameIsDNSLabel} (kube-apiserver 1.36's default, the RelaxedServiceNameValidation gate of
     * KEP-5311; before it {@code NameIsDNS1035Label}).
     */
    public static List<Violation> validate(ObjectMeta meta, Function<String, List<String>> nameRule) {
        List<Violation> out = new ArrayList<>();
        if (meta.name().isEmpty()) {
            out.add(Errors.required(PATH + ".name", "name or generateName is required"));
        } else {
            out.addAll(Errors.invalidEach(PATH + ".name", meta.name(), nameRule.apply(meta.name())));
        }
        if (meta.namespace().isEmpty()) {
            out.add(Errors.required(PATH + ".namespace", ""));
        } else {
            out.addAll(Errors.invalidEach(PATH + ".namespace", meta.namespace(), Names.dns1123Label(meta.namespace())));
        }
        if (meta.generation() < 0) {
            out.add(Errors.invalid(PATH + ".generation", meta.generation(), Errors.NEGATIVE));
        }
        out.addAll(MetaRules.labels(meta.labels(), PATH + ".labels"));
        out.addAll(MetaRules.annotations(meta.annotations(), PATH + ".annotations"));
        out.addAll(ownerReferences(meta.ownerReferences()));
        out.addAll(finalizers(meta.finalizers()));
        return out;
    }

    /**
     * {@code ValidateOwnerReferences}: each reference's errors on the list's own path (upstream
     * passes it unindexed), and every controller after the first one named against it.
     */
    static List<Violation> ownerReferences(List<OwnerReference> refs) {
        String path = PATH + ".ownerReferences";
        List<Violation> out = new ArrayList<>();
        String firstController = "";
        for (OwnerReference ref : refs) {
            if (version(ref.apiVersion()).isEmpty()) {
                out.add(Errors.invalid(path + ".apiVersion", ref.apiVersion(), "version must not be empty"));
            }
            if (ref.kind().isEmpty()) {
                out.add(Errors.invalid(path + ".kind", ref.kind(), "must not be empty"));
            }
            if (ref.name().isEmpty()) {
                out.add(Errors.invalid(path + ".name", ref.name(), "must not be empty"));
            }
            if (ref.uid().isEmpty()) {
                out.add(Errors.invalid(path + ".uid", ref.uid(), "must not be empty"));
            }
            if (ref.kind().equals("Event") && version(ref.apiVersion()).equals("v1") && group(ref.apiVersion()).isEmpty()) {
                // BannedOwners holds the core group's v1 Event, however its apiVersion spells that group ("v1", "/v1")
                out.add(new Violation(path, Violation.Type.INVALID, "/v1, Kind=Event is disallowed from being an owner"));
            }
            if (ref.isController()) {
                String current = ref.kind() + "/" + ref.name();
                if (firstController.isEmpty()) {
                    firstController = current;
                } else {
                    out.add(new Violation(path, Violation.Type.INVALID, "Only one reference can have Controller set to true. Found \"true\" in "
                            + "references for " + firstController + " and " + current));
                }
            }
        }
        return out;
    }

    /**
     * apimachinery's {@code ValidateFinalizers} (qualified names, and not both of the garbage
     * collector's two), then what core's {@code ValidateObjectMeta} adds for every kind it validates,
     * {@code validateKubeFinalizerName}: a name without a domain must be a standard one.
     */
    static List<Violation> finalizers(List<String> finalizers) {
        String path = PATH + ".finalizers";
        List<Violation> out = new ArrayList<>();
        for (String finalizer : finalizers) {
            out.addAll(Errors.invalidEach(path, finalizer, Names.qualifiedName(finalizer)));
        }
        if (finalizers.contains(ORPHAN) && finalizers.contains(FOREGROUND)) {
            out.add(new Violation(path, Violation.Type.INVALID, "finalizer " + ORPHAN + " and " + FOREGROUND + " cannot be both set"));
        }
        for (int i = 0; i < finalizers.size(); i++) {
            String finalizer = finalizers.get(i);
            if (finalizer.indexOf('/') < 0 && !STANDARD_FINALIZERS.contains(finalizer)) {
                out.add(Errors.invalid(path + "[" + i + "]", finalizer, "name is neither a standard finalizer name nor is it fully qualified"));
            }
        }
        return out;
    }

    /** The group of {@code schema.FromAPIVersionAndKind}: before the one slash, none without one or with more. */
    private static String group(String apiVersion) {
        int slash = apiVersion.indexOf('/');
        return slash < 0 || apiVersion.indexOf('/', slash + 1) >= 0 ? "" : apiVersion.substring(0, slash);
    }

    /** The version of {@code schema.FromAPIVersionAndKind}: after the one slash, the whole value without one, none with more. */
    private static String version(String apiVersion) {
        int slash = apiVersion.indexOf('/');
        if (slash < 0) {
            return apiVersion;
        }
        return apiVersion.indexOf('/', slash + 1) >= 0 ? "" : apiVersion.substring(slash + 1);
    }
}
