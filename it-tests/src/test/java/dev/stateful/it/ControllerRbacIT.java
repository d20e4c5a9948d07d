package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.it.support.RealCluster;
import dev.stateful.it.support.RealClusterExtension;
import dev.stateful.it.support.WebSet;
import dev.stateful.it.support.Workload;
import dev.stateful.testsupport.controlplane.AuditLog;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * deploy/'s ClusterRole and leader-election Role are enough for everything the controller does
 * (nothing it asks for is refused) and no more than it needs: take away one verb and the
 * behaviour it serves stops, with the refusal in the API server's audit log.
 */
class ControllerRbacIT {

    static final Duration TIMEOUT = Duration.ofSeconds(60);
    static final String ELECTION_ROLE = "stateful-controller-leader-election";

    @RegisterExtension
    static final RealClusterExtension real = new RealClusterExtension();
    static RealCluster cluster;

    @BeforeAll
    static void cluster() {
        cluster = real.get();
    }

    @AfterEach
    void stopController() {
        cluster.stopControllers();
    }

    @Test
    void deploysRolesAllowEverythingTheControllerDoes() {
        cluster.startController(RealCluster.CONTROLLER, "--leader-elect=true", "--lease-namespace=" + RealCluster.NAMESPACE,
                "--leader-elect-lease-duration=3s", "--leader-elect-renew-deadline=2s", "--leader-elect-retry-period=500ms");
        String namespace = cluster.newNamespace();
        Workload web = new Workload(cluster.client(), namespace, "web", TIMEOUT);
        // an orphan the set adopts (pod patch)
        cluster.client().pods().inNamespace(namespace).resource(WebSet.in(namespace).orphanPod("web-0")).create();

        web.create(WebSet.in(namespace).replicas(3).deleteClaimsWhenScaled());
        web.awaitRolledOut(3);
        web.setImage(WebSet.V2);   // a new revision, pods deleted and created
        web.awaitRolledOut(3);
        web.setImage(WebSet.V1);   // the first revision renumbered (update)
        web.awaitRolledOut(3);
        web.scale(1);              // claims of removed pods get their owner references (update)
        web.awaitRolledOut(1);
        web.delete();
        web.await("the set's pods collected", () -> web.pods().isEmpty());

        assertThat(deniedTo(RealCluster.CONTROLLER)).isEmpty();
        assertThat(cluster.writes(w -> w.user().equals(RealCluster.CONTROLLER) && w.succeeded()))
                .extracting(w -> w.method() + " " + w.resource() + (w.subresource().isEmpty() ? "" : "/" + w.subresource()))
                .contains("POST pods", "DELETE pods", "PATCH pods", "POST persistentvolumeclaims", "PUT persistentvolumeclaims",
                        "POST controllerrevisions", "PUT controllerrevisions", "PUT statefulsets/status", "POST events", "PATCH leases");
    }

    @Test
    void withoutCreateOnPodsTheSetGetsNoPods() throws IOException {
        String user = "controller-without-pod-create";
        Workload web = controllerWithout(user, "", "pods", "create");

        web.create(WebSet.in(web.namespace()).replicas(2));

        web.await("a pod create refused", () -> deniedTo(user).stream().anyMatch(d -> d.verb().equals("create") && d.uri().contains("/pods")));
        assertThat(web.pods()).isEmpty();
        assertThat(web.claimNames()).as("the claim comes first, and may be created").containsAnyOf("www-web-0");
    }

    @Test
    void withoutUpdateOnTheStatusSubresourceTheStatusIsNeverWritten() throws IOException {
        String user = "controller-without-status-update";
        Workload web = controllerWithout(user, "apps", "statefulsets/status", "update");

        web.create(WebSet.in(web.namespace()).replicas(1));

        web.await("a status update refused", () -> deniedTo(user).stream()
                .anyMatch(d -> d.verb().equals("update") && d.uri().contains("/statefulsets/web/status")));
        web.await("web-0 created", () -> web.podNames().contains("web-0"));
        assertThat(web.set().getStatus() == null || web.set().getStatus().getObservedGeneration() == null)
                .as("no status was written: " + web.set().getStatus()).isTrue();
    }

    /**
     * A controller connecting as {@code user}, bound like deploy/ but with {@link #roleWithout} {@code verb} on
     * {@code group/resource}, started; returns the workload "web" in a fresh namespace, not yet created.
     */
    static Workload controllerWithout(String user, String group, String resource, String verb) throws IOException {
        cluster.bindLikeDeploy(user, roleWithout(user, group, resource, verb), ELECTION_ROLE);
        cluster.startController(user);
        return new Workload(cluster.client(), cluster.newNamespace(), "web", TIMEOUT);
    }

    static List<AuditLog.Denial> deniedTo(String user) {
        return cluster.plane().audit().denials().stream().filter(d -> d.user().equals(user)).toList();
    }

    /** deploy/'s ClusterRole without {@code verb} on {@code group/resource}, created as a ClusterRole named {@code name}; returns the name. */
    static String roleWithout(String name, String group, String resource, String verb) throws IOException {
        ClusterRole deployed;
        try (InputStream in = Files.newInputStream(RealCluster.DEPLOY.resolve("clusterrole.yaml"))) {
            deployed = cluster.client().rbac().clusterRoles().load(in).item();
        }
        List<PolicyRule> rules = deployed.getRules().stream().map(rule -> rule.getApiGroups().contains(group) && rule.getResources().contains(resource)
                ? new PolicyRuleBuilder(rule).withVerbs(rule.getVerbs().stream().filter(v -> !v.equals(verb)).toList()).build()
                : rule).filter(rule -> !rule.getVerbs().isEmpty()).toList();
        assertThat(rules).as("deploy's role grants " + verb + " on " + resource).isNotEqualTo(deployed.getRules());
        cluster.client().rbac().clusterRoles().resource(new ClusterRoleBuilder().withNewMetadata().withName(name).endMetadata()
                .withRules(rules).build()).create();
        return name;
    }
}
