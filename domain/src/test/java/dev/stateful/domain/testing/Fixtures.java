package dev.stateful.domain.testing;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.UpdateStrategy;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Builders for the objects tests need, shaped like upstream's test helpers ({@code newStatefulSet}). */
public final class Fixtures {

    public static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private Fixtures() {
    }

    /** A pod template with API defaults applied, labelled {@code app=<app>}, one container. */
    public static Json.Obj template(String app, String image) {
        return Json.object(
                "metadata", Json.object("labels", Json.object("app", app)),
                "spec", Json.object(
                        "containers", Json.array(Json.object(
                                "name", "nginx",
                                "image", image,
                                "imagePullPolicy", "IfNotPresent",
                                "resources", Json.object(),
                                "terminationMessagePath", "/dev/termination-log",
                                "terminationMessagePolicy", "File",
                                "volumeMounts", Json.array(Json.object("name", "www", "mountPath", "/usr/share/nginx/html")))),
                        "dnsPolicy", "ClusterFirst",
                        "restartPolicy", "Always",
                        "schedulerName", "default-scheduler",
                        "securityContext", Json.object(),
                        "terminationGracePeriodSeconds", 30));
    }

    public static PersistentVolumeClaim claimTemplate(String name) {
        return new PersistentVolumeClaim(ObjectMeta.named("", name), Json.object(
                "accessModes", Json.array("ReadWriteOnce"),
                "resources", Json.object("requests", Json.object("storage", "1Gi"))), "");
    }

    /**
     * A defaulted StatefulSet like upstream's {@code newStatefulSet(replicas)}: OrderedReady,
     * RollingUpdate with partition 0, one claim template {@code www}, uid {@code <name>-uid}.
     */
    public static StatefulSet statefulSet(String name, int replicas) {
        ObjectMeta meta = ObjectMeta.named("default", name).withUid(name + "-uid").withGeneration(1).withCreationTimestamp(T0);
        StatefulSetSpec spec = new StatefulSetSpec(replicas, LabelSelector.of(Map.of("app", "nginx")),
                template("nginx", "nginx:1.25"), List.of(claimTemplate("www")), "nginx", StatefulSetSpec.ORDERED_READY,
                UpdateStrategy.rollingUpdate(0, null), 10, 0, null, RetentionPolicy.RETAIN);
        return new StatefulSet(meta, spec, null);
    }

    public static StatefulSet parallel(StatefulSet set) {
        return set.withSpec(set.spec().withPodManagementPolicy(StatefulSetSpec.PARALLEL));
    }

    public static StatefulSet withImage(StatefulSet set, String image) {
        return set.withSpec(set.spec().withTemplate(template("nginx", image)));
    }
}
