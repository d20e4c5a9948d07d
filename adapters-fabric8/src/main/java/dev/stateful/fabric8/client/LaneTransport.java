package dev.stateful.fabric8.client;

import io.fabric8.kubernetes.client.http.HttpClient;

/**
 * The client's transport: {@link NettyTransport}'s multiplexed HTTP/2 connection, with
 * {@link WriteLanes} beside it for the writes of threads that wait for them.
 *
 * @param verifyHostname false when the kubeconfig skips TLS verification, so that the lanes check
 *        the server's name no more than the multiplexed connection does
 */
record LaneTransport(NettyTransport netty, boolean verifyHostname) implements HttpClient.Factory {

    @Override
    public LaneHttpClientBuilder newBuilder() {
        return new LaneHttpClientBuilder(this);
    }
}
