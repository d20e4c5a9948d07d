package dev.stateful.domain.validation;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The string formats of {@code k8s.io/apimachinery/pkg/util/validation}: each check returns the
 * upstream messages (empty when the value is valid), so callers can wrap them in field errors.
 * Lengths are counted in UTF-8 bytes, as Go's {@code len(string)} does.
 */
public final class Names {

    public static final int DNS1123_LABEL_MAX_LENGTH = 63;
    public static final int DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
    public static final int QUALIFIED_NAME_MAX_LENGTH = 63;
    public static final int LABEL_VALUE_MAX_LENGTH = 63;

    private static final String DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
    private static final String DNS1123_LABEL_MSG = "a lowercase RFC 1123 label must consist of lower case alphanumeric "
            + "characters or '-', and must start and end with an alphanumeric character";
    private static final String DNS1123_SUBDOMAIN_FMT = DNS1123_LABEL_FMT + "(\\." + DNS1123_LABEL_FMT + ")*";
    private static final String DNS1123_SUBDOMAIN_MSG = "a lowercase RFC 1123 subdomain must consist of lower case "
            + "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
    private static final String DNS1123_LABEL_WITH_UNDERSCORE_FMT = "_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?";
    private static final String DNS1123_SUBDOMAIN_WITH_UNDERSCORE_FMT = DNS1123_LABEL_WITH_UNDERSCORE_FMT
            + "(\\." + DNS1123_LABEL_WITH_UNDERSCORE_FMT + ")*";
    private static final String DNS1123_SUBDOMAIN_WITH_UNDERSCORE_MSG = "a lowercase RFC 1123 subdomain must consist of lower case "
            + "alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character";
    private static final String QUALIFIED_NAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
    private static final String QUALIFIED_NAME_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and "
            + "must start and end with an alphanumeric character";
    private static final String LABEL_VALUE_FMT = "(" + QUALIFIED_NAME_FMT + ")?";
    private static final String LABEL_VALUE_MSG = "a valid label must be an empty string or consist of alphanumeric "
            + "characters, '-', '_' or '.', and must start and end with an alphanumeric character";
    private static final String PERCENT_FMT = "[0-9]+%";
    private static final String PERCENT_MSG = "a valid percent string must be a numeric string followed by an ending '%'";

    private static final Pattern DNS1123_LABEL = Pattern.compile(DNS1123_LABEL_FMT);
    private static final Pattern DNS1123_SUBDOMAIN = Pattern.compile(DNS1123_SUBDOMAIN_FMT);
    private static final Pattern DNS1123_SUBDOMAIN_WITH_UNDERSCORE = Pattern.compile(DNS1123_SUBDOMAIN_WITH_UNDERSCORE_FMT);
    private static final Pattern QUALIFIED_NAME = Pattern.compile(QUALIFIED_NAME_FMT);
    private static final Pattern LABEL_VALUE = Pattern.compile(LABEL_VALUE_FMT);
    private static final Pattern PERCENT = Pattern.compile(PERCENT_FMT);

    private Names() {
    }

    /** {@code IsDNS1123Label}: object names like a StatefulSet's or a namespace's. */
    public static List<String> dns1123Label(String value) {
        List<String> errors = new ArrayList<>();
        if (byteLength(value) > DNS1123_LABEL_MAX_LENGTH) {
            errors.add(maxLenError(DNS1123_LABEL_MAX_LENGTH));
        }
        if (!DNS1123_LABEL.matcher(value).matches()) {
            // a valid subdomain that is not a valid label can only be wrong because of its dots
            errors.add(DNS1123_SUBDOMAIN.matcher(value).matches()
                    ? "must not contain dots"
                    : regexError(DNS1123_LABEL_MSG, DNS1123_LABEL_FMT, "my-name", "123-abc"));
        }
        return errors;
    }

