package dev.stateful.domain.revision;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.testing.TestJson;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A set "test" as API servers of 1.33 and 1.34 return it, and the revision kube-controller-manager 1.33
 * wrote for it (upstream {@code TestStatefulSetCompatibility} and its testdata). 1.33 serialises {@code "creationTimestamp":null}
 * in the template metadata, 1.34 omits it.
 */
final class CompatibilityFixtures {

    /** Revision data written by 1.33, verbatim from upstream's {@code TestStatefulSetCompatibility} fixture. */
    static final String RAW_1_33 = "{\"spec\":{\"template\":{\"$patch\":\"replace\",\"metadata\":{\"annotations\":{\"test\":\"value\"},"
            + "\"creationTimestamp\":null,\"labels\":{\"app\":\"foo\"}},\"spec\":{\"containers\":[{\"image\":\"test\","
            + "\"imagePullPolicy\":\"Always\",\"name\":\"test\",\"resources\":{},\"terminationMessagePath\":\"/dev/termination-log\","
            + "\"terminationMessagePolicy\":\"File\"}],\"dnsPolicy\":\"ClusterFirst\",\"restartPolicy\":\"Always\","
            + "\"schedulerName\":\"default-scheduler\",\"securityContext\":{},\"terminationGracePeriodSeconds\":30}}}}";

    /** The same template as 1.34 serialises it. */
    static final String RAW_1_34 = RAW_1_33.replace("\"creationTimestamp\":null,", "");

    static final String NAME_1_33 = "test-c77f6d978";
    static final String NAME_1_34 = "test-776999688b";

    private static final String SET_TEMPLATE = """
            {
              "apiVersion": "apps/v1",
              "kind": "StatefulSet",
              "metadata": {"name": "test", "namespace": "test", "uid": "ssuid", "generation": 1,
                           "labels": {"sslabel": "value"}, "creationTimestamp": "2025-10-01T10:00:00Z"},
              "spec": {
                "replicas": 1,
                "revisionHistoryLimit": 10,
                "podManagementPolicy": "OrderedReady",
                "selector": {"matchLabels": {"app": "foo"}},
                "serviceName": "",
                "updateStrategy": {"type": "RollingUpdate", "rollingUpdate": {"partition": 0}},
                "template": {
                  "metadata": {
                    %s
                    "labels": {"app": "foo"},
                    "annotations": {"test": "value"}
                  },
                  "spec": {
                    "containers": [{
                      "name": "test",
                      "image": "test",
                      "resources": {},
                      "terminationMessagePath": "/dev/termination-log",
                      "terminationMessagePolicy": "File",
                      "imagePullPolicy": "Always"
                    }],
                    "restartPolicy": "Always",
                    "terminationGracePeriodSeconds": 30,
                    "dnsPolicy": "ClusterFirst",
                    "securityContext": {},
                    "schedulerName": "default-scheduler"
                  }
                }
              },
              "status": {"replicas": 1, "readyReplicas": 1, "currentReplicas": 1, "updatedReplicas": 1,
                         "availableReplicas": 1, "observedGeneration": 1, "collisionCount": 0,
                         "currentRevision": "%s", "updateRevision": "%s"}
            }
            """;

    private CompatibilityFixtures() {
    }

    /** The set read from a 1.33 API server, its status pointing at the 1.33 revision. */
    static StatefulSet set133() {
        return decode(SET_TEMPLATE.formatted("\"creationTimestamp\": null,", NAME_1_33, NAME_1_33));
    }

    /** The same set read from a 1.34 API server after the control-plane upgrade (status still on the 1.33 revision). */
    static StatefulSet set134() {
        return decode(SET_TEMPLATE.formatted("", NAME_1_33, NAME_1_33));
    }

    /** The revision 1.33 wrote: revision 1, hash label c77f6d978, controlled by the set. */
    static ControllerRevision revision133() {
        StatefulSet set = set133();
        ObjectMeta meta = ObjectMeta.named("test", NAME_1_33)
                .withUid("revuid")
                .withCreationTimestamp(Instant.parse("2025-10-01T10:00:01Z"))
                .withLabels(Map.of("app", "foo", RevisionHash.HASH_LABEL, "c77f6d978"))
                .withOwnerReferences(List.of(PodIdentity.controllerRef(set)));
        return TestJson.revision(meta, RAW_1_33, 1);
    }

    /** The fields of {@link #SET_TEMPLATE}, read as the codec reads them (the template kept as a tree). */
    private static StatefulSet decode(String json) {
        Json.Obj obj = TestJson.parseObject(json);
        Json.Obj m = obj.objectOrEmpty("metadata");
        Json.Obj spec = obj.objectOrEmpty("spec");
        Json.Obj st = obj.objectOrEmpty("status");
        ObjectMeta meta = ObjectMeta.named(m.string("namespace").orElseThrow(), m.string("name").orElseThrow())
                .withUid(m.string("uid").orElseThrow())
                .withGeneration(m.integer("generation").orElseThrow())
                .withLabels(m.stringMap("labels"))
                .withCreationTimestamp(Instant.parse(m.string("creationTimestamp").orElseThrow()));
        Json.Obj rolling = spec.objectOrEmpty("updateStrategy").objectOrEmpty("rollingUpdate");
        StatefulSetSpec setSpec = new StatefulSetSpec(spec.integer("replicas").orElseThrow().intValue(),
                new LabelSelector(spec.objectOrEmpty("selector").stringMap("matchLabels"), List.of()),
                spec.objectOrEmpty("template"), List.of(), spec.string("serviceName").orElseThrow(),
                spec.string("podManagementPolicy").orElseThrow(),
                new UpdateStrategy(spec.objectOrEmpty("updateStrategy").string("type").orElseThrow(),
                        new UpdateStrategy.RollingUpdate(rolling.integer("partition").orElseThrow().intValue(), null)),
                spec.integer("revisionHistoryLimit").orElseThrow().intValue(), 0, null, null);
        StatefulSetStatus status = new StatefulSetStatus(st.integer("observedGeneration").orElseThrow(),
                st.integer("replicas").orElseThrow().intValue(), st.integer("readyReplicas").orElseThrow().intValue(),
                st.integer("currentReplicas").orElseThrow().intValue(), st.integer("updatedReplicas").orElseThrow().intValue(),
                st.integer("availableReplicas").orElseThrow().intValue(), st.string("currentRevision").orElseThrow(),
                st.string("updateRevision").orElseThrow(), st.integer("collisionCount").orElseThrow().intValue(), List.of());
        return new StatefulSet(meta, setSpec, status);
    }
}
