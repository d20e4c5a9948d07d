/**
 * Reading our own writes (upstream's stale controller mitigation, KEP-5647, on by default for the
 * StatefulSet controller since Kubernetes 1.36): which of the controller's own pod and claim writes
 * a snapshot of the caches already shows. Pure: the bookkeeping lives in the reconciler.
 */
package dev.stateful.domain.consistency;
