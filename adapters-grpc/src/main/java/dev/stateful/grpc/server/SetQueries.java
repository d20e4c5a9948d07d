package dev.stateful.grpc.server;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.convert.PlanMessages;
import dev.stateful.grpc.convert.Summaries;
import dev.stateful.grpc.v1.GetStatefulSetRequest;
import dev.stateful.grpc.v1.GetStatefulSetResponse;
import dev.stateful.grpc.v1.ListStatefulSetsRequest;
import dev.stateful.grpc.v1.ListStatefulSetsResponse;
import dev.stateful.grpc.v1.RolloutHistoryRequest;
import dev.stateful.grpc.v1.RolloutHistoryResponse;
import java.util.Comparator;

/** ListStatefulSets, GetStatefulSet and RolloutHistory: reads only; the whole set object only on request. */
final class SetQueries {

    private final SetBackend backend;

    SetQueries(SetBackend backend) {
        this.backend = backend;
    }

    ListStatefulSetsResponse list(ListStatefulSetsRequest request) {
        ListStatefulSetsResponse.Builder out = ListStatefulSetsResponse.newBuilder();
        backend.statefulSets(request.getNamespace()).stream()
                .sorted(Comparator.comparing(StatefulSet::key))
                .forEach(set -> out.addStatefulSets(Summaries.statefulSet(set, request.getIncludeObject())));
        return out.build();
    }

    GetStatefulSetResponse get(GetStatefulSetRequest request) {
        SetView view = SetView.read(backend, Keys.of(request.getRef()));
        int minReady = view.set().spec().minReadySeconds();
        GetStatefulSetResponse.Builder out = GetStatefulSetResponse.newBuilder().setStatefulSet(Summaries.statefulSet(view.set(), request.getIncludeObject()));
        view.pods().forEach(p -> out.addPods(Summaries.pod(p, minReady, view.now())));
        view.claims().forEach(c -> out.addClaims(Summaries.claim(c, SetView.podOfClaim(view.set(), c).orElse(""))));
        view.revisions().forEach(r -> out.addRevisions(Summaries.revision(r, view.set(), view.podsAt(r))));
        out.addAllWaits(PlanMessages.waits(view.plan().waits()));
        return out.build();
    }

    RolloutHistoryResponse history(RolloutHistoryRequest request) {
        SetView view = SetView.read(backend, Keys.of(request.getRef()));
        RolloutHistoryResponse.Builder out = RolloutHistoryResponse.newBuilder();
        view.revisions().forEach(r -> out.addRevisions(Summaries.revision(r, view.set(), view.podsAt(r))));
        return out.build();
    }
}
