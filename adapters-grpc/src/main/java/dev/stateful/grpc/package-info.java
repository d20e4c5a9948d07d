/**
 * gRPC for {@code stateful}: the {@code stateful.v1} contract (the {@code .proto} files under
 * {@code src/main/protobuf}, generated into {@code dev.stateful.grpc.v1}) in both directions.
 *
 * <ul>
 *   <li>Inbound, for other tools: {@code server.StatefulSetServiceImpl} plans, validates, steers and
 *       watches StatefulSets over a {@code server.SetBackend} (a cluster facade the app backs with
 *       the in-memory cluster, or with a real API later).</li>
 *   <li>Outbound, remote ports: {@code remote.client.RemotePorts} implements every port by calling
 *       someone else's infrastructure; {@code remote.server.RemotePortsServices} exposes a set of
 *       ports objects so that the engine can run in another process; {@code engine.RemoteEngine}
 *       runs the reconciler against any ports.</li>
 *   <li>{@code runtime.GrpcServer} puts services on the network: loopback by default, TLS and
 *       mutual TLS, bearer tokens ({@code security}), health and reflection, bounded requests.</li>
 * </ul>
 *
 * Main code depends on the ports and the domain only: never on another adapter or on the app.
 */
package dev.stateful.grpc;
