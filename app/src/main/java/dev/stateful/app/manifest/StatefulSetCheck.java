package dev.stateful.app.manifest;

import dev.stateful.codec.Decoded;
import dev.stateful.codec.CustomKindCodec;
import dev.stateful.domain.defaults.Defaults;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.validation.StatefulSetValidator;
import dev.stateful.domain.validation.Violation;
import dev.stateful.inmemory.manifest.YamlDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Checks one StatefulSet document, apps/v1 or our own kind ({@code apps.stateful.dev/v1alpha1}), as
 * {@code kubectl apply --validate=strict} and the API server would: unknown fields and wrong types
 * first, then apps/v1 validation of the defaulted object, plus the rules of our kind's own fields.
 */
public record StatefulSetCheck(YamlDocument document, Optional<StatefulSet> set, List<Problem> problems) {

    /** One problem, located in the manifest. */
    public record Problem(String field, String message, int line, int column) {
        Problem(String field, String message, dev.stateful.inmemory.manifest.Location location) {
            this(field, message, location.line(), location.column());
        }

        /** A warning (deprecated or surprising, but accepted), not an error. */
        public boolean isWarning() {
            return message.startsWith(WARNING);
        }

        @Override
        public String toString() {
            return "line " + line + ", column " + column + ": " + message;
        }
    }

    static final String API_VERSION = "apps/v1";
    static final String WARNING = "Warning: ";

    public static boolean isStatefulSet(YamlDocument document) {
        return "StatefulSet".equals(document.content().string("kind").orElse(""));
    }

    public static StatefulSetCheck of(YamlDocument document) {
        List<Problem> problems = new ArrayList<>();
        String apiVersion = document.content().string("apiVersion").orElse("");
        if (!API_VERSION.equals(apiVersion) && !CustomKindCodec.isCustom(document.content())) {
            // no StatefulSet is served in any other version: kubectl's "no matches for kind"
            problems.add(new Problem("apiVersion", "no matches for kind \"StatefulSet\" in version \"" + apiVersion
                    + "\" (StatefulSets are served as " + API_VERSION + " and, with the CustomResourceDefinition of deploy/crd/, as "
                    + SetKind.STATEFUL_DEV.apiVersion() + ")", document.locate("apiVersion")));
            return new StatefulSetCheck(document, Optional.empty(), problems);
        }
        Decoded<StatefulSet> decoded;
        try {
            // our own kind's fields are checked by the validator, as the CustomResourceDefinition's schema checks them
            decoded = CustomKindCodec.decodeStatefulSet(document.content(), true);
        } catch (RuntimeException e) {
            problems.add(new Problem("", e.getMessage(), document.start()));
            return new StatefulSetCheck(document, Optional.empty(), problems);
        }
        decoded.problems().forEach(v -> problems.add(locate(document, v)));
        StatefulSet defaulted = Defaults.statefulSet(decoded.value());
        if (defaulted.namespace().isEmpty()) {
            defaulted = defaulted.withMetadata(defaulted.metadata().withNamespace("default"));
        }
        for (Violation v : StatefulSetValidator.validate(defaulted)) {
            problems.add(locate(document, v));
        }
        for (String warning : StatefulSetValidator.warnings(defaulted)) {
            problems.add(new Problem("", WARNING + warning, document.start()));
        }
        problems.sort(java.util.Comparator.comparingInt(Problem::line).thenComparingInt(Problem::column));
        return new StatefulSetCheck(document, Optional.of(defaulted), problems);
    }

    public boolean isValid() {
        return problems.stream().allMatch(Problem::isWarning);
    }

    public String name() {
        return document.content().objectOrEmpty("metadata").string("name").orElse("<unnamed>");
    }

    private static Problem locate(YamlDocument document, Violation v) {
        return new Problem(v.field(), v.toString(), document.locate(v.field()));
    }
}
