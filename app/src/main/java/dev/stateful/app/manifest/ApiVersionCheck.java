package dev.stateful.app.manifest;

import dev.stateful.inmemory.manifest.ManifestApplier;
import dev.stateful.inmemory.manifest.YamlDocument;
import java.util.List;
import java.util.Optional;

/**
 * The documents beside the StatefulSets: an apiVersion the API server does not serve their kind in
 * is refused as kubectl refuses it ("no matches for kind"), so that {@code validate} does not call a
 * manifest valid that {@code kubectl apply} would reject. Only the group {@code apps} and the kinds a
 * manifest here may hold are known; any other kind is left to its own API.
 */
public record ApiVersionCheck(YamlDocument document, String kind, String name, StatefulSetCheck.Problem problem) {

    public static List<ApiVersionCheck> of(List<YamlDocument> documents) {
        return documents.stream().filter(d -> !StatefulSetCheck.isStatefulSet(d)).map(ApiVersionCheck::check)
                .flatMap(Optional::stream).toList();
    }

    private static Optional<ApiVersionCheck> check(YamlDocument document) {
        String kind = document.content().string("kind").orElse("");
        String apiVersion = document.content().string("apiVersion").orElse("");
        Optional<String> served = ManifestApplier.servedVersion(kind);
        boolean unknown = served.map(v -> !v.equals(apiVersion))
                .orElse(apiVersion.startsWith("apps/") && !apiVersion.equals(StatefulSetCheck.API_VERSION));
        if (!unknown) {
            return Optional.empty();
        }
        String name = document.content().objectOrEmpty("metadata").string("name").orElse("<unnamed>");
        String message = "no matches for kind \"" + kind + "\" in version \"" + apiVersion + "\""
                + served.map(v -> " (" + kind + "s are served as " + v + ")").orElse("");
        var at = document.locate("apiVersion");
        return Optional.of(new ApiVersionCheck(document, kind, name,
                new StatefulSetCheck.Problem("apiVersion", message, at.line(), at.column())));
    }
}
