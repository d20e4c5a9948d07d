package dev.stateful.bench.startup;

import dev.stateful.fabric8.client.ClientFactory;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;

/**
 * Figure 6's baseline, run in a fresh JVM: the raw fabric8 client (built like the controller's, no
 * rate limit) lists every pod and then every claim of every namespace once (the objects the
 * controller's start has to read before it is ready), prints {@code listed N} (the pods) and exits.
 * {@code java -cp bench.jar dev.stateful.bench.startup.ListPods KUBECONFIG}
 */
public final class ListPods {

    private ListPods() {
    }

    public static void main(String[] args) {
        try (KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults()
                .withKubeconfig(Path.of(args[0])).withRateLimit(1e9, 1_000_000))) {
            int n = client.pods().inAnyNamespace().list().getItems().size();
            client.persistentVolumeClaims().inAnyNamespace().list();
            System.out.println("listed " + n);
            System.out.flush();
        }
        System.exit(0);
    }
}
