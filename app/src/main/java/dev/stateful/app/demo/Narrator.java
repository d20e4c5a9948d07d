package dev.stateful.app.demo;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.availability.Availability;
import dev.stateful.domain.sync.Operation;
import dev.stateful.domain.sync.Wait;
import dev.stateful.inmemory.store.Change;
import dev.stateful.inmemory.store.ChangeListener;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.reconcile.ReconcileListener;
import dev.stateful.ports.reconcile.SyncResult;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Tells what happens as it happens: what the controller writes (from the reconciler), why it
 * waits (from each plan), what the kubelet does to pods (from the cluster's watch), and which
 * claims disappear (from the store: the garbage collector deletes them, not the controller).
 */
public final class Narrator implements ReconcileListener, ClusterEvents.Handler, ChangeListener {

    private final PrintWriter out;
    private final Clock clock;
    private final Instant start;
    private Set<String> lastWaits = Set.of();

    public Narrator(PrintWriter out, Clock clock) {
        this.out = out;
        this.clock = clock;
        this.start = clock.instant();
    }

    public void say(String text) {
        out.println(text);
        out.flush();
    }

    private void line(String symbol, String text) {
        long seconds = Duration.between(start, clock.instant()).toSeconds();
        out.printf("  [%3ds] %s %s%n", seconds, symbol, text);
        out.flush();
    }

    @Override
    public void operation(Operation op, RuntimeException error) {
        if (error != null) {
            line("!", op.describe() + " failed: " + error.getMessage());
            return;
        }
        if (op instanceof Operation.CreatePod c) {
            c.createClaims().forEach(claim -> line("+", "claim " + claim.name() + " created"));
            line("+", "pod " + c.pod().name() + " created at revision " + PodIdentity.revisionOf(c.pod()));
        } else if (op instanceof Operation.DeletePod d) {
            line("-", "pod " + d.pod().name() + " deleted (" + op.describe().replaceFirst("^[^(]*\\(", ""));
        } else if (op instanceof Operation.EnsureClaims || op instanceof Operation.ResizeClaim || op instanceof Operation.UpdatePod || op instanceof Operation.Warn) {
            line("~", op.describe());
        }
    }

    @Override
    public void synced(SyncResult result) {
        Set<String> waits = new HashSet<>();
        result.plan().ifPresent(plan -> plan.waits().stream().map(Wait::reason)
                .filter(reason -> !reason.startsWith("creating "))
                .forEach(waits::add));
        for (String reason : waits) {
            if (!lastWaits.contains(reason)) {
                line("…", reason);
            }
        }
        lastWaits = waits;
        result.error().ifPresent(e -> line("!", "sync failed, will retry: " + e.getMessage()));
    }

    @Override
    public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
    }

    @Override
    public void podChanged(Pod oldPod, Pod newPod) {
        if (newPod == null) {
            line(" ", "pod " + oldPod.name() + " is gone");
            return;
        }
        if (oldPod == null) {
            return;
        }
        if (!Availability.isRunningAndReady(oldPod) && Availability.isRunningAndReady(newPod)) {
            line(" ", "pod " + newPod.name() + " is Running and Ready");
        }
    }

    @Override
    public void changed(Change<?> change) {
        if (change.kind() == Kind.CLAIMS && change.isRemoved()) {
            line("-", "claim " + change.key().name() + " deleted by the garbage collector (its owner is gone)");
        }
    }

    /** Prints rows as an aligned table. */
    public void table(List<String[]> rows) {
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder b = new StringBuilder("  ");
            for (int i = 0; i < row.length; i++) {
                b.append(String.format("%-" + (widths[i] + 3) + "s", row[i]));
            }
            out.println(b.toString().stripTrailing());
        }
        out.flush();
    }
}
