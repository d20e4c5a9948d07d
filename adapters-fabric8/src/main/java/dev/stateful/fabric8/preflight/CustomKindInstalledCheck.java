package dev.stateful.fabric8.preflight;

import dev.stateful.fabric8.convert.CustomKindConvert;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

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

    /** @param namespace the namespace managed, "" for all (the informer lists the same scope) */
    public static void requireInstalled(KubernetesClient client, String namespace) {
        try {
            var api = client.genericKubernetesResources(CustomKindConvert.CONTEXT);
            var options = new ListOptionsBuilder().withLimit(1L).build();
            if (namespace.isEmpty()) {
                api.inAnyNamespace().list(options);
            } else {
                api.inNamespace(namespace).list(options);
            }
        } catch (KubernetesClientException e) {
            if (e.getCode() == 404) {
                throw new NotInstalledException("--kinds crd: statefulsets.apps.stateful.dev is not served by this cluster; install the"
                        + " CustomResourceDefinition first (kubectl apply --server-side -k deploy/crd/), or run with --kinds apps");
            }
            throw e;
        }
    }
}
