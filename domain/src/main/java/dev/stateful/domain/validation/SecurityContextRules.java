package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Of the security contexts, the pod's ({@code validatePodSpecSecurityContext}: user and group ids, the process
 * namespace against hostPID, the sysctls ({@link SysctlRules}), the fsGroup change policy, the seccomp profile, the
 * supplemental groups policy) and a container's ({@code ValidateSecurityContext}: user and group ids, the proc mount, the
 * seccomp profile), each with its Windows options ({@link WindowsRules}) and AppArmor profile, in upstream's order. Not checked: the SELinux change policy,
 * {@code privileged} (refused or not by the API server's {@code --allow-privileged}, a cluster's policy) and its combinations
 * with {@code allowPrivilegeEscalation}. In apps/v1 hostNetwork, hostPID, hostIPC, hostUsers and shareProcessNamespace sit on
 * the pod spec; the API server's internal pod keeps them in the security context, whose path its errors name.
 */
final class SecurityContextRules {

    static final String ID_RANGE = "must be between 0 and 2147483647, inclusive";
    static final long MAX_ID = Integer.MAX_VALUE;

    /** The lists as upstream gives them to {@code field.NotSupported}: sets sorted, slices as written. */
    private static final List<String> FS_GROUP_CHANGE_POLICIES = List.of("Always", "OnRootMismatch");
    private static final List<String> SUPPLEMENTAL_GROUPS_POLICIES = List.of("Merge", "Strict");
    private static final List<String> PROC_MOUNTS = List.of("Default", "Unmasked");
    /** The types of a seccomp and of an AppArmor profile. */
    private static final List<String> PROFILE_TYPES = List.of("Localhost", "RuntimeDefault", "Unconfined");
    private static final String LOCALHOST = "Localhost";
    /** {@code maxLocalhostProfileLength}: PATH_MAX - 1. */
    private static final int MAX_APPARMOR_PROFILE_LENGTH = 4095;

    private SecurityContextRules() {
    }

    /** {@code validatePodSpecSecurityContext} of the spec at {@code path}. */
    static List<Violation> pod(Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>();
        String at = path + ".securityContext";
        Json.Obj context = spec.objectOrEmpty("securityContext");
        out.addAll(id(context, "fsGroup", at));
        out.addAll(id(context, "runAsUser", at));
        out.addAll(id(context, "runAsGroup", at));
        List<Json> groups = context.array("supplementalGroups");
        for (int i = 0; i < groups.size(); i++) {
            long gid = groups.get(i) instanceof Json.Num n ? n.asLong().orElse(0L) : 0L;
            if (gid < 0 || gid > MAX_ID) {
                out.add(Errors.invalid(at + ".supplementalGroups[" + i + "]", gid, ID_RANGE));
            }
        }
        if (spec.bool("shareProcessNamespace").orElse(false) && spec.bool("hostPID").orElse(false)) {
            out.add(Errors.invalid(at + ".shareProcessNamespace", true, "ShareProcessNamespace and HostPID cannot both be enabled"));
        }
        out.addAll(SysctlRules.sysctls(spec, path));
        context.string("fsGroupChangePolicy").ifPresent(policy ->
                out.addAll(supported(at + ".fsGroupChangePolicy", policy, FS_GROUP_CHANGE_POLICIES)));
        context.object("seccompProfile").ifPresent(profile -> out.addAll(seccompProfile(profile, at + ".seccompProfile")));
        out.addAll(WindowsRules.options(context, at));
        context.object("appArmorProfile").ifPresent(profile -> out.addAll(appArmorProfile(profile, at + ".appArmorProfile")));
        context.string("supplementalGroupsPolicy").ifPresent(policy ->
                out.addAll(supported(at + ".supplementalGroupsPolicy", policy, SUPPLEMENTAL_GROUPS_POLICIES)));
        return out;
    }

    /**
     * {@code ValidateSecurityContext} of the container at {@code path}; {@code hostUsers} is the pod's (absent means
     * true), without which a proc mount cannot be {@code Unmasked}.
     */
    static List<Violation> container(Json.Obj container, boolean hostUsers, String path) {
        List<Violation> out = new ArrayList<>();
        Json.Obj context = container.object("securityContext").orElse(null);
        if (context == null) {
            return out;
        }
        String at = path + ".securityContext";
        out.addAll(id(context, "runAsUser", at));
        out.addAll(id(context, "runAsGroup", at));
        context.string("procMount").ifPresent(procMount -> {
            out.addAll(supported(at + ".procMount", procMount, PROC_MOUNTS));
            if (hostUsers && procMount.equals("Unmasked")) {
                out.add(Errors.invalid(at + ".procMount", procMount, "`hostUsers` must be false to use `Unmasked`"));
            }
        });
        context.object("seccompProfile").ifPresent(profile -> out.addAll(seccompProfile(profile, at + ".seccompProfile")));
        out.addAll(WindowsRules.options(context, at));
        context.object("appArmorProfile").ifPresent(profile -> out.addAll(appArmorProfile(profile, at + ".appArmorProfile")));
        return out;
    }

