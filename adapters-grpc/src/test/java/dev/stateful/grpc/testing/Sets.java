package dev.stateful.grpc.testing;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import java.util.ArrayList;
import java.util.List;

/** A user's direct edits of the in-memory cluster, and the controller run until it settles. */
public final class Sets {

    public static final ObjectKey WEB = new ObjectKey("default", "web");

    private Sets() {
    }

    public static StatefulSet get(InMemoryCluster cluster, ObjectKey key) {
        return cluster.stores().statefulSets().get(key).orElseThrow();
    }

    /** kubectl set image: the first container's image. */
    public static void setImage(InMemoryCluster cluster, ObjectKey key, String image) {
        StatefulSet set = get(cluster, key);
        Json.Obj spec = set.spec().templateSpec();
        List<Json> containers = new ArrayList<>(spec.array("containers"));
        containers.set(0, ((Json.Obj) containers.get(0)).with("image", image));
        cluster.user().statefulSets().update(set.withSpec(set.spec().withTemplate(set.spec().template().with("spec", spec.with("containers", containers)))));
    }

    public static void settle(InMemoryCluster cluster) {
        new ControllerDriver(cluster).settle();
    }
}
