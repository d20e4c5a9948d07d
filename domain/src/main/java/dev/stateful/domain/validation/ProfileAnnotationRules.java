package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The last checks of {@code ValidatePodTemplateSpec}, after the pod spec's: a deprecated seccomp or AppArmor annotation
 * given beside the profile field it stands for must say the same ({@code validateSeccompAnnotationsAndFields},
 * {@code validateAppArmorAnnotationsAndFieldsMatchOnCreate}). A container's AppArmor profile is its own or else the
 * pod's, named at the container either way; a windows pod's AppArmor annotations are not compared. Containers are
 * visited init containers first ({@code VisitContainersWithPath}).
 */
final class ProfileAnnotationRules {

    static final String SECCOMP_TYPE_MISMATCH = "seccomp type in annotation and field must match";
    static final String SECCOMP_PROFILE_MISMATCH = "seccomp profile in annotation and field must match";
    static final String APPARMOR_TYPE_MISMATCH = "apparmor type in annotation and field must match";
    static final String APPARMOR_PROFILE_MISMATCH = "apparmor profile in annotation and field must match";

    private static final String LOCALHOST_PREFIX = "localhost/";
    private static final String UNCONFINED = "unconfined";
    private static final String RUNTIME_DEFAULT = "runtime/default";

    private ProfileAnnotationRules() {
    }

    /** Both checks of the template's {@code annotations} against its pod spec at {@code path}. */
    static List<Violation> matchFields(Map<String, String> annotations, Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>();
        Json.Obj podContext = spec.objectOrEmpty("securityContext");
        String podSeccomp = annotations.get(MetaRules.SECCOMP_POD);
        if (podSeccomp != null) {
            podContext.object("seccompProfile").ifPresent(profile ->
                    out.addAll(seccomp(podSeccomp, profile, path + ".securityContext.seccompProfile")));
        }
        OsRules.forEachContainer(spec, path, (container, at) -> {
            String annotation = annotations.get(MetaRules.SECCOMP_CONTAINER_PREFIX + container.string("name").orElse(""));
            Optional<Json.Obj> profile = container.objectOrEmpty("securityContext").object("seccompProfile");
            if (annotation != null && profile.isPresent()) {
                out.addAll(seccomp(annotation, profile.get(), at + ".securityContext.seccompProfile"));
            }
        });
        if (OsRules.isWindows(spec)) {
            return out;
        }
        Optional<Json.Obj> podAppArmor = podContext.object("appArmorProfile");
        OsRules.forEachContainer(spec, path, (container, at) -> {
            Optional<Json.Obj> profile = container.objectOrEmpty("securityContext").object("appArmorProfile").or(() -> podAppArmor);
            String annotation = annotations.get(MetaRules.APPARMOR_CONTAINER_PREFIX + container.string("name").orElse(""));
            if (annotation != null && profile.isPresent()) {
                out.addAll(appArmor(annotation, profile.get(), at + ".securityContext.appArmorProfile"));
            }
        });
        return out;
    }

    /** {@code validateSeccompAnnotationsAndFieldsMatch}. */
    private static List<Violation> seccomp(String annotation, Json.Obj profile, String path) {
        return switch (profile.string("type").orElse("")) {
            case "Unconfined" -> annotation.equals(UNCONFINED) ? List.of() : List.of(Errors.forbidden(path + ".type", SECCOMP_TYPE_MISMATCH));
            case "RuntimeDefault" -> annotation.equals(RUNTIME_DEFAULT) || annotation.equals("docker/default")
                    ? List.of() : List.of(Errors.forbidden(path + ".type", SECCOMP_TYPE_MISMATCH));
            case "Localhost" -> localhost(annotation, profile, path, SECCOMP_TYPE_MISMATCH, SECCOMP_PROFILE_MISMATCH);
            default -> List.of();
        };
    }

    /** The AppArmor half of {@code validateAppArmorAnnotationsAndFieldsMatchOnCreate}, for one container. */
    private static List<Violation> appArmor(String annotation, Json.Obj profile, String path) {
        return switch (profile.string("type").orElse("")) {
            case "Unconfined" -> annotation.equals(UNCONFINED) ? List.of() : List.of(Errors.forbidden(path + ".type", APPARMOR_TYPE_MISMATCH));
            case "RuntimeDefault" -> annotation.equals(RUNTIME_DEFAULT) ? List.of() : List.of(Errors.forbidden(path + ".type", APPARMOR_TYPE_MISMATCH));
            case "Localhost" -> localhost(annotation, profile, path, APPARMOR_TYPE_MISMATCH, APPARMOR_PROFILE_MISMATCH);
            default -> List.of();
        };
    }

    /** A Localhost profile: the annotation names a localhost profile, the one the field names. */
    private static List<Violation> localhost(String annotation, Json.Obj profile, String path, String typeMismatch, String profileMismatch) {
        if (!annotation.startsWith(LOCALHOST_PREFIX)) {
            return List.of(Errors.forbidden(path + ".type", typeMismatch));
        }
        return SecurityContextRules.localhostProfile(profile).map(annotation.substring(LOCALHOST_PREFIX.length())::equals).orElse(false)
                ? List.of()
                : List.of(Errors.forbidden(path + ".localhostProfile", profileMismatch));
    }
}
