package dev.stateful.fabric8.preflight;

import dev.stateful.fabric8.convert.CustomKindConvert;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;

/**
 * Before managing our own kind: is its CustomResourceDefinition installed? Without it the informer
 * would fail its list forever and the controller never become ready; a clear refusal says what to do.
 */
public final class CustomKindInstalledCheck {

    private CustomKindInstalledCheck() {
    }

    /** The kind is not served. */
    public static final class NotInstalledException extends RuntimeException {
        public NotInstalledException(String message) {
            super(message);
        }
    }

    /** How long a CRD just installed may answer 429 (its storage not ready yet) before this gives up. */
    static final Duration SERVED_WITHIN = Duration.ofSeconds(30);

    /**
     * Returns once the kind can be listed. A CRD just established answers 429 until the API server
     * serves it; fabric8's informer gives up for good when its first list fails, so this waits first.
     *
     * @param namespace the namespace managed, "" for all (the informer lists the same scope)
     */
    public static void requireInstalled(KubernetesClient client, String namespace) {
        long deadline = System.nanoTime() + SERVED_WITHIN.toNanos();
        while (true) {
            try {
                var api = client.genericKubernetesResources(CustomKindConvert.CONTEXT);
                var options = new ListOptionsBuilder().withLimit(1L).build();
                if (namespace.isEmpty()) {
                    api.inAnyNamespace().list(options);
                } else {
                    api.inNamespace(namespace).list(options);
                }
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() == 404) {
                    throw new NotInstalledException("--kinds crd: statefulsets.apps.stateful.dev is not served by this cluster; install the"
                            + " CustomResourceDefinition first (kubectl apply --server-side -k deploy/crd/), or run with --kinds apps");
                }
                if ((e.getCode() != 429 && e.getCode() != 503) || System.nanoTime() > deadline) {
                    throw e;
                }
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new NotInstalledException("--kinds crd: interrupted while waiting for statefulsets.apps.stateful.dev to be served");
            }
        }
    }
}
