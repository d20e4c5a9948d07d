package dev.stateful.domain.sync;

import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.storage.ClaimErrors;
import java.util.List;

/**
 * One write the controller decided on, shaped like upstream's pod-control calls so that the
 * executor can keep their error and event semantics ({@code createPersistentVolumeClaims}, {@code CreateStatefulPod}, {@code recordPodEvent}).
 */
public sealed interface Operation {

    /** The pod this operation is about. */
    String podName();

    /** One-line description for plans, logs and the demo. */
    String describe();

    /**
     * {@code CreateStatefulPod}: create the missing claims (AlreadyExists is fine), then the pod,
     * then fix owner references of existing claims for the retention policy.
     */
    record CreatePod(Pod pod, List<PersistentVolumeClaim> createClaims, List<PersistentVolumeClaim> updateClaims) implements Operation {
        public CreatePod {
            createClaims = List.copyOf(createClaims);
            updateClaims = List.copyOf(updateClaims);
        }

        @Override
        public String podName() {
            return pod.name();
        }

        @Override
        public String describe() {
            return "create Pod " + pod.name() + claimsSuffix(createClaims, "with new claim");
        }
    }

    /**
     * {@code UpdateStatefulPod}: repair identity/storage and claim owner refs. {@code repair} is what
     * made {@code pod}, for the executor to apply again to the pod the cache shows after a conflict.
     */
    record UpdatePod(Pod pod, boolean podChanged, List<PersistentVolumeClaim> createClaims, List<PersistentVolumeClaim> updateClaims,
                     PodRepair repair) implements Operation {
        public UpdatePod {
            createClaims = List.copyOf(createClaims);
            updateClaims = List.copyOf(updateClaims);
        }

        @Override
        public String podName() {
            return pod.name();
        }

        @Override
        public String describe() {
            return "update Pod " + pod.name() + (podChanged ? " (identity/storage)" : "") + claimsSuffix(updateClaims, "claim owners");
        }
    }

    /**
     * Create missing claims of an existing pod and fix their owner references
     * ({@code createMissingPersistentVolumeClaims}, {@code fixPodClaim}). When {@code podEvent}, a
     * failed owner update is also a {@code FailedUpdate} event on the pod, as
     * {@code createMissingPersistentVolumeClaims} records it for a Pending pod; {@code processCondemned}'s
     * {@code fixPodClaim} records none.
     */
    record EnsureClaims(String podName, List<PersistentVolumeClaim> createClaims, List<PersistentVolumeClaim> updateClaims,
                        boolean podEvent) implements Operation {
        public EnsureClaims {
            createClaims = List.copyOf(createClaims);
            updateClaims = List.copyOf(updateClaims);
        }

        @Override
        public String describe() {
            StringBuilder out = new StringBuilder();
            for (PersistentVolumeClaim c : createClaims) {
                out.append(out.length() > 0 ? "; " : "").append("create Claim ").append(c.name()).append(" for Pod ").append(podName);
            }
            for (PersistentVolumeClaim c : updateClaims) {
                out.append(out.length() > 0 ? "; " : "").append("update owner references of Claim ").append(c.name());
            }
            return out.toString();
        }
    }

    /**
     * Grow an existing claim to {@code storage} ({@code spec.resources.requests.storage}), our own
     * kind's storage resize ({@code ClaimResize}); the rest of the claim is left as it is.
     */
    record ResizeClaim(String podName, PersistentVolumeClaim claim, String storage) implements Operation {
        @Override
        public String describe() {
            return "resize Claim " + claim.name() + " of Pod " + podName + " from " + claim.requestedStorage() + " to " + storage;
        }
    }

    /** Delete a pod: a terminal one, a condemned one, or an outdated one in a rolling update. */
    record DeletePod(Pod pod, Cause cause) implements Operation {
        public enum Cause {
            TERMINAL_PHASE("it is " + "%s"),
            CONDEMNED("its ordinal is outside the replica range"),
            ROLLING_UPDATE("it is not at the update revision");

            private final String why;

            Cause(String why) {
                this.why = why;
            }
        }

        @Override
        public String podName() {
            return pod.name();
        }

        @Override
        public String describe() {
            String why = cause == Cause.TERMINAL_PHASE ? String.format(cause.why, pod.status().phase()) : cause.why;
            return "delete Pod " + pod.name() + " (" + why + ")";
        }
    }

    /**
     * The pod cannot be created now: some of its claims are being deleted. As upstream's
     * {@code createPersistentVolumeClaims}, which goes on through every claim, the pod's other missing
     * claims ({@code createClaims}) are still created first; the sync then fails (rate-limited retry)
     * with every claim's error aggregated, a failed create's beside {@code errors}, and, when
     * {@code podEvent}, one {@code FailedCreate} event on the pod carrying it all ({@code CreateStatefulPod}).
     */
    record Blocked(String podName, List<PersistentVolumeClaim> createClaims, List<String> errors, boolean podEvent) implements Operation {
        public Blocked {
            createClaims = List.copyOf(createClaims);
            errors = List.copyOf(errors);
            if (errors.isEmpty()) {
                throw new IllegalArgumentException("a blocked pod needs the errors that block it");
            }
        }

        /** The claims' errors as the sync fails with them, before any create is tried. */
        public String message() {
            return ClaimErrors.aggregate(errors);
        }

        @Override
        public String describe() {
            String created = createClaims.isEmpty() ? ""
                    : "; first creating " + String.join(", ", createClaims.stream().map(PersistentVolumeClaim::name).toList());
            return "cannot create Pod " + podName + ": " + message() + created;
        }
    }

    /** A Warning event only (e.g. {@code ConflictingController}); never fails the sync. */
    record Warn(String podName, String reason, String message) implements Operation {
        @Override
        public String describe() {
            return reason + ": " + message;
        }
    }

    private static String claimsSuffix(List<PersistentVolumeClaim> claims, String label) {
        if (claims.isEmpty()) {
            return "";
        }
        return " (" + label + (claims.size() > 1 ? "s " : " ") + String.join(", ", claims.stream().map(PersistentVolumeClaim::name).toList()) + ")";
    }
}
