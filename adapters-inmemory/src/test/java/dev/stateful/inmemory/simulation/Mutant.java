package dev.stateful.inmemory.simulation;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.StatusWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * Deliberately broken controllers, to prove that the invariant checker catches what it claims to:
 * each one makes the real reconciler decide on a subtly wrong view of the world (or write a wrong
 * status), the way a bug in the planner would. {@link #NONE} is the controller as it is.
 */
enum Mutant {
    NONE,
    /** Rolls out as if the partition were 0. */
    IGNORES_PARTITION {
        @Override
        StatefulSetSpec spec(StatefulSetSpec spec) {
            UpdateStrategy.RollingUpdate r = spec.updateStrategy().rollingUpdate();
            return r == null ? spec : spec.withUpdateStrategy(new UpdateStrategy(spec.updateStrategy().type(),
                    new UpdateStrategy.RollingUpdate(0, r.maxUnavailable())));
        }
    },
    /** Treats OrderedReady as Parallel. */
    IGNORES_ORDERING {
        @Override
        StatefulSetSpec spec(StatefulSetSpec spec) {
            return spec.withPodManagementPolicy(StatefulSetSpec.PARALLEL);
        }
    },
    /** Wants one replica more than the spec asks for. */
    OVERSHOOTS_REPLICAS {
        @Override
        StatefulSetSpec spec(StatefulSetSpec spec) {
            return spec.withReplicas(spec.replicasOrDefault() + 1);
        }
    },
    /** Rolls out as if maxUnavailable were 100%. */
    IGNORES_MAX_UNAVAILABLE {
        @Override
        StatefulSetSpec spec(StatefulSetSpec spec) {
            return !spec.updateStrategy().isRollingUpdate() ? spec : spec.withUpdateStrategy(new UpdateStrategy(
                    spec.updateStrategy().type(), new UpdateStrategy.RollingUpdate(spec.updateStrategy().partition(), IntOrString.of("100%"))));
        }
    },
    /** Applies whenDeleted=Delete, whenScaled=Delete whatever the policy says. */
    IGNORES_RETENTION_POLICY {
        @Override
        StatefulSetSpec spec(StatefulSetSpec spec) {
            return spec.withRetentionPolicy(new RetentionPolicy("Delete", "Delete"));
        }
    },
    /** Forgets which revision each pod runs and keeps no history. */
    FORGETS_POD_REVISIONS {
        @Override
        StatefulSetSpec spec(StatefulSetSpec spec) {
            return spec.withRevisionHistoryLimit(0);
        }

        @Override
        Pod pod(Pod pod) {
            Map<String, String> labels = new HashMap<>(pod.metadata().labels());
            labels.remove(PodIdentity.REVISION_LABEL);
            return pod.withMetadata(pod.metadata().withLabels(labels));
        }
    },
    /** Does not see terminating pods. */
    HIDES_TERMINATING_PODS {
        @Override
        Pod pod(Pod pod) {
            return pod.isTerminating() ? null : pod;
        }
    },
    /** Reports one more available replica than are ready. */
    OVERCOUNTS_AVAILABLE {
        @Override
        StatusWriter status(StatusWriter real) {
            return new StatusWriter() {
                @Override
                public StatefulSet updateStatus(StatefulSet set) {
                    StatefulSetStatus s = set.status();
                    return real.updateStatus(set.withStatus(new StatefulSetStatus(s.observedGeneration(), s.replicas(), s.readyReplicas(),
                            s.currentReplicas(), s.updatedReplicas(), s.readyReplicas() + 1, s.currentRevision(), s.updateRevision(),
                            s.collisionCount(), s.conditions())));
                }

                @Override
                public Optional<StatefulSet> get(String namespace, String name) {
                    return real.get(namespace, name);
                }
            };
        }
    },
    /** Does not look for the claims the set controls, so the claims no pod uses keep the set as owner under Retain. */
    LEAVES_UNUSED_CLAIMS_OWNED {
        @Override
        List<PersistentVolumeClaim> controlledClaims(List<PersistentVolumeClaim> claims) {
            return List.of();
        }
    },
    /** Does not see the owners of claims, so it reuses a claim the garbage collector is about to delete. */
    REUSES_DOOMED_CLAIMS {
        @Override
        PersistentVolumeClaim claim(PersistentVolumeClaim claim) {
            return claim.withMetadata(claim.metadata().withOwnerReferences(List.of()));
        }
    },
    /**
     * Takes its "fresh" read of a pod's claims from its claim cache, so a lagging cache hides that a
     * claim was handed to a condemned pod (the window {@code FreshClaimCheck} closes).
     */
    READS_CLAIMS_FROM_ITS_CACHE {
        @Override
        ClaimControl claims(ClaimControl real, ClusterReader cache) {
            return readingClaims(real, cache::claim);
        }
    },
    /** Writes whatever its lease says: a leader stopped past its lease and resumed does not ask its gate. */
    WRITES_WITHOUT_FENCING {
        @Override
        boolean fences() {
            return false;
        }
    },
    /** Throws when the set is scaled to zero. */
    THROWS_AT_ZERO_REPLICAS {
        @Override
        StatefulSetSpec spec(StatefulSetSpec spec) {
            if (spec.replicasOrDefault() == 0) {
                throw new IllegalStateException("a bug: zero replicas");
            }
            return spec;
        }
    },
    /** Never sees any StatefulSet. */
    NEVER_SYNCS {
        @Override
        StatefulSet set(StatefulSet set) {
            return null;
        }
    };

    StatefulSetSpec spec(StatefulSetSpec spec) {
        return spec;
    }

    /** Whether its write ports refuse to write when the lease is not held ({@code LeadershipGate}). */
    boolean fences() {
        return true;
    }

    /** The set as the broken controller sees it; null hides it. */
    StatefulSet set(StatefulSet set) {
        return set.withSpec(spec(set.spec()));
    }

    /** The pod as the broken controller sees it; null hides it. */
    Pod pod(Pod pod) {
        return pod;
    }

    /** The claim as the broken controller sees it. */
    PersistentVolumeClaim claim(PersistentVolumeClaim claim) {
        return claim;
    }

    StatusWriter status(StatusWriter real) {
        return real;
    }

    /**
     * Whether an object is web's (the set, its pods and claims): the bug shows on web only, so the
     * neighbour set, which the steps leave alone, does not break a rule before web can.
     */
    private static boolean isWebs(String name) {
        return name.equals(SimulationRun.SET) || name.startsWith(SimulationRun.SET + "-") || name.startsWith("www-" + SimulationRun.SET + "-");
    }

    private PersistentVolumeClaim webClaim(PersistentVolumeClaim claim) {
        return isWebs(claim.name()) ? claim(claim) : claim;
    }

    /** The claim port; its uncached read shows the claim as the broken controller sees it. */
    ClaimControl claims(ClaimControl real, ClusterReader cache) {
        return this == NONE ? real : readingClaims(real, (namespace, name) -> real.read(namespace, name).map(this::webClaim));
    }

    /** {@code real}, but its uncached read answered by {@code get}. */
    static ClaimControl readingClaims(ClaimControl real, BiFunction<String, String, Optional<PersistentVolumeClaim>> get) {
        return new ClaimControl() {
            @Override
            public PersistentVolumeClaim create(PersistentVolumeClaim claim) {
                return real.create(claim);
            }

            @Override
            public PersistentVolumeClaim update(PersistentVolumeClaim claim) {
                return real.update(claim);
            }

            @Override
            public Optional<PersistentVolumeClaim> read(String namespace, String name) {
                return get.apply(namespace, name);
            }
        };
    }

    /** The claims a set controls, as this mutant's reader answers for them. */
    List<PersistentVolumeClaim> controlledClaims(List<PersistentVolumeClaim> claims) {
        return claims;
    }

    ClusterReader reader(ClusterReader real) {
        if (this == NONE) {
            return real;
        }
        UnaryOperator<StatefulSet> sets = s -> isWebs(s.name()) ? set(s) : s;
        return new ClusterReader() {
            @Override
            public Optional<StatefulSet> statefulSet(ObjectKey key) {
                return real.statefulSet(key).map(sets);
            }

            @Override
            public List<StatefulSet> statefulSets(String namespace) {
                return real.statefulSets(namespace).stream().map(sets).filter(s -> s != null).toList();
            }

            @Override
            public List<Pod> pods(String namespace) {
                return real.pods(namespace).stream().map(p -> isWebs(p.name()) ? Mutant.this.pod(p) : p).filter(p -> p != null).toList();
            }

            @Override
            public Optional<PersistentVolumeClaim> claim(String namespace, String name) {
                return real.claim(namespace, name).map(Mutant.this::webClaim);
            }

            @Override
            public List<PersistentVolumeClaim> claims(String namespace) {
                return real.claims(namespace).stream().map(Mutant.this::webClaim).toList();
            }

            @Override
            public List<PersistentVolumeClaim> claimsControlledBy(String namespace, String controllerUid) {
                return controlledClaims(ClusterReader.super.claimsControlledBy(namespace, controllerUid));
            }

            @Override
            public List<ControllerRevision> revisions(String namespace) {
                return real.revisions(namespace);
            }

            @Override
            public String observedVersion(OwnWrite.Kind kind) {
                return real.observedVersion(kind);
            }
        };
    }
}
