package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.it.support.RealCluster;
import dev.stateful.it.support.RealClusterExtension;
import dev.stateful.it.support.WebSet;
import dev.stateful.it.support.Workload;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * deploy/'s ClusterRole is enough where the API server runs the OwnerReferencesPermissionEnforcement admission plugin
 * (OpenShift does by default): an owner reference with blockOwnerDeletion needs update on the owner's finalizers, and
 * any owner reference needs delete on the object carrying it. The controller sets both kinds on pods and claims; the
 * role grants what upstream's system:controller:statefulset-controller grants for it.
 */
class OwnerReferencesPermissionIT {

    static final Duration TIMEOUT = Duration.ofSeconds(60);

    @RegisterExtension
    static final RealClusterExtension real = new RealClusterExtension("owner-references",
            RealCluster.options().withApiServerFlags("--enable-admission-plugins=OwnerReferencesPermissionEnforcement"));

    @Test
    void podsAndClaimsGetTheirOwnerReferencesUnderTheAdmissionPlugin() {
        RealCluster cluster = real.get();
        cluster.startController(RealCluster.CONTROLLER);
        String namespace = cluster.newNamespace();
        Workload web = new Workload(cluster.client(), namespace, "web", TIMEOUT);

        // pods owned by the set; claims owned by the set (whenDeleted=Delete) and, once condemned, by their pod (whenScaled=Delete)
        web.create(WebSet.in(namespace).replicas(3).deleteClaims());
        web.awaitRolledOut(3);
        web.scale(1);
        web.awaitRolledOut(1);
        web.await("the claims of the removed pods collected", () -> web.claimNames().equals(java.util.List.of("www-web-0")));

        assertThat(cluster.plane().audit().denials()).filteredOn(d -> d.user().equals(RealCluster.CONTROLLER)).isEmpty();
        assertThat(web.eventMessages()).noneMatch(m -> m.contains("forbidden"));
    }
}