    /** Whether the pod shares the host's user namespace, as {@code ValidatePodSpec} reads it: unless hostUsers is false. */
    static boolean hostUsers(Json.Obj spec) {
        return spec.bool("hostUsers").orElse(true);
    }

    /** {@code IsValidUserID} or {@code IsValidGroupID} (the same range) of a given id. */
    private static List<Violation> id(Json.Obj context, String field, String path) {
        return context.integer(field).filter(id -> id < 0 || id > MAX_ID)
                .map(id -> List.of(Errors.invalid(path + "." + field, id, ID_RANGE))).orElse(List.of());
    }

    /** {@code field.NotSupported} of a given value not among {@code supported}, the empty string included. */
    private static List<Violation> supported(String path, String value, List<String> supported) {
        return supported.contains(value) ? List.of() : List.of(Errors.notSupported(path, value, supported.toArray(String[]::new)));
    }

    /**
     * {@code validateSeccompProfileField}: a known type ({@code validateSeccompProfileType}); for Localhost a profile that is a
     * relative path without "..", for the others none. That error shows the profile as Go marshals the internal struct.
     */
    static List<Violation> seccompProfile(Json.Obj profile, String path) {
        List<Violation> out = new ArrayList<>();
        String type = profile.string("type").orElse("");
        if (type.isEmpty()) {
            out.add(Errors.required(path + ".type", "type is required when seccompProfile is set"));
        } else if (!PROFILE_TYPES.contains(type)) {
            out.add(Errors.notSupported(path + ".type", type, PROFILE_TYPES.toArray(String[]::new)));
        }
        String at = path + ".localhostProfile";
        boolean given = profile.has("localhostProfile");
        String localhostProfile = profile.string("localhostProfile").orElse("");
        if (type.equals(LOCALHOST)) {
            if (!given) {
                out.add(Errors.required(at, "must be set when seccomp type is Localhost"));
            } else {
                out.addAll(ContainerRules.localDescendingPath(localhostProfile, at));
            }
        } else if (given) {
            String struct = "{\"Type\":" + JsonWriter.write(Json.from(type)) + ",\"LocalhostProfile\":" + JsonWriter.write(Json.from(localhostProfile)) + "}";
            out.add(new Violation(at, Violation.Type.INVALID, struct + ": can only be set when seccomp type is Localhost"));
        }
        return out;
    }

    /** A profile's {@code localhostProfile} when the field is given: a pointer upstream, so null reads as "". */
    static Optional<String> localhostProfile(Json.Obj profile) {
        return profile.has("localhostProfile") ? Optional.of(profile.string("localhostProfile").orElse("")) : Optional.empty();
    }

    /**
     * {@code ValidateAppArmorProfileField}: a known type; for Localhost a profile, not padded with whitespace (Go's
     * {@code strings.TrimSpace}), of at most 4095 bytes; for the others none (shown as JSON, a pointer upstream).
     */
    static List<Violation> appArmorProfile(Json.Obj profile, String path) {
        String type = profile.string("type").orElse("");
        String at = path + ".localhostProfile";
        Optional<String> localhostProfile = localhostProfile(profile);
        List<Violation> out = new ArrayList<>();
        switch (type) {
            case LOCALHOST -> {
                if (localhostProfile.isEmpty()) {
                    out.add(Errors.required(at, "must be set when AppArmor type is Localhost"));
                } else {
                    String given = localhostProfile.get();
                    if (!Quantities.trimSpace(given).equals(given)) {
                        out.add(Errors.invalid(at, given, "must not be padded with whitespace"));
                    } else if (given.isEmpty()) {
                        out.add(Errors.required(at, "must be set when AppArmor type is Localhost"));
                    }
                    if (Names.byteLength(given) > MAX_APPARMOR_PROFILE_LENGTH) {
                        out.add(Errors.tooLong(at, "may not be more than " + MAX_APPARMOR_PROFILE_LENGTH + " bytes"));
                    }
                }
            }
            case "RuntimeDefault", "Unconfined" -> localhostProfile.ifPresent(given ->
                    out.add(Errors.invalid(at, Json.from(given), "can only be set when AppArmor type is Localhost")));
            case "" -> out.add(Errors.required(path + ".type", "type is required when appArmorProfile is set"));
            default -> out.add(Errors.notSupported(path + ".type", type, PROFILE_TYPES.toArray(String[]::new)));
        }
        return out;
    }
}
