package dev.stateful.ports;

import dev.stateful.domain.model.StatefulSet;
import java.util.List;

/**
 * The sets of a namespace as one listing reads them ({@link ClusterReader#statefulSetList}): those
 * {@link ClusterReader#statefulSets} lists (of an undecodable set, the last state that was decoded, if
 * any), and those {@link ClusterReader#undecodableStatefulSets} lists, both as of the same moment where
 * the reader can answer so.
 */
public record StatefulSetList(List<StatefulSet> decoded, List<UndecodableSet> undecodable) {

    public StatefulSetList {
        decoded = List.copyOf(decoded);
        undecodable = List.copyOf(undecodable);
    }
}
