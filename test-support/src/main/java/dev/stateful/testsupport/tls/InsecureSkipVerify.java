package dev.stateful.testsupport.tls;

import java.net.http.HttpClient;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * An HTTPS client for the controller's own endpoints in tests: their certificate is made in memory
 * at start, so the test cannot know it in advance and trusts whatever is served, as a Prometheus
 * scrape config with {@code insecure_skip_verify} does.
 */
public final class InsecureSkipVerify {

    private InsecureSkipVerify() {
    }

    public static HttpClient httpClient() {
        return HttpClient.newBuilder().sslContext(sslContext()).connectTimeout(Duration.ofSeconds(5)).build();
    }

    public static SSLContext sslContext() {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {new TrustingAll()}, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("TLS is not available in this JVM", e);
        }
    }

    private static final class TrustingAll implements X509TrustManager {

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
