package dev.stateful.inmemory.manifest;

import dev.stateful.domain.json.Json;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Parses a multi-document YAML manifest into JSON trees. The node graph is walked by hand (rather
 * than loaded into maps) to keep each field's position, so that decoding problems can point at
 * a line; scalars are still resolved by SnakeYAML's safe constructor. Timestamps stay strings
 * (Kubernetes times are strings); duplicate keys and non-JSON values are errors.
 */
public final class YamlDocuments {

    private YamlDocuments() {
    }

    /** Parses every non-empty document; throws {@link ManifestException} with a position on malformed input. */
    public static List<YamlDocument> parse(String text) {
        return parse(text, YamlBudget.DEFAULT);
    }

    /**
     * As {@link #parse(String)}, within {@code budget}: the size is checked before anything is parsed,
     * the depth while composing, and the nodes while aliases are expanded (SnakeYAML's own cap of 50
     * aliases per collection still lets 9 levels of 9 aliases, 719 bytes, grow to 9^9 nodes).
     */
    public static List<YamlDocument> parse(String text, YamlBudget budget) {
        long bytes = utf8Length(text);
        if (bytes > budget.maxBytes()) {
            throw budget.tooLarge(bytes);
        }
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        options.setCodePointLimit(budget.maxBytes());
        // SnakeYAML's depth check fails with its own words; one level more lets ours name the limit
        options.setNestingDepthLimit(budget.maxDepth() + 1);
        Converter converter = new Converter(options, budget);
        List<YamlDocument> documents = new ArrayList<>();
        try {
            int index = 0;
            for (Node root : new Yaml(converter).composeAll(new StringReader(text))) {
                index++;
                if (root instanceof ScalarNode scalar && scalar.getTag().equals(Tag.NULL)) {
                    continue; // an empty document, e.g. a trailing "---"
                }
                if (!(root instanceof MappingNode)) {
                    throw new ManifestException("document " + index + " is not an object", location(root.getStartMark()));
                }
                Map<String, Location> locations = new LinkedHashMap<>();
                Json content = converter.convert(root, "", locations);
                documents.add(new YamlDocument(index, location(root.getStartMark()), (Json.Obj) content, locations));
            }
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String context = e.getContext() == null ? "" : " (" + e.getContext() + ")";
            throw new ManifestException(e.getProblem() + context, mark == null ? null : location(mark));
        } catch (YAMLException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("Nesting Depth exceeded")) {
                throw budget.tooDeep(null);
            }
            throw new ManifestException(e.getMessage(), null);
        }
        return documents;
    }

    /** UTF-8 length without encoding: a surrogate pair is 4 bytes, each half counted 2. */
    static long utf8Length(String text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            bytes += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
        }
        return bytes;
    }

    static Location location(Mark mark) {
        return new Location(mark.getLine() + 1, mark.getColumn() + 1);
    }

    /** Node graph to JSON, recording the position of every key and list item. */
    private static final class Converter extends SafeConstructor {

        private final Set<Node> visiting = Collections.newSetFromMap(new IdentityHashMap<>());
        private final YamlBudget budget;
        private int nodes;

        Converter(LoaderOptions options, YamlBudget budget) {
            super(options);
            this.budget = budget;
        }

        Json convert(Node node, String path, Map<String, Location> locations) {
            if (!visiting.add(node)) {
                throw new ManifestException("recursive alias", location(node.getStartMark()));
            }
            if (++nodes > budget.maxNodes()) {
                throw budget.tooManyNodes(location(node.getStartMark()));
            }
            if (visiting.size() > budget.maxDepth() + 1) {
                throw budget.tooDeep(location(node.getStartMark()));
            }
            try {
                if (node instanceof MappingNode mapping) {
                    return mapping(mapping, path, locations);
                }
                if (node instanceof SequenceNode sequence) {
                    List<Json> items = new ArrayList<>();
                    for (int i = 0; i < sequence.getValue().size(); i++) {
                        Node item = sequence.getValue().get(i);
                        String itemPath = path + "[" + i + "]";
                        locations.putIfAbsent(itemPath, location(item.getStartMark()));
                        items.add(convert(item, itemPath, locations));
                    }
                    return new Json.Arr(items);
                }
                return scalar((ScalarNode) node);
            } finally {
                visiting.remove(node);
            }
        }

        private Json mapping(MappingNode mapping, String path, Map<String, Location> locations) {
            flattenMapping(mapping); // resolves "<<" merge keys and refuses duplicate keys
            Map<String, Json> fields = new LinkedHashMap<>();
            for (NodeTuple tuple : mapping.getValue()) {
                if (!(tuple.getKeyNode() instanceof ScalarNode keyNode)) {
                    throw new ManifestException("a key must be a plain value", location(tuple.getKeyNode().getStartMark()));
                }
                String key = keyNode.getValue();
                String keyPath = path.isEmpty() ? key : path + "." + key;
                locations.putIfAbsent(keyPath, location(keyNode.getStartMark()));
                fields.put(key, convert(tuple.getValueNode(), keyPath, locations));
            }
            return new Json.Obj(fields);
        }

        private Json scalar(ScalarNode node) {
            if (node.getTag().equals(Tag.TIMESTAMP) || node.getTag().equals(Tag.STR)) {
                return Json.of(node.getValue());
            }
            Object value = constructObject(node);
            if (value instanceof Double d && (d.isNaN() || d.isInfinite())) {
                throw new ManifestException("\"" + node.getValue() + "\" is not a JSON number", location(node.getStartMark()));
            }
            if (value == null || value instanceof String || value instanceof Boolean || value instanceof Number) {
                return value instanceof Double d ? new Json.Num(new BigDecimal(d.toString())) : Json.from(value);
            }
            throw new ManifestException("unsupported value of type " + node.getTag(), location(node.getStartMark()));
        }
    }
}
