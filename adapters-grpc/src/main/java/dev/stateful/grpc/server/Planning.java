package dev.stateful.grpc.server;

import dev.stateful.domain.defaults.Defaults;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.sync.Snapshot;
import dev.stateful.domain.sync.StatefulSetPlanner;
import dev.stateful.domain.validation.StatefulSetValidator;
import dev.stateful.domain.validation.Violation;
import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.convert.ObservedObjects;
import dev.stateful.grpc.convert.ObservedWire;
import dev.stateful.grpc.convert.PlanMessages;
import dev.stateful.grpc.convert.Timestamps;
import dev.stateful.grpc.convert.Violations;
import dev.stateful.grpc.v1.PlanRequest;
import dev.stateful.grpc.v1.PlanResponse;
import dev.stateful.grpc.v1.ValidateRequest;
import dev.stateful.grpc.v1.ValidateResponse;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Plan and Validate: pure functions of the request (and, for Plan without a time, the clock). */
final class Planning {

    private final Clock clock;
    private final RecentSets sets;

    /** @param sets where the sets of recent requests are kept, decoded (one per service) */
    Planning(Clock clock, RecentSets sets) {
        this.clock = clock;
        this.sets = sets;
    }

    PlanResponse plan(PlanRequest request) {
        return plan(request, () -> {
            List<Pod> pods = new ArrayList<>(request.getObservedPodsCount());
            request.getObservedPodsList().forEach(observed -> pods.add(ObservedObjects.pod(observed)));
            return pods;
        }, () -> {
            List<PersistentVolumeClaim> claims = new ArrayList<>(request.getObservedClaimsCount());
            request.getObservedClaimsList().forEach(observed -> claims.add(ObservedObjects.claim(observed)));
            return claims;
        }, () -> {
            List<ControllerRevision> revisions = new ArrayList<>(request.getObservedRevisionsCount());
            request.getObservedRevisionsList().forEach(observed -> revisions.add(ObservedObjects.revision(observed)));
            return revisions;
        });
    }

    /** A request as {@link PlanFromWire} read it: the typed projection already decoded, or the whole message. */
    PlanResponse plan(PlanFromWire.Input input) {
        ObservedWire.Decoded decoded = input.decoded();
        return decoded == null ? plan(input.message()) : plan(decoded.rest(), decoded::pods, decoded::claims, decoded::revisions);
    }

    /** The request's JSON objects and its observed (typed) ones, already decoded, which follow them. */
    private PlanResponse plan(PlanRequest request, Supplier<List<Pod>> observedPodsOf, Supplier<List<PersistentVolumeClaim>> observedClaimsOf,
                              Supplier<List<ControllerRevision>> observedRevisionsOf) {
        // decoded in the order of the fields, so that the first problem found is the one reported, whichever path read the request
        StatefulSet set = sets.decoded(request.getStatefulSet().getJson(),
                () -> withServerFields(Defaults.statefulSet(KubeObjects.statefulSet(request.getStatefulSet(), "stateful_set"))));
        List<Pod> pods = new ArrayList<>();
        for (int i = 0; i < request.getPodsCount(); i++) {
            Pod pod = KubeObjects.pod(request.getPods(i), "pods[" + i + "]");
            pods.add(pod.withMetadata(inNamespace(pod.metadata(), set)));
        }
        for (Pod pod : observedPodsOf.get()) {
            pods.add(pod.namespace().isEmpty() ? pod.withMetadata(inNamespace(pod.metadata(), set)) : pod);
        }
        Map<String, PersistentVolumeClaim> claims = new LinkedHashMap<>();
        for (int i = 0; i < request.getClaimsCount(); i++) {
            PersistentVolumeClaim claim = KubeObjects.claim(request.getClaims(i), "claims[" + i + "]");
            claims.put(claim.name(), claim.withMetadata(inNamespace(claim.metadata(), set)));
        }
        for (PersistentVolumeClaim claim : observedClaimsOf.get()) {
            claims.put(claim.name(), claim.metadata().namespace().isEmpty() ? claim.withMetadata(inNamespace(claim.metadata(), set)) : claim);
        }
        List<ControllerRevision> revisions = new ArrayList<>();
        for (int i = 0; i < request.getRevisionsCount(); i++) {
            ControllerRevision revision = KubeObjects.revision(request.getRevisions(i), "revisions[" + i + "]");
            revisions.add(revision.withMetadata(inNamespace(revision.metadata(), set)));
        }
        for (ControllerRevision revision : observedRevisionsOf.get()) {
            revisions.add(revision.metadata().namespace().isEmpty() ? revision.withMetadata(inNamespace(revision.metadata(), set)) : revision);
        }
        Instant now = request.hasNow() ? Timestamps.instant(request.getNow(), "now") : clock.instant();
        return PlanMessages.of(StatefulSetPlanner.plan(new Snapshot(set, pods, claims, revisions, now)));
    }

    /** Strict decoding, API defaulting, then create (or, given the stored object, update) validation. */
    ValidateResponse validate(ValidateRequest request) {
        KubeObjects.Decoding<StatefulSet> decoded = KubeObjects.statefulSet(request.getStatefulSet(), "stateful_set", true);
        List<Violation> violations = new ArrayList<>(decoded.problems());
        StatefulSet set = inDefaultNamespace(Defaults.statefulSet(decoded.value()));
        if (request.hasOldStatefulSet()) {
            StatefulSet old = inDefaultNamespace(Defaults.statefulSet(KubeObjects.statefulSet(request.getOldStatefulSet(), "old_stateful_set")));
            violations.addAll(StatefulSetValidator.validateUpdate(old, set));
        } else {
            violations.addAll(StatefulSetValidator.validate(set));
        }
        return ValidateResponse.newBuilder()
                .setValid(violations.isEmpty())
                .addAllViolations(Violations.of(violations))
                .addAllWarnings(StatefulSetValidator.warnings(set))
                .setDefaulted(KubeObjects.of(set))
                .build();
    }

    /** What the API server would have assigned to a set written in a file: namespace, uid, generation. */
    private static StatefulSet withServerFields(StatefulSet set) {
        ObjectMeta meta = inDefaultNamespace(set).metadata();
        if (meta.uid() == null || meta.uid().isEmpty()) {
            meta = meta.withUid(set.name() + "-uid");
        }
        if (meta.generation() == 0) {
            meta = meta.withGeneration(1);
        }
        return set.withMetadata(meta);
    }

    private static StatefulSet inDefaultNamespace(StatefulSet set) {
        return set.namespace().isEmpty() ? set.withMetadata(set.metadata().withNamespace(Keys.DEFAULT_NAMESPACE)) : set;
    }

    private static ObjectMeta inNamespace(ObjectMeta meta, StatefulSet set) {
        return meta.namespace().isEmpty() ? meta.withNamespace(set.namespace()) : meta;
    }
}
