package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The Windows options of a security context ({@code validateWindowsSecurityContextOptions}, the pod's and each
 * container's, whatever the pod's os) and the host process settings across the pod ({@code validateWindowsHostProcessPod}).
 * The options are pointers upstream, so an invalid one is shown as JSON, not as Go quotes it. A pod of host process
 * containers is also refused by an API server without {@code --allow-privileged} ("hostProcess containers are disallowed
 * by cluster policy"), a cluster's policy, which is left to it as {@code privileged} is.
 */
final class WindowsRules {

    static final String SAME_HOST_PROCESS = "pod hostProcess value must be identical if both are specified, was ";
    static final String ALL_HOST_PROCESS = "If pod contains any hostProcess containers then all containers must be HostProcess containers";
    static final String HOST_NETWORK = "hostNetwork must be true if pod contains any hostProcess containers";

    /** {@code maxGMSACredentialSpecLengthInKiB}, {@code maxRunAsUserNameDomainLength}, {@code maxRunAsUserNameUserLength}. */
    private static final int MAX_CREDENTIAL_SPEC_KIB = 64;
    private static final int MAX_DOMAIN_LENGTH = 256;
    private static final int MAX_USER_LENGTH = 104;

    /** Go's {@code [[:cntrl:]]}: ASCII control characters. */
    private static final Pattern CONTROL = Pattern.compile("[\\x00-\\x1f\\x7f]");
    private static final Pattern NET_BIOS = Pattern.compile("[^\\\\/:*?\"<>|.][^\\\\/:*?\"<>|]{0,14}");
    private static final String DNS_LABEL = "[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?";
    private static final Pattern DNS_DOMAIN = Pattern.compile(DNS_LABEL + "(?:\\." + DNS_LABEL + ")*");
    private static final Pattern USER_CHARS = Pattern.compile("[\"/\\\\:;|=,+*?<>@\\[\\]]");
    private static final Pattern DOTS_SPACES = Pattern.compile("[. ]+");

    private WindowsRules() {
    }

    /** {@code validateWindowsSecurityContextOptions} of the security context {@code context} at {@code path}. */
    static List<Violation> options(Json.Obj context, String path) {
        Optional<Json.Obj> options = context.object("windowsOptions");
        if (options.isEmpty()) {
            return List.of();
        }
        String at = path + ".windowsOptions";
        List<Violation> out = new ArrayList<>();
        options.get().string("gmsaCredentialSpecName").ifPresent(name ->
                out.addAll(Errors.invalidEach(at + ".gmsaCredentialSpecName", Json.from(name), Names.dns1123Subdomain(name))));
        options.get().string("gmsaCredentialSpec").ifPresent(spec -> {
            if (spec.isEmpty()) {
                out.add(Errors.invalid(at + ".gmsaCredentialSpec", Json.from(spec), "gmsaCredentialSpec cannot be an empty string"));
            } else if (Names.byteLength(spec) > MAX_CREDENTIAL_SPEC_KIB * 1024) {
                out.add(Errors.invalid(at + ".gmsaCredentialSpec", Json.from(spec),
                        "gmsaCredentialSpec size must be under " + MAX_CREDENTIAL_SPEC_KIB + " KiB"));
            }
        });
        options.get().string("runAsUserName").ifPresent(name ->
                out.addAll(Errors.invalidEach(at + ".runAsUserName", Json.from(name), userName(name))));
        return out;
    }

    /** What is wrong with a runAsUserName, "DOMAIN\USER" or "USER", in upstream's order. */
    private static List<String> userName(String name) {
        if (name.isEmpty()) {
            return List.of("runAsUserName cannot be an empty string");
        }
        if (CONTROL.matcher(name).find()) {
            return List.of("runAsUserName cannot contain control characters");
        }
        String[] parts = name.split("\\\\", -1);
        if (parts.length > 2) {
            return List.of("runAsUserName cannot contain more than one backslash");
        }
        boolean hasDomain = parts.length == 2;
        String domain = hasDomain ? parts[0] : "";
        String user = hasDomain ? parts[1] : parts[0];
        List<String> out = new ArrayList<>();
        if (Names.byteLength(domain) >= MAX_DOMAIN_LENGTH) {
            out.add("runAsUserName's Domain length must be under " + MAX_DOMAIN_LENGTH + " characters");
        }
        if (hasDomain && !NET_BIOS.matcher(domain).matches() && !DNS_DOMAIN.matcher(domain).matches()) {
            out.add("runAsUserName's Domain doesn't match the NetBios nor the DNS format");
        }
        if (user.isEmpty()) {
            out.add("runAsUserName's User cannot be empty");
        } else if (Names.byteLength(user) > MAX_USER_LENGTH) {
            out.add("runAsUserName's User length must not be longer than " + MAX_USER_LENGTH + " characters");
        }
        if (DOTS_SPACES.matcher(user).matches()) {
            out.add("runAsUserName's User cannot contain only periods or spaces");
        }
        if (USER_CHARS.matcher(user).find()) {
            out.add("runAsUserName's User cannot contain the following characters: \"/\\:;|=,+*?<>@[]");
        }
        return out;
    }

    /**
     * {@code validateWindowsHostProcessPod}, between the topology spread constraints and the host users in
     * {@code ValidatePodSpec}: a container's hostProcess equal to the pod's when both are given; once any container is a
     * host process (its own or the pod's setting), all are, and the pod is on the host's network.
     */
    static List<Violation> hostProcess(Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>();
        Optional<Boolean> pod = hostProcessOf(spec);
        int containers = 0;
        int hostProcesses = 0;
        for (String list : List.of("initContainers", "containers")) {
            List<Json> items = spec.array(list);
            for (int i = 0; i < items.size(); i++) {
                containers++;
                Optional<Boolean> own = hostProcessOf(items.get(i).asObject().orElse(Json.EMPTY_OBJECT));
                if (pod.isPresent() && own.isPresent() && !pod.get().equals(own.get())) {
                    out.add(Errors.invalid(path + "." + list + "[" + i + "].securityContext.windowsOptions.hostProcess", own.get(),
                            SAME_HOST_PROCESS + pod.get()));
                }
                if (own.or(() -> pod).orElse(false)) {
                    hostProcesses++;
                }
            }
        }
        if (hostProcesses > 0) {
            if (hostProcesses != containers) {
                out.add(Errors.invalid(path, "", ALL_HOST_PROCESS));
            }
            boolean hostNetwork = spec.bool("hostNetwork").orElse(false);
            if (!hostNetwork) {
                out.add(Errors.invalid(path + ".hostNetwork", false, HOST_NETWORK));
            }
        }
        return out;
    }

    /** The hostProcess of the Windows options in the security context of a pod spec or a container. */
    private static Optional<Boolean> hostProcessOf(Json.Obj owner) {
        return owner.objectOrEmpty("securityContext").objectOrEmpty("windowsOptions").bool("hostProcess");
    }
}
