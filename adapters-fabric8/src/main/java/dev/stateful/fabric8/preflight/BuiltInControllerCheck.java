package dev.stateful.fabric8.preflight;

import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Before managing apps/v1 StatefulSets: is kube-controller-manager's own StatefulSet controller on?
 * Two controllers on one set fight over its pods, so {@code --kinds apps} must not start then. The
 * check creates an empty set (0 replicas) and waits for a status write made by the field manager
 * {@value #BUILT_IN_MANAGER}: kube-controller-manager syncs a new set at once, and no other writer
 * (this controller's other replicas included) writes as that manager. The set is deleted again.
 */
public final class BuiltInControllerCheck {

    private static final Logger LOG = LoggerFactory.getLogger(BuiltInControllerCheck.class);

    public static final String BUILT_IN_MANAGER = "kube-controller-manager";
    public static final String LABEL = "stateful.dev/builtin-controller-check";

    private BuiltInControllerCheck() {
    }

    /** The built-in controller is on: the message says what to do. */
    public static final class BuiltInControllerOnException extends RuntimeException {
        public BuiltInControllerOnException(String message) {
            super(message);
        }
    }

    /**
     * @param namespace where the probe set is created (the controller's own namespace)
     * @param wait how long to wait for kube-controller-manager's status write
     * @throws BuiltInControllerOnException when it wrote, or the check could not run
     */
    public static void requireOff(KubernetesClient client, String namespace, Duration wait) {
        String name = "stateful-builtin-check-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        StatefulSet probe = new StatefulSetBuilder()
                .withNewMetadata().withName(name).withNamespace(namespace).addToLabels(LABEL, "true").endMetadata()
                .withNewSpec().withReplicas(0).withServiceName(name)
                .withNewSelector().addToMatchLabels(LABEL, name).endSelector()
                .withNewTemplate().withNewMetadata().addToLabels(LABEL, name).endMetadata()
                .withNewSpec().addNewContainer().withName("check").withImage("registry.k8s.io/pause:3.10").endContainer().endSpec()
                .endTemplate().endSpec().build();
        try {
            client.apps().statefulSets().inNamespace(namespace).resource(probe).create();
        } catch (KubernetesClientException e) {
            throw new BuiltInControllerOnException("--kinds apps: cannot check whether kube-controller-manager's StatefulSet controller is on"
                    + " (creating statefulset " + namespace + "/" + name + ": " + e.getMessage() + "); grant create, get and delete of"
                    + " statefulsets in " + namespace + " (deploy/builtin-check-role.yaml), or run with --kinds crd");
        }
        try {
            long deadline = System.nanoTime() + wait.toNanos();
            while (System.nanoTime() < deadline) {
                Optional<String> writer = builtInWrite(client.apps().statefulSets().inNamespace(namespace).withName(name).get());
                if (writer.isPresent()) {
                    throw new BuiltInControllerOnException("--kinds apps: kube-controller-manager's StatefulSet controller is on"
                            + " (it synced statefulset " + namespace + "/" + name + ", " + writer.get() + "); two controllers would"
                            + " fight over the same pods. Manage our own kind instead (--kinds crd, the default), or switch it off"
                            + " (kube-controller-manager --controllers=*,-statefulset)");
                }
                Thread.sleep(100);
            }
            LOG.info("kube-controller-manager's StatefulSet controller did not sync statefulset {}/{} within {} ms: it is off",
                    namespace, name, wait.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BuiltInControllerOnException("--kinds apps: interrupted while checking for kube-controller-manager's StatefulSet controller");
        } finally {
            try {
                client.apps().statefulSets().inNamespace(namespace).withName(name).delete();
            } catch (KubernetesClientException e) {
                LOG.warn("could not delete statefulset {}/{} of the built-in controller check: {}", namespace, name, e.getMessage());
            }
        }
    }

    /** The status write of kube-controller-manager on {@code set}, described, if there is one. */
    static Optional<String> builtInWrite(StatefulSet set) {
        if (set == null || set.getMetadata().getManagedFields() == null) {
            return Optional.empty();
        }
        List<ManagedFieldsEntry> entries = set.getMetadata().getManagedFields();
        return entries.stream()
                .filter(e -> BUILT_IN_MANAGER.equals(e.getManager()) && "status".equals(e.getSubresource()))
                .findFirst()
                .map(e -> "field manager " + e.getManager() + " wrote its status at " + e.getTime());
    }
}
