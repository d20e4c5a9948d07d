package dev.stateful.fabric8.client;

import io.fabric8.kubernetes.api.model.Config;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.internal.KubeConfigUtils;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fabric8.kubernetes.model.jackson.Jackson2JdkTypesModule;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a kubeconfig into fabric8's client configuration as {@code Config.fromKubeconfig(context,
 * file)} does ({@code Config.empty()}, then {@code KubeConfigUtils.merge} of {@code
 * KubeConfigUtils.parseConfig(file)}), with one difference in how, not what: the file is parsed by a
 * serialisation that does not first register every model class fabric8's service file lists.
 * fabric8's own parse does, once per process, because one property of the kubeconfig model (a named
 * extension) is typed {@code KubernetesResource}; that registration loads ~640 classes (0.25-0.6 s
 * of a cold JVM on two cores), and it stood between process start and the first request.
 * An extension is read as a raw or generic resource instead of its registered kind; fabric8 never
 * reads extensions.
 */
final class KubeconfigFile {

    // KubeConfigUtils.parseConfig notes the file in each entry under these keys; fabric8 resolves a
    // relative certificate, key or exec command path against it, refreshes the config from it and
    // writes refreshed OIDC tokens back into it (KubeConfigUtils.getFileWithNamedCluster and friends)
    private static final String CONTEXT_FILE = "KUBERNETES_CONFIG_CONTEXT_FILE_KEY";
    private static final String CLUSTER_FILE = "KUBERNETES_CONFIG_CLUSTER_FILE_KEY";
    private static final String AUTH_INFO_FILE = "KUBERNETES_CONFIG_AUTH_INFO_FILE_KEY";

    /**
     * The mapper fabric8's default serialisation is built on, without the model-class registration.
     * One for the process: the deserialisers the warm-up's parse builds are the ones the client's
     * parse then finds ready (a mapper caches them), instead of each parse building its own.
     */
    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization(
            JsonMapper.builderWithJackson2Defaults().addModule(new Jackson2JdkTypesModule()).build(), false);

    private KubeconfigFile() {
    }

    /** fabric8's configuration for {@code context} (null: the current one) of the kubeconfig {@code file}. */
    static io.fabric8.kubernetes.client.Config read(String context, Path file) {
        return read(context, List.of(file));
    }

    /**
     * fabric8's configuration for {@code context} of the kubeconfig files a {@code KUBECONFIG} list names, merged as
     * kubectl merges them (client-go's {@code ClientConfigLoadingRules.Load}): a context, cluster or user comes from the
     * first file that names it, the current context from the first file that sets one; each entry's relative paths
     * stay relative to its own file.
     */
    static io.fabric8.kubernetes.client.Config read(String context, List<Path> files) {
        List<Config> kubeconfigs = new java.util.ArrayList<>();
        for (Path file : files) {
            Config kubeconfig = parse(file);
            if (kubeconfig == null) {
                continue; // an empty file: kubectl reads it as a kubeconfig with nothing in it
            }
            File source = file.toFile();
            if (kubeconfig.getContexts() != null) {
                kubeconfig.getContexts().forEach(c -> c.getAdditionalProperties().put(CONTEXT_FILE, source));
            }
            if (kubeconfig.getClusters() != null) {
                kubeconfig.getClusters().forEach(c -> c.getAdditionalProperties().put(CLUSTER_FILE, source));
            }
            if (kubeconfig.getUsers() != null) {
                kubeconfig.getUsers().forEach(u -> u.getAdditionalProperties().put(AUTH_INFO_FILE, source));
            }
            kubeconfigs.add(kubeconfig);
        }
        // fabric8 would go on to the next file's current context when the first one names a context no file has;
        // kubectl refuses ("context was not found for specified context"), and so do we: it would drive another cluster
        String wanted = context != null ? context : kubeconfigs.stream().map(Config::getCurrentContext)
                .filter(c -> c != null && !c.isEmpty()).findFirst().orElse(null);
        if (wanted != null && kubeconfigs.stream().flatMap(k -> k.getContexts() == null ? java.util.stream.Stream.empty() : k.getContexts().stream())
                .noneMatch(c -> wanted.equals(c.getName()))) {
            throw new UnknownContextException(wanted);
        }
        return merged(context, kubeconfigs.toArray(Config[]::new));
    }

    /** As {@link #read}, for a kubeconfig's text that no file holds. */
    static io.fabric8.kubernetes.client.Config readText(String text) {
        return merged(null, SERIALIZATION.unmarshal(text, Config.class));
    }

    private static io.fabric8.kubernetes.client.Config merged(String context, Config... kubeconfigs) {
        io.fabric8.kubernetes.client.Config config = io.fabric8.kubernetes.client.Config.empty();
        KubeConfigUtils.merge(config, context, kubeconfigs);
        return config;
    }

    private static Config parse(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return SERIALIZATION.unmarshal(in, Config.class);
        } catch (IOException | RuntimeException e) {
            throw KubernetesClientException.launderThrowable(file + " (File) is not a parseable Kubernetes Config", e);
        }
    }
}
