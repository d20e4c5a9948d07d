package dev.stateful.inmemory.events;

/** v1 ObjectReference of an event's subject. */
public record InvolvedObject(String kind, String namespace, String name, String uid) {
}
