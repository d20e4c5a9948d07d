package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.cli.ControllerCommand;
import dev.stateful.app.controller.ControllerSettings;
import dev.stateful.domain.model.SetKind;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The manifests in deploy/ install what the README promises, with flags the controller accepts. */
class DeployManifestsTest {

    static final Path DEPLOY = Path.of("..", "deploy");
    static List<HasMetadata> objects;

    /** What both modes install (deploy/base/), and the apps mode's own manifests (deploy/). */
    static final List<Path> APPS_MODE = List.of(DEPLOY.resolve("base"), DEPLOY);

    @BeforeAll
    static void load() throws IOException {
        List<HasMetadata> all = new java.util.ArrayList<>();
        for (Path dir : APPS_MODE) {
            try (Stream<Path> files = Files.list(dir)) {
                files.filter(f -> f.getFileName().toString().endsWith(".yaml") && !f.getFileName().toString().equals("kustomization.yaml")).sorted()
                        .flatMap(DeployManifestsTest::read).forEach(all::add);
            }
        }
        objects = List.copyOf(all);
    }

    static Stream<HasMetadata> read(Path file) {
        try {
            Object parsed = Serialization.unmarshal(Files.readString(file));
            return parsed instanceof KubernetesList list ? list.getItems().stream()
                    : parsed instanceof List<?> many ? many.stream().map(HasMetadata.class::cast) : Stream.of((HasMetadata) parsed);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static <T extends HasMetadata> T one(Class<T> kind) {
        List<T> found = objects.stream().filter(kind::isInstance).map(kind::cast).toList();
        assertThat(found).as(kind.getSimpleName()).hasSize(1);
        return found.get(0);
    }

    static <T extends HasMetadata> T named(Class<T> kind, String name) {
        List<T> found = objects.stream().filter(kind::isInstance).map(kind::cast).filter(o -> o.getMetadata().getName().equals(name)).toList();
        assertThat(found).as(kind.getSimpleName() + " " + name).hasSize(1);
        return found.get(0);
    }

    static Map<String, List<String>> rules(List<PolicyRule> rules) {
        Map<String, List<String>> out = new TreeMap<>();
        for (PolicyRule rule : rules) {
            for (String resource : rule.getResources()) {
                out.put(rule.getApiGroups().get(0) + "/" + resource, rule.getVerbs().stream().sorted().toList());
            }
        }
        return out;
    }

    @Test
    void theClusterRoleGrantsTheVerbsTheControllerUses() {
        assertThat(rules(named(ClusterRole.class, "stateful-controller").getRules())).isEqualTo(new TreeMap<>(Map.of(
                "apps/statefulsets", List.of("get", "list", "watch"),
                "apps/statefulsets/status", List.of("update"),
                // never used: what OwnerReferencesPermissionEnforcement asks of a writer of owner references (OwnerReferencesPermissionIT)
                "apps/statefulsets/finalizers", List.of("update"),
                "/pods/finalizers", List.of("update"),
                "/pods", List.of("create", "delete", "get", "list", "patch", "update", "watch"),
                "/persistentvolumeclaims", List.of("create", "delete", "get", "list", "update", "watch"),
                "apps/controllerrevisions", List.of("create", "delete", "get", "list", "patch", "update", "watch"),
                "/events", List.of("create", "patch"),
                "authentication.k8s.io/tokenreviews", List.of("create"),
                "authorization.k8s.io/subjectaccessreviews", List.of("create"))));
    }

    @Test
    void prometheusGetsAClusterRoleToGetMetricsAndNothingElse() {
        ClusterRole reader = named(ClusterRole.class, "stateful-controller-metrics-reader");

        assertThat(reader.getRules()).singleElement().satisfies(rule -> {
            assertThat(rule.getNonResourceURLs()).containsExactly("/metrics");
            assertThat(rule.getVerbs()).containsExactly("get");
            assertThat(rule.getResources()).isEmpty();
        });
    }

    @Test
    void leasesAreGrantedOnlyInTheControllersNamespace() {
        Role role = named(Role.class, "stateful-controller-leader-election");

        assertThat(role.getMetadata().getNamespace()).isEqualTo("stateful-system");
        assertThat(rules(role.getRules())).isEqualTo(Map.of("coordination.k8s.io/leases", List.of("create", "get", "patch")));
        assertThat(named(RoleBinding.class, "stateful-controller-leader-election").getSubjects()).singleElement()
                .satisfies(s -> assertThat(s.getName()).isEqualTo("stateful-controller"));
        assertThat(one(ClusterRoleBinding.class).getSubjects()).singleElement()
                .satisfies(s -> assertThat(s.getNamespace() + "/" + s.getName()).isEqualTo("stateful-system/stateful-controller"));
    }

    @Test
    void twoReplicasElectALeaderWithFlagsTheCommandAccepts() {
        Deployment deployment = one(Deployment.class);
        Container container = deployment.getSpec().getTemplate().getSpec().getContainers().get(0);
        List<String> args = container.getArgs().stream().map(a -> a.replace("$(POD_NAMESPACE)", "stateful-system")).toList();

        ControllerSettings settings = ControllerCommand.settings(args.toArray(String[]::new));

        assertThat(deployment.getSpec().getReplicas()).isEqualTo(2);
        assertThat(settings.leaderElect()).isTrue();
        assertThat(settings.lease().namespace()).isEqualTo("stateful-system");
        assertThat(container.getPorts()).singleElement().satisfies(p -> assertThat(p.getContainerPort()).isEqualTo(settings.metricsPort()));
        assertThat(deployment.getSpec().getTemplate().getSpec().getServiceAccountName()).isEqualTo("stateful-controller");
    }

    @Test
    void probesAskTheControllersOwnEndpoints() {
        Container container = one(Deployment.class).getSpec().getTemplate().getSpec().getContainers().get(0);

        assertThat(container.getLivenessProbe().getHttpGet().getPath()).isEqualTo("/healthz");
        assertThat(container.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/readyz");
        assertThat(Stream.of(container.getLivenessProbe(), container.getReadinessProbe(), container.getStartupProbe())
                .map(p -> p.getHttpGet().getPort().getStrVal()).collect(Collectors.toSet())).containsExactly("metrics");
    }

    @Test
    void theMetricsPortServesHttpsSoTheProbesAndPrometheusUseHttps() {
        PodSpec pod = one(Deployment.class).getSpec().getTemplate().getSpec();
        Container container = pod.getContainers().get(0);
        List<String> args = container.getArgs().stream().map(a -> a.replace("$(POD_NAMESPACE)", "stateful-system")).toList();

        assertThat(ControllerCommand.settings(args.toArray(String[]::new)).metricsServing().secure()).isTrue();
        assertThat(Stream.of(container.getLivenessProbe(), container.getReadinessProbe(), container.getStartupProbe())
                .map(p -> p.getHttpGet().getScheme()).collect(Collectors.toSet())).containsExactly("HTTPS");
        assertThat(one(Deployment.class).getSpec().getTemplate().getMetadata().getAnnotations()).containsEntry("prometheus.io/scheme", "https");
    }

    @Test
    void theControllerRunsWithoutRootOnAReadOnlyFilesystem() {
        PodSpec pod = one(Deployment.class).getSpec().getTemplate().getSpec();
        Container container = pod.getContainers().get(0);

        assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
        assertThat(container.getSecurityContext().getReadOnlyRootFilesystem()).isTrue();
        assertThat(container.getSecurityContext().getAllowPrivilegeEscalation()).isFalse();
        assertThat(container.getSecurityContext().getCapabilities().getDrop()).containsExactly("ALL");
        assertThat(container.getResources().getRequests()).containsKeys("cpu", "memory");
        assertThat(container.getResources().getLimits()).containsKey("memory");
    }

    @Test
    void theBuiltInControllerCheckMayCreateGetAndDeleteStatefulSetsInTheControllersNamespaceOnly() {
        Role role = named(Role.class, "stateful-controller-builtin-check");

        assertThat(role.getMetadata().getNamespace()).isEqualTo("stateful-system");
        assertThat(rules(role.getRules())).isEqualTo(Map.of("apps/statefulsets", List.of("create", "delete", "get")));
        assertThat(named(RoleBinding.class, "stateful-controller-builtin-check").getSubjects()).singleElement()
                .satisfies(s -> assertThat(s.getName()).isEqualTo("stateful-controller"));
    }

    @Test
    void deployRunsAppsModeAndDeployCrdSwitchesTheSameDeploymentToOurKind() throws IOException {
        Container container = one(Deployment.class).getSpec().getTemplate().getSpec().getContainers().get(0);
        String crdKustomization = Files.readString(DEPLOY.resolve("crd").resolve("kustomization.yaml"));

        assertThat(container.getArgs().get(0)).isEqualTo("--kinds=apps");
        assertThat(ControllerCommand.settings(container.getArgs().get(0)).kinds()).containsExactly(SetKind.APPS_V1);
        assertThat(crdKustomization).contains("path: /spec/template/spec/containers/0/args/0\n      value: --kinds=crd");
        assertThat(ControllerCommand.settings("--kinds=crd").kinds()).containsExactly(SetKind.STATEFUL_DEV);
        // kustomize refuses an overlay that loads a folder containing it ("cycle detected"): both modes load base/
        assertThat(crdKustomization).contains("- ../base", "- customresourcedefinition.yaml", "- clusterrole.yaml", "- clusterrolebinding.yaml")
                .doesNotContainPattern("(?m)^- \\.\\.$");
        assertThat(Files.readString(DEPLOY.resolve("kustomization.yaml"))).contains("- base", "- clusterrole.yaml", "- clusterrolebinding.yaml",
                "- builtin-check-role.yaml");
    }

    /** Both kustomizations as kustomize renders them (kubectl's, when it is on the PATH): the objects each mode installs. */
    @Test
    void kustomizeRendersBothModes() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(onPath("kubectl"), "kubectl is not on the PATH: kustomize's rendering is not checked here");
        List<String> apps = rendered(DEPLOY);
        List<String> crd = rendered(DEPLOY.resolve("crd"));

        List<String> both = List.of("Namespace stateful-system", "ServiceAccount stateful-controller", "Role stateful-controller-leader-election",
                "RoleBinding stateful-controller-leader-election", "ClusterRole stateful-controller-metrics-reader",
                "ConfigMap stateful-controller-dashboard", "Deployment stateful-controller", "PodDisruptionBudget stateful-controller");
        assertThat(apps).containsAll(both).contains("ClusterRole stateful-controller", "ClusterRoleBinding stateful-controller",
                "Role stateful-controller-builtin-check", "RoleBinding stateful-controller-builtin-check").hasSize(both.size() + 4);
        assertThat(crd).containsAll(both).contains("CustomResourceDefinition statefulsets.apps.stateful.dev", "ClusterRole stateful-controller-crd",
                "ClusterRoleBinding stateful-controller-crd").hasSize(both.size() + 3);
    }

    /** The README's install step: the image set once, in base/ (kustomize edit set image writes this block), reaches both modes. */
    @Test
    void anImageSetInBaseReachesBothModes(@org.junit.jupiter.api.io.TempDir Path copy) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(onPath("kubectl"), "kubectl is not on the PATH: kustomize's rendering is not checked here");
        try (Stream<Path> files = Files.walk(DEPLOY)) {
            for (Path file : files.toList()) {
                Path target = copy.resolve(DEPLOY.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
        Files.writeString(copy.resolve("base").resolve("kustomization.yaml"),
                "images:\n- name: stateful-controller\n  newName: registry.example/stateful-controller\n  newTag: \"1.2.3\"\n",
                java.nio.file.StandardOpenOption.APPEND);

        for (Path mode : List.of(copy, copy.resolve("crd"))) {
            assertThat(renderedText(mode)).as(mode.toString()).contains("image: registry.example/stateful-controller:1.2.3")
                    .doesNotContain("image: stateful-controller:");
        }
    }

    /** What {@code kubectl kustomize dir} prints. */
    static String renderedText(Path dir) throws Exception {
        Process process = new ProcessBuilder("kubectl", "kustomize", dir.toString()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as("kubectl kustomize " + dir + ":\n" + out).isZero();
        return out;
    }

    static boolean onPath(String command) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, command)));
    }

    /** {@code kind name} of each object {@code kubectl kustomize dir} renders. */
    static List<String> rendered(Path dir) throws Exception {
        Object parsed = Serialization.unmarshal(renderedText(dir));
        List<?> items = parsed instanceof KubernetesList list ? list.getItems() : parsed instanceof List<?> many ? many : List.of(parsed);
        return items.stream().map(HasMetadata.class::cast).map(o -> o.getKind() + " " + o.getMetadata().getName()).toList();
    }

    @Test
    void theCrdModeRoleIsTheAppsModeRoleWithOurKindInsteadOfAppsV1() {
        ClusterRole crd = read(DEPLOY.resolve("crd").resolve("clusterrole.yaml")).map(ClusterRole.class::cast).findFirst().orElseThrow();
        Map<String, List<String>> expected = new TreeMap<>();
        rules(named(ClusterRole.class, "stateful-controller").getRules()).forEach((resource, verbs) ->
                expected.put(resource.replace("apps/statefulsets", "apps.stateful.dev/statefulsets"), verbs));

        assertThat(crd.getMetadata().getName()).isEqualTo("stateful-controller-crd");
        assertThat(rules(crd.getRules())).isEqualTo(expected).doesNotContainKeys("apps/statefulsets", "apps/statefulsets/status");
        assertThat(read(DEPLOY.resolve("crd").resolve("clusterrolebinding.yaml")).map(ClusterRoleBinding.class::cast).findFirst().orElseThrow()
                .getSubjects()).singleElement().satisfies(s -> assertThat(s.getNamespace() + "/" + s.getName()).isEqualTo("stateful-system/stateful-controller"));
    }

    @Test
    void kustomizationListsEveryManifest() throws IOException {
        for (Path dir : APPS_MODE) {
            String kustomization = Files.readString(dir.resolve("kustomization.yaml"));
            try (Stream<Path> files = Files.list(dir)) {
                assertThat(files.filter(Files::isRegularFile).map(f -> f.getFileName().toString()).filter(n -> !n.equals("kustomization.yaml")))
                        .as(dir.toString()).allSatisfy(name -> assertThat(kustomization).contains("- " + name));
            }
        }
    }
}