    /** {@code IsDNS1123Subdomain}: most other object names (claims, prefixes of qualified names). */
    public static List<String> dns1123Subdomain(String value) {
        return dns1123Subdomain(value, maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
    }

    /** {@link #dns1123Subdomain(String)} saying {@code tooLong} of a value over the limit. */
    private static List<String> dns1123Subdomain(String value, String tooLong) {
        List<String> errors = new ArrayList<>();
        if (byteLength(value) > DNS1123_SUBDOMAIN_MAX_LENGTH) {
            errors.add(tooLong);
        }
        if (!DNS1123_SUBDOMAIN.matcher(value).matches()) {
            errors.add(regexError(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, "example.com"));
        }
        return errors;
    }

    /** {@code IsDNS1123SubdomainWithUnderscore}: a subdomain whose labels may also hold '_' and start with one (DNS search paths). */
    public static List<String> dns1123SubdomainWithUnderscore(String value) {
        List<String> errors = new ArrayList<>();
        if (byteLength(value) > DNS1123_SUBDOMAIN_MAX_LENGTH) {
            errors.add(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
        }
        if (!DNS1123_SUBDOMAIN_WITH_UNDERSCORE.matcher(value).matches()) {
            errors.add(regexError(DNS1123_SUBDOMAIN_WITH_UNDERSCORE_MSG, DNS1123_SUBDOMAIN_WITH_UNDERSCORE_FMT, "example.com"));
        }
        return errors;
    }

    /** {@code IsQualifiedName}: label keys and (lower-cased) annotation keys, {@code [prefix/]name}. */
    public static List<String> qualifiedName(String value) {
        List<String> errors = new ArrayList<>();
        String[] parts = value.split("/", -1);
        String name;
        if (parts.length == 1) {
            name = parts[0];
        } else if (parts.length == 2) {
            String prefix = parts[0];
            name = parts[1];
            if (prefix.isEmpty()) {
                errors.add("prefix part " + emptyError());
            } else {
                // content.IsDNS1123Subdomain, which says bytes where the older util/validation says characters
                dns1123Subdomain(prefix, maxBytesError(DNS1123_SUBDOMAIN_MAX_LENGTH)).forEach(msg -> errors.add("prefix part " + msg));
            }
        } else {
            errors.add("a valid label key " + regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc")
                    + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
            return errors;
        }
        if (name.isEmpty()) {
            errors.add("name part " + emptyError());
        } else if (byteLength(name) > QUALIFIED_NAME_MAX_LENGTH) {
            errors.add("name part " + maxBytesError(QUALIFIED_NAME_MAX_LENGTH));
        }
        if (!QUALIFIED_NAME.matcher(name).matches()) {
            errors.add("name part " + regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc"));
        }
        return errors;
    }

    /** {@code IsValidLabelValue}: empty, or up to 63 alphanumerics with inner '-', '_' and '.'. */
    public static List<String> labelValue(String value) {
        List<String> errors = new ArrayList<>();
        if (byteLength(value) > LABEL_VALUE_MAX_LENGTH) {
            errors.add(maxBytesError(LABEL_VALUE_MAX_LENGTH));
        }
        if (!LABEL_VALUE.matcher(value).matches()) {
            errors.add(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, "MyValue", "my_value", "12345"));
        }
        return errors;
    }

    /** {@code IsValidPercent}: digits followed by '%' (no sign, no fraction). */
    public static List<String> percent(String value) {
        return PERCENT.matcher(value).matches() ? List.of() : List.of(regexError(PERCENT_MSG, PERCENT_FMT, "1%", "93%"));
    }

    /** The number of a valid percent string ("25%" → 25); empty when the string is not one. */
    public static Optional<BigInteger> percentValue(String value) {
        return PERCENT.matcher(value).matches()
                ? Optional.of(new BigInteger(value.substring(0, value.length() - 1)))
                : Optional.empty();
    }

    /**
     * {@code maskTrailingDash}: a name given with {@code prefix=true} (a generateName, an envFrom source) may end
     * in '-'. Go replaces the last two characters by "a" ({@code name[:len(name)-2] + "a"}), so do we.
     */
    static String maskTrailingDash(String name) {
        return name.length() > 1 && name.endsWith("-") ? name.substring(0, name.length() - 2) + "a" : name;
    }

    /** util/validation's {@code MaxLenError}, which names and DNS labels still use. */
    static String maxLenError(int length) {
        return "must be no more than " + length + " characters";
    }

    /** apimachinery 0.36's {@code content.MaxLenError}, which label keys and values use (kubernetes 1.36). */
    static String maxBytesError(int length) {
        return "must be no more than " + length + " bytes";
    }

    static String emptyError() {
        return "must be non-empty";
    }

    /** Go's {@code RegexError}, including its double space before "or" (tests compare exact text). */
    static String regexError(String msg, String fmt, String... examples) {
        if (examples.length == 0) {
            return msg + " (regex used for validation is '" + fmt + "')";
        }
        StringBuilder out = new StringBuilder(msg).append(" (e.g. ");
        for (int i = 0; i < examples.length; i++) {
            if (i > 0) {
                out.append(" or ");
            }
            out.append('\'').append(examples[i]).append("', ");
        }
        return out.append("regex used for validation is '").append(fmt).append("')").toString();
    }

    /** The length apimachinery's limits count: UTF-8 bytes (Go's {@code len} of a string). */
    public static int byteLength(String value) {
        return value.getBytes(StandardCharsets.UTF_8).length;
    }
}
