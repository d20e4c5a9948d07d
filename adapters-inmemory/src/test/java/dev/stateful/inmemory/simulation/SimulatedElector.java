package dev.stateful.inmemory.simulation;

import dev.stateful.ports.leadership.Leadership;
import dev.stateful.ports.leadership.LeadershipGate;
import java.time.Clock;
import java.time.Instant;

/**
 * One controller process's side of the election, driving the ports' {@link LeadershipGate} as the
 * fabric8 elector does, on the simulation's clock (which, like a monotonic clock, runs on while the
 * process is stopped). While the process runs, its elector renews the lease every retry period;
 * nothing reads the lease in between but the gate, so the simulation makes that renewal when the
 * gate is asked. A {@link #pauseAtCheck paused} process renews nothing; once resumed, its sync goes
 * on before its elector runs again ({@link #electorRuns}), the order in which fencing matters.
 */
final class SimulatedElector implements Leadership {

    private final String identity;
    private final SimulatedLease lease;
    private final Clock clock;
    private final LeadershipGate gate;
    /** False only for the mutant that writes without asking its gate. */
    private final boolean fences;
    private boolean running = true;
    private int checksToPause;
    private Runnable pause;
    private long refused;

    SimulatedElector(String identity, SimulatedLease lease, Clock clock, boolean fences) {
        this.identity = identity;
        this.lease = lease;
        this.clock = clock;
        this.fences = fences;
        this.gate = new LeadershipGate(lease.timings().renewDeadline(), () -> nanos(clock.instant()));
        renew();
        gate.open();
    }

    private static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    String identity() {
        return identity;
    }

    /** Asked just before every write ({@code LeaderGuard}); an armed pause stops the process here. */
    @Override
    public void check(String write) {
        if (checksToPause > 0 && --checksToPause == 0) {
            Runnable p = pause;
            pause = null;
            p.run();
        }
        Leadership.super.check(write);
    }

    /** Asked by {@link #check} and before every event. */
    @Override
    public boolean isOpen() {
        if (running) {
            renew();
        }
        boolean open = gate.isOpen();
        if (!open) {
            refused++;
        }
        return open || !fences;
    }

    private void renew() {
        Instant now = clock.instant();
        if (lease.renew(identity, now)) {
            gate.renewed(nanos(now));
        }
    }

    /** SIGSTOP just before the {@code check}-th write from now; {@code whileStopped} is the world while it is stopped. */
    void pauseAtCheck(int check, Runnable whileStopped) {
        checksToPause = check;
        pause = () -> stopFor(whileStopped);
    }

    boolean pauseArmed() {
        return pause != null;
    }

    /** Its elector's last renewal is now; then the process is stopped, and resumed (SIGCONT) after {@code whileStopped}. */
    void stopFor(Runnable whileStopped) {
        checksToPause = 0;
        pause = null;
        renew();
        running = false;
        whileStopped.run();
    }

    /** After the resumed sync: the elector renews, or finds the lease taken and stops leading. True while it still leads. */
    boolean electorRuns() {
        running = true;
        renew();
        if (!lease.heldBy(identity)) {
            gate.close();
            return false;
        }
        return true;
    }

    /** Writes and events the gate refused (or, unfenced, would have let through). */
    long refused() {
        return refused;
    }
}
