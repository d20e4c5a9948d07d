package dev.stateful.ports.leadership;

import dev.stateful.ports.ApiException;

/**
 * Whether this process may write now. {@link LeaderGuard} asks it just before every write leaves;
 * {@link LeadershipGate} is the rule (leading, and the lease renewed less than the renew deadline
 * ago by the monotonic clock), the fabric8 elector and the simulation each drive one.
 */
public interface Leadership {

    boolean isOpen();

    /** Throws Unavailable when not leading: the sync fails and the write never leaves. */
    default void check(String write) {
        if (!isOpen()) {
            throw new ApiException.Unavailable("not the leader: refusing to " + write);
        }
    }
}
