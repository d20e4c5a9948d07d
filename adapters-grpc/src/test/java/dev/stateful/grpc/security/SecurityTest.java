package dev.stateful.grpc.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.stateful.grpc.runtime.Channels;
import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.runtime.GrpcServer;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.testing.Certificates;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.NettyServers;
import dev.stateful.grpc.v1.ListStatefulSetsRequest;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import dev.stateful.inmemory.InMemoryCluster;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/** Bearer tokens, TLS and mutual TLS over loopback Netty, with certificates made for the test. */
class SecurityTest {

    private static final BearerToken TOKEN = BearerToken.of("correct-horse-battery-staple");

    @TempDir
    static Path pki;
    static Certificates.Authority ca;
    static Certificates.Issued serverCert;
    static Certificates.Issued clientCert;
    static Certificates.Issued strangerCert;

    private final InMemoryCluster cluster = InMemoryCluster.create();
    private final List<ManagedChannel> channels = new ArrayList<>();
    private GrpcServer server;

    @BeforeAll
    static void makeCertificates() {
        ca = Certificates.authority(pki, "stateful");
        serverCert = ca.server("server");
        clientCert = ca.client("client");
        strangerCert = Certificates.authority(pki, "stranger").client("stranger");
    }

    @AfterEach
    void close() {
        channels.forEach(ManagedChannel::shutdownNow);
        if (server != null) {
            server.close();
        }
    }

    private void serve(ServerSettings settings) {
        cluster.apply(Manifests.web(1, "nginx:1.25"));
        server = NettyServers.statefulSetService(cluster, settings);
    }

