package dev.stateful.fabric8.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.Config;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KubeconfigFileTest {

    @TempDir
    Path dir;

    /** Two clusters, two users, two contexts, relative file paths and a minikube-style extension. */
    private Path kubeconfig() throws IOException {
        Path file = dir.resolve("kube/config");
        Files.createDirectories(file.getParent());
        return Files.writeString(file, """
                apiVersion: v1
                kind: Config
                clusters:
                - name: local
                  cluster:
                    server: https://127.0.0.1:6443
                    certificate-authority: certs/ca.crt
                    extensions:
                    - name: cluster_info
                      extension:
                        last-update: Tue, 01 Dec 2026 10:00:00 UTC
                        provider: minikube.sigs.k8s.io
                        version: v1.37.0
                - name: remote
                  cluster:
                    server: https://10.0.0.1
                    insecure-skip-tls-verify: true
                users:
                - name: admin
                  user:
                    client-certificate: certs/admin.crt
                - name: robot
                  user:
                    token: secret
                contexts:
                - name: local
                  context:
                    cluster: local
                    user: admin
                    namespace: web
                    extensions:
                    - name: context_info
                      extension:
                        provider: minikube.sigs.k8s.io
                - name: remote
                  context:
                    cluster: remote
                    user: robot
                current-context: local
                """);
    }

    @Test
    void relative_certificate_paths_are_read_against_the_kubeconfigs_directory_as_kubectl_reads_them() throws IOException {
        Path file = kubeconfig();

        Config config = KubeconfigFile.read(null, file);

        assertThat(config.getCaCertFile()).isEqualTo(dir.resolve("kube/certs/ca.crt").toAbsolutePath().toString());
        assertThat(config.getClientCertFile()).isEqualTo(dir.resolve("kube/certs/admin.crt").toAbsolutePath().toString());
    }

    @Test
    void the_configuration_remembers_its_file_so_fabric8_can_refresh_it_from_there() throws IOException {
        Path file = kubeconfig();

        assertThat(KubeconfigFile.read("remote", file).getFile()).isEqualTo(file.toFile());
    }

    @Test
    void a_kubeconfig_with_extensions_reads_as_fabric8_reads_it_for_each_context() throws IOException {
        Path file = kubeconfig();

        for (String context : new String[] {null, "local", "remote"}) {
            Config ours = KubeconfigFile.read(context, file);
            Config fabric8s = Config.fromKubeconfig(context, file.toFile());
            assertThat(summary(ours)).as("context %s", context).isEqualTo(summary(fabric8s));
        }
        assertThat(summary(KubeconfigFile.read("remote", file)))
                .containsEntry("server", "https://10.0.0.1/").containsEntry("token", "secret").containsEntry("trust", true);
    }

    /** What a client is built from, in fabric8's configuration. */
    private static Map<String, Object> summary(Config config) {
        return Map.ofEntries(
                Map.entry("context", config.getCurrentContext().getName()),
                Map.entry("contexts", config.getContexts().stream().map(c -> c.getName()).sorted().toList()),
                Map.entry("server", config.getMasterUrl()),
                Map.entry("namespace", String.valueOf(config.getNamespace())),
                Map.entry("ca", String.valueOf(config.getCaCertFile())),
                Map.entry("cert", String.valueOf(config.getClientCertFile())),
                Map.entry("token", String.valueOf(config.getAutoOAuthToken())),
                Map.entry("trust", config.isTrustCerts()),
                Map.entry("file", String.valueOf(config.getFile())));
    }

    @Test
    void a_file_that_is_not_a_kubeconfig_is_one_line_naming_it() throws IOException {
        Path file = Files.writeString(dir.resolve("config"), "clusters: [this is: not: yaml\n");

        assertThatThrownBy(() -> ClientFactory.load(ClientFactory.Options.defaults().withKubeconfig(file), Map.of(), dir))
                .isInstanceOf(ClientConfigException.class)
                .hasMessageStartingWith("invalid Kubernetes configuration in " + file + ": ")
                .message().doesNotContain("\n");
    }

    @Test
    void a_kubeconfigs_text_reads_as_its_file_does_without_the_file() throws IOException {
        Config fromText = KubeconfigFile.readText(Files.readString(kubeconfig()));

        assertThat(List.of(fromText.getMasterUrl(), fromText.getNamespace())).containsExactly("https://127.0.0.1:6443/", "web");
        assertThat(fromText.getFile()).isNull();
    }
}
