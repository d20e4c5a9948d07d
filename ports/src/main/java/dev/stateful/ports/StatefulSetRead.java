package dev.stateful.ports;

import dev.stateful.domain.model.StatefulSet;
import java.util.Optional;

/**
 * The set of one key as a sync reads it ({@link ClusterReader#statefulSetRead}): the last state that was
 * decoded, if any, and the latest state when that could not be decoded, which a sync refuses whatever
 * was decoded before.
 */
public record StatefulSetRead(Optional<StatefulSet> decoded, Optional<UndecodableSet> undecodable) {
}
