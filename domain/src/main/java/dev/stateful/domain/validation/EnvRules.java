package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A container's environment: {@code ValidateEnv} (each variable's name and {@code validateEnvVarValueFrom})
 * and {@code ValidateEnvFrom}. EnvFiles is beta and on by default in 1.36, so {@code fileKeyRef} counts as
 * a source and is named in the "must specify one of" message ({@code AllowEnvFilesValidation}).
 */
final class EnvRules {

    /** {@code IsRelaxedEnvVarName}'s message: RelaxedEnvironmentVariableValidation is GA and locked on in 1.36. */
    static final String ENV_NAME = "a valid environment variable name must consist only of printable ASCII characters other than '='";
    static final String NO_VALUE_SOURCE = "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`";
    static final String VALUE_AND_SOURCE = "may not be specified when `value` is not empty";
    static final String MORE_THAN_ONE = "may not have more than one field specified at a time";
    static final String NO_ENV_FROM_SOURCE = "must specify one of: `configMapRef` or `secretRef`";

    /** The sources in the order {@code validateEnvVarValueFrom} checks them. */
    private static final List<String> VALUE_SOURCES = List.of("fieldRef", "resourceFieldRef", "configMapKeyRef", "secretKeyRef", "fileKeyRef");
    /** {@code validEnvDownwardAPIFieldPathExpressions}, as {@code sets.List} sorts them. */
    private static final List<String> FIELD_PATHS = List.of("metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName",
            "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs");
    /** What {@code ConvertDownwardAPIFieldLabel} converts for apiVersion v1, besides the subscripted labels and annotations. */
    private static final Set<String> CONVERTIBLE_FIELD_PATHS = Set.of("metadata.annotations", "metadata.labels", "metadata.name",
            "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.restartPolicy", "spec.serviceAccountName", "spec.schedulerName",
            "status.phase", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs");
    /** {@code validContainerResourceFieldPathExpressions}, sorted. */
    private static final List<String> RESOURCE_FIELDS = List.of("limits.cpu", "limits.ephemeral-storage", "limits.memory",
            "requests.cpu", "requests.ephemeral-storage", "requests.memory");
    private static final List<String> HUGE_PAGES_FIELD_PREFIXES = List.of("limits.hugepages-", "requests.hugepages-");
    private static final Set<String> CPU_DIVISORS = Set.of("1m", "1");
    private static final Set<String> BYTE_DIVISORS = Set.of("1", "1k", "1M", "1G", "1T", "1P", "1E", "1Ki", "1Mi", "1Gi", "1Ti", "1Pi", "1Ei");
    private static final String BYTE_DIVISORS_TEXT = "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the ";
    private static final Pattern CONFIG_MAP_KEY = Pattern.compile("[-._a-zA-Z0-9]+");

    private EnvRules() {
    }

    /** {@code ValidateEnv}: a name of printable ASCII other than '=', then the value's source. */
    static List<Violation> env(List<Json> env, String path) {
        List<Violation> out = new ArrayList<>();
        for (int i = 0; i < env.size(); i++) {
            String at = path + "[" + i + "]";
            Json.Obj variable = env.get(i).asObject().orElse(Json.EMPTY_OBJECT);
            String name = variable.string("name").orElse("");
            if (name.isEmpty()) {
                out.add(Errors.required(at + ".name", ""));
            } else if (!relaxedName(name)) {
                out.add(Errors.invalid(at + ".name", name, ENV_NAME));
            }
            variable.object("valueFrom").ifPresent(from -> out.addAll(valueFrom(from, variable.string("value").orElse(""), at + ".valueFrom")));
        }
        return out;
    }

    /** {@code IsRelaxedEnvVarName} of a non-empty name. */
    private static boolean relaxedName(String name) {
        return name.chars().noneMatch(c -> c < 0x20 || c > 0x7e || c == '=');
    }

    /** {@code validateEnvVarValueFrom}: each source's own rules, then exactly one source and no {@code value} beside it. */
    private static List<Violation> valueFrom(Json.Obj from, String value, String path) {
        List<Violation> out = new ArrayList<>();
        int sources = 0;
        for (String source : VALUE_SOURCES) {
            if (!from.has(source)) {
                continue;
            }
            sources++;
            Json.Obj ref = from.objectOrEmpty(source);
            String at = path + "." + source;
            out.addAll(switch (source) {
                case "fieldRef" -> fieldRef(ref, FIELD_PATHS, at);
                case "resourceFieldRef" -> resourceFieldRef(ref, false, at);
                case "fileKeyRef" -> fileKeyRef(ref, at);
                default -> keySelector(ref, at);
            });
        }
        if (sources == 0) {
            out.add(Errors.invalid(path, "", NO_VALUE_SOURCE));
        } else if (!value.isEmpty()) {
            out.add(Errors.invalid(path, "", VALUE_AND_SOURCE));
        } else if (sources > 1) {
            out.add(Errors.invalid(path, "", MORE_THAN_ONE));
        }
        return out;
    }

    /**
     * {@code validateObjectFieldSelector} with these field paths (the environment's or a downward API volume's, sorted):
     * {@code ConvertDownwardAPIFieldLabel} first (apiVersion v1, a known or subscripted label), then a subscript's key or
     * the path against the list.
     */
    static List<Violation> fieldRef(Json.Obj ref, List<String> fieldPaths, String path) {
        String apiVersion = ref.string("apiVersion").orElse("");
        String fieldPath = ref.string("fieldPath").orElse("");
        if (apiVersion.isEmpty()) {
            return List.of(Errors.required(path + ".apiVersion", ""));
        }
        if (fieldPath.isEmpty()) {
            return List.of(Errors.required(path + ".fieldPath", ""));
        }
        Optional<String[]> subscripted = splitSubscript(fieldPath);
        String problem = null;
        if (!apiVersion.equals("v1")) {
            problem = "unsupported pod version: " + apiVersion;
        } else if (subscripted.isPresent() && !List.of("metadata.annotations", "metadata.labels").contains(subscripted.get()[0])) {
            problem = "field label does not support subscript: " + fieldPath;
        } else if (subscripted.isEmpty() && !CONVERTIBLE_FIELD_PATHS.contains(fieldPath) && !fieldPath.equals("spec.host")) {
            problem = "field label not supported: " + fieldPath;
        }
        if (problem != null) {
            return List.of(Errors.invalid(path + ".fieldPath", fieldPath, "error converting fieldPath: " + problem));
        }
        List<Violation> out = new ArrayList<>();
        if (subscripted.isPresent()) {
            String key = subscripted.get()[1];
            String checked = subscripted.get()[0].equals("metadata.annotations") ? key.toLowerCase(Locale.ROOT) : key;
            out.addAll(Errors.invalidEach(path, checked, Names.qualifiedName(checked)));
            return out;
        }
        String internal = fieldPath.equals("spec.host") ? "spec.nodeName" : fieldPath;
        if (!fieldPaths.contains(internal)) {
            out.add(Errors.notSupported(path + ".fieldPath", internal, fieldPaths.toArray(String[]::new)));
        }
        return out;
    }

    /** {@code fieldpath.SplitMaybeSubscriptedPath}: {@code path['key']} as path and key. */
    private static Optional<String[]> splitSubscript(String fieldPath) {
        if (!fieldPath.endsWith("']")) {
            return Optional.empty();
        }
        String s = fieldPath.substring(0, fieldPath.length() - 2);
        int open = s.indexOf("['");
        return open <= 0 ? Optional.empty() : Optional.of(new String[] {s.substring(0, open), s.substring(open + 2)});
    }

    /**
     * {@code validateContainerResourceFieldSelector} and its divisor, for a variable or, needing a container name first,
     * for a downward API volume's file.
     */
    static List<Violation> resourceFieldRef(Json.Obj ref, boolean volume, String path) {
        List<Violation> out = new ArrayList<>();
        String resource = ref.string("resource").orElse("");
        if (volume && ref.string("containerName").orElse("").isEmpty()) {
            out.add(Errors.required(path + ".containerName", ""));
        } else if (resource.isEmpty()) {
            out.add(Errors.required(path + ".resource", ""));
        } else if (!RESOURCE_FIELDS.contains(resource) && HUGE_PAGES_FIELD_PREFIXES.stream().noneMatch(resource::startsWith)) {
            out.add(Errors.notSupported(path + ".resource", resource, RESOURCE_FIELDS.toArray(String[]::new)));
        }
        out.addAll(divisor(resource, ref.get("divisor"), path + ".divisor"));
        return out;
    }

    /** {@code validateContainerResourceDivisor}: a divisor of zero is unset; otherwise one of the resource's units. */
    private static List<Violation> divisor(String resource, Optional<Json> given, String path) {
        Optional<Quantity> quantity = given.flatMap(Quantities::decode);
        if (quantity.isEmpty() || quantity.get().signum() == 0) {
            return List.of();
        }
        String divisor = quantity.get().canonical();
        List<Violation> out = new ArrayList<>();
        switch (resource) {
            case "limits.cpu", "requests.cpu" -> {
                if (!CPU_DIVISORS.contains(divisor)) {
                    out.add(Errors.invalid(path, resource, "only divisor's values 1m and 1 are supported with the cpu resource"));
                }
            }
            case "limits.memory", "requests.memory" -> {
                if (!BYTE_DIVISORS.contains(divisor)) {
                    out.add(Errors.invalid(path, resource, BYTE_DIVISORS_TEXT + "memory resource"));
                }
            }
            case "limits.ephemeral-storage", "requests.ephemeral-storage" -> {
                if (!BYTE_DIVISORS.contains(divisor)) {
                    out.add(Errors.invalid(path, resource, BYTE_DIVISORS_TEXT + "local ephemeral storage resource"));
                }
            }
            default -> {
            }
        }
        if (HUGE_PAGES_FIELD_PREFIXES.stream().anyMatch(resource::startsWith) && !BYTE_DIVISORS.contains(divisor)) {
            out.add(Errors.invalid(path, resource, BYTE_DIVISORS_TEXT + "hugepages resource"));
        }
        return out;
    }

    /**
     * {@code validateConfigMapKeySelector} and {@code validateSecretKeySelector}, which are the same: the name a
     * DNS-1123 subdomain (an empty one too, as Go checks it without a required check), the key a config key.
     */
    private static List<Violation> keySelector(Json.Obj ref, String path) {
        List<Violation> out = new ArrayList<>();
        String name = ref.string("name").orElse("");
        out.addAll(Errors.invalidEach(path + ".name", name, Names.dns1123Subdomain(name)));
        String key = ref.string("key").orElse("");
        if (key.isEmpty()) {
            out.add(Errors.required(path + ".key", ""));
        } else {
            out.addAll(Errors.invalidEach(path + ".key", key, configMapKey(key)));
        }
        return out;
    }

    /** {@code IsConfigMapKey}: at most 253 characters of [-._a-zA-Z0-9], not '.', '..' or starting with '..'. */
    private static List<String> configMapKey(String key) {
        List<String> out = new ArrayList<>();
        if (Names.byteLength(key) > Names.DNS1123_SUBDOMAIN_MAX_LENGTH) {
            out.add(Names.maxLenError(Names.DNS1123_SUBDOMAIN_MAX_LENGTH));
        }
        if (!CONFIG_MAP_KEY.matcher(key).matches()) {
            out.add(Names.regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", "[-._a-zA-Z0-9]+",
                    "key.name", "KEY_NAME", "key-name"));
        }
        if (key.equals(".")) {
            out.add("must not be '.'");
        } else if (key.equals("..")) {
            out.add("must not be '..'");
        } else if (key.startsWith("..")) {
            out.add("must not start with '..'");
        }
        return out;
    }

