package dev.stateful.grpc.remote;

import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.EventRecorder;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import dev.stateful.ports.StatusWriter;

/** Every port the engine drives, as one value: what the remote-ports server exposes and the client provides. */
public record PortSet(ClusterReader reader, ClusterEvents clusterEvents, PodControl pods, ClaimControl claims,
                      RevisionControl revisions, StatusWriter status, EventRecorder events) {
}