    private StatefulSetServiceGrpc.StatefulSetServiceBlockingStub client(ClientSettings settings) {
        ManagedChannel channel = Channels.open(settings);
        channels.add(channel);
        return StatefulSetServiceGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);
    }

    private ClientSettings plaintext() {
        return ClientSettings.plaintext("localhost:" + server.port());
    }

    private static int listed(StatefulSetServiceGrpc.StatefulSetServiceBlockingStub stub) {
        return stub.listStatefulSets(ListStatefulSetsRequest.getDefaultInstance()).getStatefulSetsCount();
    }

    private static Status.Code refusal(Runnable call) {
        return catchThrowableOfType(StatusRuntimeException.class, call::run).getStatus().getCode();
    }

    @Nested
    class BearerTokens {

        @Test
        void theRightTokenIsLetIn() {
            serve(ServerSettings.loopback(0).withToken(TOKEN));

            assertThat(listed(client(plaintext().withToken(TOKEN)))).isEqualTo(1);
        }

        @Test
        void aCallWithoutATokenIsUnauthenticated() {
            serve(ServerSettings.loopback(0).withToken(TOKEN));

            StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> listed(client(plaintext())));

            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
            assertThat(e.getStatus().getDescription()).contains("missing bearer token");
        }

        @Test
        void aWrongTokenIsUnauthenticatedAndNeverLogged() {
            serve(ServerSettings.loopback(0).withToken(TOKEN));
            Logger log = (Logger) LoggerFactory.getLogger(BearerTokenInterceptor.class);
            ListAppender<ILoggingEvent> appender = new ListAppender<>();
            appender.start();
            log.addAppender(appender);
            try {
                assertThat(refusal(() -> listed(client(plaintext().withToken(BearerToken.of("guessed-token-123")))))).isEqualTo(Status.Code.UNAUTHENTICATED);
            } finally {
                log.detachAppender(appender);
            }
            assertThat(appender.list).isNotEmpty();
            assertThat(appender.list).extracting(ILoggingEvent::getFormattedMessage)
                    .allSatisfy(line -> assertThat(line).doesNotContain("guessed-token-123", TOKEN.value()));
        }

        @Test
        void healthChecksNeedNoToken() {
            serve(ServerSettings.loopback(0).withToken(TOKEN));
            ManagedChannel anonymous = Channels.open(plaintext());
            channels.add(anonymous);

            assertThat(HealthGrpc.newBlockingStub(anonymous).withDeadlineAfter(5, TimeUnit.SECONDS)
                    .check(HealthCheckRequest.getDefaultInstance()).getStatus()).isIn(ServingStatus.SERVING, ServingStatus.NOT_SERVING);
        }
    }

    @Nested
    class Tls {

        @Test
        void aClientThatTrustsTheCaTalksTls() {
            serve(ServerSettings.loopback(0).withTls(new ServerTls(serverCert.certificate(), serverCert.privateKey(), Optional.empty())));

            ClientTls tls = new ClientTls(Optional.of(ca.certificate()), Optional.empty(), Optional.empty());
            assertThat(listed(client(plaintext().withTls(tls)))).isEqualTo(1);
        }

        @Test
        void aClientThatDoesNotTrustTheServerCannotConnect() {
            serve(ServerSettings.loopback(0).withTls(new ServerTls(serverCert.certificate(), serverCert.privateKey(), Optional.empty())));

            ClientTls systemTrust = new ClientTls(Optional.empty(), Optional.empty(), Optional.empty());
            assertThat(refusal(() -> listed(client(plaintext().withTls(systemTrust))))).isEqualTo(Status.Code.UNAVAILABLE);
        }

        @Test
        void aPlaintextClientCannotTalkToATlsServer() {
            serve(ServerSettings.loopback(0).withTls(new ServerTls(serverCert.certificate(), serverCert.privateKey(), Optional.empty())));

            assertThat(refusal(() -> listed(client(plaintext())))).isEqualTo(Status.Code.UNAVAILABLE);
        }
    }

    @Test
    void aKeyFileThatIsNotAKeyIsOneClearErrorNamingTheFiles() {
        assertThatThrownBy(() -> serve(ServerSettings.loopback(0)
                .withTls(new ServerTls(serverCert.certificate(), ca.certificate(), Optional.empty()))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(serverCert.certificate().toString())
                .hasMessageContaining(ca.certificate().toString());
    }

    @Test
    void aCertificateWhoseKeyIsAnotherIsRefusedAtStartUpInOneLine() {
        assertThatThrownBy(() -> serve(ServerSettings.loopback(0)
                .withTls(new ServerTls(serverCert.certificate(), clientCert.privateKey(), Optional.empty()))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the TLS key " + clientCert.privateKey() + " does not match the certificate " + serverCert.certificate());
    }

    @Test
    void aMissingKeyOrCertificateFileIsSaidToBeMissing() {
        Path missing = serverCert.privateKey().resolveSibling("no-such.pem");

        assertThatThrownBy(() -> serve(ServerSettings.loopback(0).withTls(new ServerTls(serverCert.certificate(), missing, Optional.empty()))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot read the TLS key " + missing + ": no such file");
        assertThatThrownBy(() -> serve(ServerSettings.loopback(0).withTls(new ServerTls(missing, serverCert.privateKey(), Optional.empty()))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot read the TLS certificate " + missing + ": no such file");
    }

    @Test
    void anExpiredCertificateIsRefusedAtStartUpInOneLine() {
        Certificates.Issued expired = ca.expiredServer("expired");

        assertThatThrownBy(() -> serve(ServerSettings.loopback(0).withTls(new ServerTls(expired.certificate(), expired.privateKey(), Optional.empty()))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the TLS certificate " + expired.certificate() + " expired at ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Nested
    class MutualTls {

        private void serveMutual() {
            serve(ServerSettings.loopback(0).withTls(new ServerTls(serverCert.certificate(), serverCert.privateKey(), Optional.of(ca.certificate()))));
        }

        @Test
        void aClientWithACertificateFromTheCaIsLetIn() {
            serveMutual();

            ClientTls tls = new ClientTls(Optional.of(ca.certificate()), Optional.of(clientCert.certificate()), Optional.of(clientCert.privateKey()));
            assertThat(listed(client(plaintext().withTls(tls)))).isEqualTo(1);
        }

        @Test
        void aClientWithoutACertificateIsRefused() {
            serveMutual();

            ClientTls tls = new ClientTls(Optional.of(ca.certificate()), Optional.empty(), Optional.empty());
            assertThat(refusal(() -> listed(client(plaintext().withTls(tls))))).isEqualTo(Status.Code.UNAVAILABLE);
        }

        @Test
        void aClientWithACertificateFromAnotherCaIsRefused() {
            serveMutual();

            ClientTls tls = new ClientTls(Optional.of(ca.certificate()), Optional.of(strangerCert.certificate()), Optional.of(strangerCert.privateKey()));
            assertThat(refusal(() -> listed(client(plaintext().withTls(tls))))).isEqualTo(Status.Code.UNAVAILABLE);
        }

        @Test
        void tlsAndATokenTogether() {
            serve(ServerSettings.loopback(0).withToken(TOKEN)
                    .withTls(new ServerTls(serverCert.certificate(), serverCert.privateKey(), Optional.of(ca.certificate()))));
            ClientTls tls = new ClientTls(Optional.of(ca.certificate()), Optional.of(clientCert.certificate()), Optional.of(clientCert.privateKey()));

            assertThat(listed(client(plaintext().withTls(tls).withToken(TOKEN)))).isEqualTo(1);
            assertThat(refusal(() -> listed(client(plaintext().withTls(tls))))).isEqualTo(Status.Code.UNAUTHENTICATED);
        }
    }
}
