package dev.stateful.inmemory.manifest;

/**
 * What one YAML manifest may cost to read, so that a small hostile text (an alias bomb: a few
 * hundred bytes whose aliases expand to billions of nodes) fails fast with an error naming the
 * limit instead of taking the process's memory.
 *
 * @param maxBytes the manifest's size in UTF-8 bytes: 3 MiB, kube-apiserver's limit on a request body
 * @param maxNodes scalars, lists and objects after alias expansion, over all documents
 * @param maxDepth nesting of lists and objects (a StatefulSet's deepest field is about 15 levels down)
 */
public record YamlBudget(int maxBytes, int maxNodes, int maxDepth) {

    public static final YamlBudget DEFAULT = new YamlBudget(3 * 1024 * 1024, 100_000, 50);

    public YamlBudget {
        if (maxBytes < 1 || maxNodes < 1 || maxDepth < 1) {
            throw new IllegalArgumentException("every YAML limit must be positive: " + maxBytes + ", " + maxNodes + ", " + maxDepth);
        }
    }

    ManifestException tooLarge(long bytes) {
        return new ManifestException("the manifest is " + bytes + " bytes, over the limit of " + maxBytes
                + " bytes (YAML size limit)", null);
    }

    ManifestException tooManyNodes(Location at) {
        return new ManifestException("the manifest has more than " + maxNodes
                + " nodes once its aliases are expanded (YAML node limit)", at);
    }

    ManifestException tooDeep(Location at) {
        return new ManifestException("the manifest nests lists and objects more than " + maxDepth
                + " levels deep (YAML depth limit)", at);
    }
}
