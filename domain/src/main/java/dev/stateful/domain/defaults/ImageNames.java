package dev.stateful.domain.defaults;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The image-reference parsing behind the default {@code imagePullPolicy} (upstream
 * {@code parsers.ParseImageName} over {@code distribution/reference.ParseNormalizedNamed}).
 * Upstream ignores a parse error, which leaves the tag empty and the policy IfNotPresent.
 */
final class ImageNames {

    static final String ALWAYS = "Always";
    static final String IF_NOT_PRESENT = "IfNotPresent";
    static final String DEFAULT_TAG = "latest";

    private static final String ALPHANUMERIC = "[a-z0-9]+";
    private static final String SEPARATOR = "(?:[._]|__|[-]+)";
    private static final String PATH_COMPONENT = ALPHANUMERIC + "(?:" + SEPARATOR + ALPHANUMERIC + ")*";
    private static final String DOMAIN_COMPONENT = "(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])";
    private static final String HOST = "(?:" + DOMAIN_COMPONENT + "(?:\\." + DOMAIN_COMPONENT + ")*|\\[(?:[a-fA-F0-9:]+)\\])";
    private static final String NAME = "(?:" + HOST + "(?::[0-9]+)?/)?" + PATH_COMPONENT + "(?:/" + PATH_COMPONENT + ")*";
    private static final String TAG = "[\\w][\\w.-]{0,127}";
    private static final String DIGEST = "[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9A-Fa-f]{32,}";
    private static final Pattern REFERENCE = Pattern.compile("(" + NAME + ")(?::(" + TAG + "))?(?:@(" + DIGEST + "))?");
    private static final Pattern BARE_IDENTIFIER = Pattern.compile("[a-f0-9]{64}");
    private static final int NAME_TOTAL_LENGTH_MAX = 255;
    /** Digest algorithms the API server links in, with their hex length. */
    private static final Map<String, Integer> DIGEST_HEX_LENGTH = Map.of("sha256", 64, "sha384", 96, "sha512", 128);

    private ImageNames() {
    }

    /** {@code SetDefaults_Container}: Always for the effective tag "latest", IfNotPresent otherwise. */
    static String defaultPullPolicy(String image) {
        return DEFAULT_TAG.equals(effectiveTag(image)) ? ALWAYS : IF_NOT_PRESENT;
    }

    /**
     * The tag {@code ParseImageName} reports: the explicit tag, "latest" when there is neither tag
     * nor digest, "" with a digest only or when the reference does not parse.
     */
    static String effectiveTag(String image) {
        return parse(image).map(ref -> ref.tag().isEmpty() && ref.digest().isEmpty() ? DEFAULT_TAG : ref.tag()).orElse("");
    }

    record Reference(String name, String tag, String digest) {
    }

    /** {@code ParseNormalizedNamed}: familiar names ("nginx") become docker.io/library/nginx. */
    static Optional<Reference> parse(String image) {
        if (image == null || BARE_IDENTIFIER.matcher(image).matches()) {
            return Optional.empty();
        }
        String[] split = splitDomain(image);
        String remainder = split[1];
        int colon = remainder.indexOf(':');
        String remoteName = colon < 0 ? remainder : remainder.substring(0, colon);
        if (!remoteName.toLowerCase(Locale.ROOT).equals(remoteName)) {
            return Optional.empty();
        }
        Matcher m = REFERENCE.matcher(split[0] + "/" + remainder);
        if (!m.matches() || m.group(1).length() > NAME_TOTAL_LENGTH_MAX) {
            return Optional.empty();
        }
        String digest = m.group(3) == null ? "" : m.group(3);
        if (!digest.isEmpty() && !validDigest(digest)) {
            return Optional.empty();
        }
        return Optional.of(new Reference(m.group(1), m.group(2) == null ? "" : m.group(2), digest));
    }

    /** {@code splitDockerDomain}: the first path element is a domain if it looks like one. */
    private static String[] splitDomain(String name) {
        int slash = name.indexOf('/');
        String domain;
        String remainder;
        if (slash < 0) {
            domain = "docker.io";
            remainder = name;
        } else {
            String first = name.substring(0, slash);
            boolean isDomain = first.equals("localhost") || first.contains(".") || first.contains(":")
                    || !first.toLowerCase(Locale.ROOT).equals(first);
            domain = isDomain ? first : "docker.io";
            remainder = isDomain ? name.substring(slash + 1) : name;
        }
        if (domain.equals("index.docker.io")) {
            domain = "docker.io";
        }
        if (domain.equals("docker.io") && remainder.indexOf('/') < 0) {
            remainder = "library/" + remainder;
        }
        return new String[] {domain, remainder};
    }

    /** go-digest {@code Validate}: a known algorithm and lower-case hex of exactly its length. */
    private static boolean validDigest(String digest) {
        int colon = digest.indexOf(':');
        Integer length = DIGEST_HEX_LENGTH.get(digest.substring(0, colon));
        String hex = digest.substring(colon + 1);
        return length != null && hex.length() == length && hex.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
    }
}
