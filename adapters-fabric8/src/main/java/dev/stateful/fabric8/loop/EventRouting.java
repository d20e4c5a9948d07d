package dev.stateful.fabric8.loop;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.fabric8.queue.WorkQueue;
import dev.stateful.ports.ClusterEvents;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns cluster change notifications into StatefulSet keys on the work queue. */
public final class EventRouting implements ClusterEvents.Handler {

    private static final Logger LOG = LoggerFactory.getLogger(EventRouting.class);

    private final PodEventRouter pods;
    private final WorkQueue<ObjectKey> queue;

    public EventRouting(PodEventRouter pods, WorkQueue<ObjectKey> queue) {
        this.pods = pods;
        this.queue = queue;
    }

    /** Every add, update (even a resync with nothing changed) and delete of a set syncs it. */
    @Override
    public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
        StatefulSet set = newSet != null ? newSet : oldSet;
        if (set == null) {
            return;
        }
        if (oldSet != null && newSet != null
                && oldSet.spec().replicasOrDefault() != newSet.spec().replicasOrDefault()) {
            LOG.atInfo().addKeyValue("statefulSet", set.key()).addKeyValue("oldReplicas", oldSet.spec().replicasOrDefault())
                    .addKeyValue("newReplicas", newSet.spec().replicasOrDefault()).log("Updating StatefulSet");
        }
        queue.add(set.key());
    }

    @Override
    public void podChanged(Pod oldPod, Pod newPod) {
        for (PodEventRouter.Enqueue e : pods.route(oldPod, newPod)) {
            if (e.after().isZero()) {
                queue.add(e.key());
            } else {
                queue.addAfter(e.key(), e.after());
            }
        }
    }
}
