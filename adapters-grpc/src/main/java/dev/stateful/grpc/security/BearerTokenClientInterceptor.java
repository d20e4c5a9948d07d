package dev.stateful.grpc.security;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;

/** Adds {@code authorization: Bearer <token>} to every call of a channel. */
public final class BearerTokenClientInterceptor implements ClientInterceptor {

    private final BearerToken token;

    public BearerTokenClientInterceptor(BearerToken token) {
        this.token = token;
    }

    @Override
    public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
        return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
            @Override
            public void start(Listener<R> listener, Metadata headers) {
                headers.put(BearerTokenInterceptor.AUTHORIZATION, BearerTokenInterceptor.SCHEME + token.value());
                super.start(listener, headers);
            }
        };
    }
}
