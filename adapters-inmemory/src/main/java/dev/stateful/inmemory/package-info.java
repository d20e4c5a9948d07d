/**
 * An in-memory Kubernetes cluster for the StatefulSet controller, usable as a test double.
 *
 * <p>Layers, bottom up: {@code store} holds the objects with the API server's write semantics
 * (per-kind rules in its {@code *Type} classes, as the API server's registry strategies); {@code client} gives each {@code audit.Actor} its own
 * access, where {@code faults} are injected (controller only) and every write is audited;
 * {@code ports} implements the controller's ports on the controller's client; {@code kubelet} and
 * {@code gc} are the cluster's other actors; {@code manifest} applies YAML as the user. Time is a
 * {@code clock.ManualClock} and randomness is seeded, so {@link dev.stateful.inmemory.InMemoryCluster}
 * runs are reproducible.
 *
 * <p>Everything runs synchronously under one cluster lock; watch handlers are called inside the
 * write that caused them and must not block on other threads that use the cluster.
 */
package dev.stateful.inmemory;
