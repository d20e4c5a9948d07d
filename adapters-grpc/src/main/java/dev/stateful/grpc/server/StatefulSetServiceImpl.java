package dev.stateful.grpc.server;

import dev.stateful.grpc.convert.RecentObjects;
import dev.stateful.grpc.convert.Timestamps;
import dev.stateful.grpc.status.Failures;
import dev.stateful.grpc.v1.ApplyRequest;
import dev.stateful.grpc.v1.ApplyResponse;
import dev.stateful.grpc.v1.GetStatefulSetRequest;
import dev.stateful.grpc.v1.GetStatefulSetResponse;
import dev.stateful.grpc.v1.ListStatefulSetsRequest;
import dev.stateful.grpc.v1.ListStatefulSetsResponse;
import dev.stateful.grpc.v1.PauseRequest;
import dev.stateful.grpc.v1.PauseResponse;
import dev.stateful.grpc.v1.PlanRequest;
import dev.stateful.grpc.v1.PlanResponse;
import dev.stateful.grpc.v1.RestartRequest;
import dev.stateful.grpc.v1.RestartResponse;
import dev.stateful.grpc.v1.ResumeRequest;
import dev.stateful.grpc.v1.ResumeResponse;
import dev.stateful.grpc.v1.RollbackRequest;
import dev.stateful.grpc.v1.RollbackResponse;
import dev.stateful.grpc.v1.RolloutEvent;
import dev.stateful.grpc.v1.RolloutHistoryRequest;
import dev.stateful.grpc.v1.RolloutHistoryResponse;
import dev.stateful.grpc.v1.ScaleRequest;
import dev.stateful.grpc.v1.ScaleResponse;
import dev.stateful.grpc.v1.SetImageRequest;
import dev.stateful.grpc.v1.SetImageResponse;
import dev.stateful.grpc.v1.SetPartitionRequest;
import dev.stateful.grpc.v1.SetPartitionResponse;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import dev.stateful.grpc.v1.ValidateRequest;
import dev.stateful.grpc.v1.ValidateResponse;
import dev.stateful.grpc.v1.WatchRolloutRequest;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;

/**
 * {@code stateful.v1.StatefulSetService}: Plan and Validate are pure; everything else goes through
 * the {@link SetBackend} and answers UNAVAILABLE until the backend is ready. Failures become status
 * codes in one place ({@link Failures#toStatus}).
 */
public final class StatefulSetServiceImpl implements StatefulSetServiceGrpc.AsyncService, io.grpc.BindableService {

    public static final Duration DEFAULT_PROGRESS_DEADLINE = Duration.ofMinutes(10);

    private final SetBackend backend;
    private final Planning planning;
    private final RecentObjects recentObjects = new RecentObjects(RecentObjects.DEFAULT_ENTRIES, RecentObjects.DEFAULT_MAX_OBJECT_BYTES);
    private final SetQueries queries;
    private final SetCommands commands;
    private final RolloutVerbs verbs;
    private final ScheduledExecutorService watchExecutor;
    private final Clock wallClock;

    /**
     * @param watchExecutor runs WatchRollout looks and progress-deadline ticks
     * @param wallClock times events and progress deadlines (Plan's default "now" too)
     */
    public StatefulSetServiceImpl(SetBackend backend, ScheduledExecutorService watchExecutor, Clock wallClock) {
        this.backend = backend;
        this.planning = new Planning(wallClock, new RecentSets(RecentSets.DEFAULT_ENTRIES, RecentSets.DEFAULT_MAX_JSON_CHARS));
        this.queries = new SetQueries(backend);
        this.commands = new SetCommands(backend);
        this.verbs = new RolloutVerbs(backend);
        this.watchExecutor = watchExecutor;
        this.wallClock = wallClock;
    }

    @Override
    public void plan(PlanRequest request, StreamObserver<PlanResponse> out) {
        unary(out, () -> planning.plan(request));
    }

    /** The service as served: Plan reads its request's typed projection straight from the wire ({@link PlanFromWire}). */
    @Override
    public io.grpc.ServerServiceDefinition bindService() {
        return PlanFromWire.bind(StatefulSetServiceGrpc.bindService(this), (request, out) -> unary(out, () -> planning.plan(request)),
                recentObjects);
    }

    @Override
    public void validate(ValidateRequest request, StreamObserver<ValidateResponse> out) {
        unary(out, () -> planning.validate(request));
    }

    @Override
    public void listStatefulSets(ListStatefulSetsRequest request, StreamObserver<ListStatefulSetsResponse> out) {
        unary(out, () -> ready(() -> queries.list(request)));
    }

    @Override
    public void getStatefulSet(GetStatefulSetRequest request, StreamObserver<GetStatefulSetResponse> out) {
        unary(out, () -> ready(() -> queries.get(request)));
    }

    @Override
    public void rolloutHistory(RolloutHistoryRequest request, StreamObserver<RolloutHistoryResponse> out) {
        unary(out, () -> ready(() -> queries.history(request)));
    }

    @Override
    public void apply(ApplyRequest request, StreamObserver<ApplyResponse> out) {
        unary(out, () -> ready(() -> commands.apply(request)));
    }

    @Override
    public void scale(ScaleRequest request, StreamObserver<ScaleResponse> out) {
        unary(out, () -> ready(() -> commands.scale(request)));
    }

    @Override
    public void setPartition(SetPartitionRequest request, StreamObserver<SetPartitionResponse> out) {
        unary(out, () -> ready(() -> commands.setPartition(request)));
    }

    @Override
    public void rollback(RollbackRequest request, StreamObserver<RollbackResponse> out) {
        unary(out, () -> ready(() -> commands.rollback(request)));
    }

    @Override
    public void setImage(SetImageRequest request, StreamObserver<SetImageResponse> out) {
        unary(out, () -> ready(() -> verbs.setImage(request)));
    }

    @Override
    public void restart(RestartRequest request, StreamObserver<RestartResponse> out) {
        unary(out, () -> ready(() -> verbs.restart(request)));
    }

    @Override
    public void pause(PauseRequest request, StreamObserver<PauseResponse> out) {
        unary(out, () -> ready(() -> verbs.pause(request)));
    }

    @Override
    public void resume(ResumeRequest request, StreamObserver<ResumeResponse> out) {
        unary(out, () -> ready(() -> verbs.resume(request)));
    }

    @Override
    public void watchRollout(WatchRolloutRequest request, StreamObserver<RolloutEvent> out) {
        try {
            ready(() -> null);
            Duration deadline = request.hasProgressDeadline() ? Timestamps.duration(request.getProgressDeadline(), "progress_deadline") : DEFAULT_PROGRESS_DEADLINE;
            if (deadline.isZero() || deadline.isNegative()) {
                deadline = DEFAULT_PROGRESS_DEADLINE;
            }
            RolloutWatch.start(backend, Keys.of(request.getRef()), (ServerCallStreamObserver<RolloutEvent>) out, watchExecutor, wallClock, deadline);
        } catch (RuntimeException e) {
            out.onError(Failures.toStatus(e));
        }
    }

    private <T> T ready(Supplier<T> call) {
        if (!backend.ready()) {
            throw Failures.unavailable("the server is starting: its view of the cluster is not complete yet");
        }
        return call.get();
    }

    private static <T> void unary(StreamObserver<T> out, Supplier<T> call) {
        // a call that waited for a thread after its caller gave up is not run at all
        UnaryAnswer.answer(out, Deadlines::beforeStart, call);
    }
}
