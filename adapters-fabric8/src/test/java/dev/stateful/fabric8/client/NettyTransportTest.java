package dev.stateful.fabric8.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.WebSocketClientOptions;
import io.vertx.core.net.OpenSSLEngineOptions;
import io.vertx.ext.web.client.WebClientOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

class NettyTransportTest {

    @Test
    @EnabledOnOs(value = OS.LINUX, architectures = {"amd64", "x86_64", "aarch64"})
    void boringssl_is_packaged_for_linux_on_x86_64_and_arm64() {
        assertThat(NettyTransport.openSsl()).as("netty-tcnative's BoringSSL loads").isTrue();
    }

    @Test
    void an_https_api_server_is_spoken_to_in_http2_negotiated_by_alpn() {
        WebClientOptions options = configured(true);

        assertThat(options.getProtocolVersion()).isEqualTo(HttpVersion.HTTP_2);
        assertThat(options.isUseAlpn()).isTrue();
        if (NettyTransport.openSsl()) {
            assertThat(options.getSslEngineOptions()).isInstanceOf(OpenSSLEngineOptions.class);
        }
    }

    @Test
    void a_plain_http_server_is_spoken_to_in_http1() {
        // fabric8's mock and local proxies: no ALPN to negotiate HTTP/2 with, and no h2c upgrade either
        assertThat(configured(false).getProtocolVersion()).isEqualTo(HttpVersion.HTTP_1_1);
    }

    private static WebClientOptions configured(boolean tls) {
        WebClientOptions options = new WebClientOptions();
        new NettyTransport(tls, null).additionalConfig(options, new WebSocketClientOptions(), new PoolOptions());
        return options;
    }
}