    /** {@code validateFileKeySelector}: a key that is a variable name, a volume name that is a DNS-1123 label, a path without "..". */
    private static List<Violation> fileKeyRef(Json.Obj ref, String path) {
        List<Violation> out = new ArrayList<>();
        String key = ref.string("key").orElse("");
        if (key.isEmpty()) {
            out.add(Errors.required(path + ".key", ""));
        } else if (!relaxedName(key)) {
            out.add(Errors.invalid(path + ".key", key, ENV_NAME));
        }
        String volumeName = ref.string("volumeName").orElse("");
        if (volumeName.isEmpty()) {
            out.add(Errors.required(path + ".volumeName", ""));
        } else {
            out.addAll(Errors.invalidEach(path + ".volumeName", volumeName, Names.dns1123Label(volumeName)));
        }
        String filePath = ref.string("path").orElse("");
        if (filePath.isEmpty()) {
            out.add(Errors.required(path + ".path", ""));
        } else if (List.of(filePath.split("/", -1)).contains("..")) {
            out.add(Errors.invalid(path + ".path", filePath, "must not contain '..'"));
        }
        return out;
    }

    /**
     * {@code ValidateEnvFrom}: a prefix of printable ASCII other than '=', a config map or secret name that is a
     * DNS-1123 subdomain (a trailing '-' allowed, as for a prefix), exactly one of the two; Go names the
     * count's errors on the list's path.
     */
    static List<Violation> envFrom(List<Json> envFrom, String path) {
        List<Violation> out = new ArrayList<>();
        for (int i = 0; i < envFrom.size(); i++) {
            String at = path + "[" + i + "]";
            Json.Obj source = envFrom.get(i).asObject().orElse(Json.EMPTY_OBJECT);
            String prefix = source.string("prefix").orElse("");
            if (!prefix.isEmpty() && !relaxedName(prefix)) {
                out.add(Errors.invalid(at + ".prefix", prefix, ENV_NAME));
            }
            int sources = 0;
            for (String kind : List.of("configMapRef", "secretRef")) {
                if (source.has(kind)) {
                    sources++;
                    out.addAll(envSourceName(source.objectOrEmpty(kind), at + "." + kind));
                }
            }
            if (sources == 0) {
                out.add(Errors.invalid(path, "", NO_ENV_FROM_SOURCE));
            } else if (sources > 1) {
                out.add(Errors.invalid(path, "", MORE_THAN_ONE));
            }
        }
        return out;
    }

    /** {@code validateConfigMapEnvSource}, {@code validateSecretEnvSource}: {@code NameIsDNSSubdomain(name, prefix=true)}. */
    private static List<Violation> envSourceName(Json.Obj ref, String path) {
        String name = ref.string("name").orElse("");
        if (name.isEmpty()) {
            return List.of(Errors.required(path + ".name", ""));
        }
        List<Violation> out = new ArrayList<>();
        out.addAll(Errors.invalidEach(path + ".name", name, Names.dns1123Subdomain(Names.maskTrailingDash(name))));
        return out;
    }
}
