package dev.stateful.domain.features;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;

/**
 * {@code podManagementPolicy} and {@code serviceName} of our own kind may change (kubernetes#117693);
 * under apps/v1 they are immutable. A change takes effect from the next sync: the planner reads both
 * on every sync, so no pod is recreated because of it; pods created from then on follow the new
 * policy and get the new subdomain. Its {@code volumeClaimTemplates} may change too, except that a
 * storage request may not shrink ({@link ClaimResize}).
 */
public final class MutableFields {

    private MutableFields() {
    }

    /** The spec an update's immutability check compares against: the old one, with what our kind lets change taken from the new one. */
    public static StatefulSetSpec comparedSpec(StatefulSet oldSet, StatefulSet newSet) {
        if (!newSet.kind().isCustom()) {
            return oldSet.spec();
        }
        return oldSet.spec().withPodManagementPolicy(newSet.spec().podManagementPolicy()).withServiceName(newSet.spec().serviceName())
                .withVolumeClaimTemplates(newSet.spec().volumeClaimTemplates());
    }
}
