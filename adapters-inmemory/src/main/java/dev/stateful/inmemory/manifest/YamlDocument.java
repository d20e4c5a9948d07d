package dev.stateful.inmemory.manifest;

import dev.stateful.domain.json.Json;
import java.util.Map;

/**
 * One document of a manifest as a JSON tree, with where each field path (in ModelCodec's notation,
 * {@code spec.volumeClaimTemplates[0].metadata}) starts in the text.
 *
 * @param index position in the manifest, from 1
 */
public record YamlDocument(int index, Location start, Json.Obj content, Map<String, Location> locations) {

    public YamlDocument {
        locations = Map.copyOf(locations);
    }

    /** Where {@code fieldPath} is written, or its closest written ancestor (a missing field is reported at its parent). */
    public Location locate(String fieldPath) {
        String path = fieldPath;
        while (!path.isEmpty()) {
            Location found = locations.get(path);
            if (found != null) {
                return found;
            }
            path = parent(path);
        }
        return start;
    }

    private static String parent(String path) {
        if (path.endsWith("]")) {
            return path.substring(0, path.lastIndexOf('['));
        }
        int dot = path.lastIndexOf('.');
        return dot < 0 ? "" : path.substring(0, dot);
    }
}
