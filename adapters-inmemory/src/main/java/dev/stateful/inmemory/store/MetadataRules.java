package dev.stateful.inmemory.store;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.validation.Names;
import dev.stateful.domain.validation.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The ObjectMeta checks every API write goes through (apimachinery's ValidateObjectMeta, reduced).
 * They matter to a controller test double: a label value over 63 bytes (kubernetes#64023) or a
 * second controller reference must fail here as it fails on a real cluster.
 */
final class MetadataRules {

    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern DNS_SUBDOMAIN = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final Pattern QUALIFIED_NAME = Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
    private static final Pattern LABEL_VALUE = Pattern.compile("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");

    private MetadataRules() {
    }

    static List<Violation> validate(ObjectMeta meta) {
        List<Violation> out = new ArrayList<>();
        if (meta.name().isEmpty()) {
            out.add(new Violation("metadata.name", Violation.Type.REQUIRED, "name or generateName is required"));
        } else if (meta.name().length() > 253 || !DNS_SUBDOMAIN.matcher(meta.name()).matches()) {
            out.add(invalid("metadata.name", meta.name(), "a lowercase RFC 1123 subdomain must consist of lower case "
                    + "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"));
        }
        if (meta.namespace().isEmpty()) {
            out.add(new Violation("metadata.namespace", Violation.Type.REQUIRED, ""));
        } else if (meta.namespace().length() > 63 || !DNS_LABEL.matcher(meta.namespace()).matches()) {
            out.add(invalid("metadata.namespace", meta.namespace(), "a lowercase RFC 1123 label must consist of lower "
                    + "case alphanumeric characters or '-', and must start and end with an alphanumeric character"));
        }
        for (Map.Entry<String, String> label : meta.labels().entrySet()) {
            labelKey(label.getKey(), out);
            labelValue(label.getKey(), label.getValue(), out);
        }
        ownerReferences(meta.ownerReferences(), out);
        return out;
    }

    private static void labelKey(String key, List<Violation> out) {
        int slash = key.indexOf('/');
        String name = slash < 0 ? key : key.substring(slash + 1);
        String prefix = slash < 0 ? "" : key.substring(0, slash);
        if (slash >= 0 && (prefix.isEmpty() || prefix.length() > 253 || !DNS_SUBDOMAIN.matcher(prefix).matches())) {
            out.add(invalid("metadata.labels", key, "prefix part must be a lowercase RFC 1123 subdomain"));
        }
        if (name.isEmpty() || Names.byteLength(name) > 63 || !QUALIFIED_NAME.matcher(name).matches()) {
            out.add(invalid("metadata.labels", key, "name part must be no more than 63 bytes and consist of "
                    + "alphanumeric characters, '-', '_' or '.', starting and ending with an alphanumeric character"));
        }
    }

    private static void labelValue(String key, String value, List<Violation> out) {
        if (Names.byteLength(value) > 63) {
            out.add(invalid("metadata.labels", value, "must be no more than 63 bytes"));
        } else if (!LABEL_VALUE.matcher(value).matches()) {
            out.add(invalid("metadata.labels", value, "a valid label must be an empty string or consist of alphanumeric "
                    + "characters, '-', '_' or '.', and must start and end with an alphanumeric character (label " + key + ")"));
        }
    }

    private static void ownerReferences(List<OwnerReference> refs, List<Violation> out) {
        List<String> controllers = new ArrayList<>();
        for (int i = 0; i < refs.size(); i++) {
            OwnerReference ref = refs.get(i);
            String path = "metadata.ownerReferences[" + i + "]";
            requireNonEmpty(path + ".apiVersion", ref.apiVersion(), out);
            requireNonEmpty(path + ".kind", ref.kind(), out);
            requireNonEmpty(path + ".name", ref.name(), out);
            requireNonEmpty(path + ".uid", ref.uid(), out);
            if (ref.isController()) {
                controllers.add(ref.kind() + "/" + ref.name());
            }
        }
        if (controllers.size() > 1) {
            out.add(new Violation("metadata.ownerReferences", Violation.Type.INVALID,
                    "Only one reference can have Controller set to true. Found \"true\" in references for " + String.join(" and ", controllers)));
        }
    }

    private static void requireNonEmpty(String path, String value, List<Violation> out) {
        if (value.isEmpty()) {
            out.add(new Violation(path, Violation.Type.INVALID, "\"\": must not be empty"));
        }
    }

    private static Violation invalid(String field, String value, String detail) {
        return new Violation(field, Violation.Type.INVALID, "\"" + value + "\": " + detail);
    }
}
