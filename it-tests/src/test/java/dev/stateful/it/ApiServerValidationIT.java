package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;
import static dev.stateful.domain.testing.PodSpecJson.ACCEPTED_USER_NAMES;
import static dev.stateful.domain.testing.PodSpecJson.REFUSED_USER_NAMES;
import static dev.stateful.domain.testing.PodSpecJson.affinity;
import static dev.stateful.domain.testing.PodSpecJson.appArmorContainers;
import static dev.stateful.domain.testing.PodSpecJson.localhostAppArmor;
import static dev.stateful.domain.testing.PodSpecJson.refusedAppArmorContainers;
import static dev.stateful.domain.testing.PodSpecJson.claim;
import static dev.stateful.domain.testing.PodSpecJson.device;
import static dev.stateful.domain.testing.PodSpecJson.downwardApiVolume;
import static dev.stateful.domain.testing.PodSpecJson.execProbe;
import static dev.stateful.domain.testing.PodSpecJson.exitCodes;
import static dev.stateful.domain.testing.PodSpecJson.fieldRef;
import static dev.stateful.domain.testing.PodSpecJson.fileKeyRef;
import static dev.stateful.domain.testing.PodSpecJson.hostPort;
import static dev.stateful.domain.testing.PodSpecJson.linuxOnlyContainerSecurityContext;
import static dev.stateful.domain.testing.PodSpecJson.linuxOnlyPodSecurityContext;
import static dev.stateful.domain.testing.PodSpecJson.mount;
import static dev.stateful.domain.testing.PodSpecJson.podResources;
import static dev.stateful.domain.testing.PodSpecJson.projectedVolume;
import static dev.stateful.domain.testing.PodSpecJson.refusedPodResources;
import static dev.stateful.domain.testing.PodSpecJson.refusedProjectedVolume;
import static dev.stateful.domain.testing.PodSpecJson.requirement;
import static dev.stateful.domain.testing.PodSpecJson.spread;
import static dev.stateful.domain.testing.PodSpecJson.resourceFieldRef;
import static dev.stateful.domain.testing.PodSpecJson.restartRules;
import static dev.stateful.domain.testing.PodSpecJson.runningAs;
import static dev.stateful.domain.testing.PodSpecJson.topologySpreadConstraints;
import static dev.stateful.domain.testing.VolumeSourceJson.claimSpecs;
import static dev.stateful.domain.testing.VolumeSourceJson.cloudVolumes;
import static dev.stateful.domain.testing.VolumeSourceJson.driverVolumes;
import static dev.stateful.domain.testing.VolumeSourceJson.ephemeralVolumes;
import static dev.stateful.domain.testing.VolumeSourceJson.ephemeralVolumesOf;
import static dev.stateful.domain.testing.VolumeSourceJson.iscsiVolumes;
import static dev.stateful.domain.testing.VolumeSourceJson.networkVolumes;
import static dev.stateful.domain.testing.VolumeSourceJson.refusedClaimSpecs;
import static dev.stateful.domain.testing.VolumeSourceJson.refusedCloudVolumes;
import static dev.stateful.domain.testing.VolumeSourceJson.refusedDriverVolumes;
import static dev.stateful.domain.testing.VolumeSourceJson.refusedEphemeralVolumes;
import static dev.stateful.domain.testing.VolumeSourceJson.refusedIscsiVolumes;
import static dev.stateful.domain.testing.VolumeSourceJson.refusedNetworkVolumes;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.codec.CustomKindCodec;
import dev.stateful.codec.JsonParser;
import dev.stateful.domain.defaults.Defaults;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.validation.ObjectMetaRules;
import dev.stateful.domain.validation.StatefulSetValidator;
import dev.stateful.domain.validation.Violation;
import dev.stateful.testsupport.controlplane.ControlPlane;
import dev.stateful.testsupport.controlplane.ControlPlaneExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.StatusCause;
import io.fabric8.kubernetes.api.model.apps.ControllerRevision;
import io.fabric8.kubernetes.api.model.apps.ControllerRevisionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our validators say exactly what kube-apiserver 1.36.3 says, checked by sending each case to the
 * real API server and comparing the field errors of its 422 (path and message, as
 * {@code Status.details.causes} carries them):
 * <ul>
 *   <li>the pod spec rules of {@code ValidatePodSpec} that {@link StatefulSetValidator} reproduces
 *       (volumes and the settings of each source, volume mounts and devices against the volumes and claim templates, ports and host ports, host namespaces, environment variable
 *       names, resources, resize policies, init containers, lifecycle hooks, DNS settings, security contexts and sysctls, node and pod affinity, topology spread constraints,
 *       readiness and scheduling gates, host aliases, the names of the hostname override, service account, node, priority and runtime classes, the preemption policy, the overhead, the os and the fields it forbids,
 *       containers' restart policies and rules and their limits, Windows options and host process containers (beside the server's
 *       policy against them), AppArmor profiles, the deprecated profile annotations against the fields, pod-level resources), each template created as a StatefulSet and validated as
 *       the in-memory cluster and gRPC {@code Validate} take a manifest (decoded strictly, defaulted);
 *       Go ranges over resource maps in random order, so errors are compared in any order;</li>
 *   <li>the metadata rules the in-memory cluster applies to every pod, claim and revision
 *       ({@link ObjectMetaRules}, apimachinery's {@code ValidateObjectMetaAccessor}), each metadata
 *       given to a ControllerRevision (whose own rules the rows leave alone); where upstream prints a
 *       list or a reference as the invalid value (a Go struct dump), the message after it must be ours.</li>
 * </ul>
 */
class ApiServerValidationIT {

    static final String NAMESPACE = "api-server-validation";
    static final String IMAGE = "registry.k8s.io/pause:3.9";

    @RegisterExtension
    static final ControlPlaneExtension plane = new ControlPlaneExtension(ControlPlane.Options.defaults());

    static KubernetesClient client;

    @BeforeAll
    static void namespace() {
        client = plane.get().admin();
        client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build()).create();
    }

    static Stream<Arguments> invalidTemplates() {
        return Stream.of(
                arguments("a volume mount names a volume or a claim template", container(c -> c.with("volumeMounts", Json.array(
                        mount("www", "/www"), mount("cache", "/cache"))))),
                arguments("a volume mount has a name and a mount path, unique in the container", container(c -> c.with("volumeMounts", Json.array(
                        mount("www", "/data"), mount("", "/data"), Json.object("name", "www"))))),
                arguments("a subPath is relative without '..'", container(c -> c.with("volumeMounts", Json.array(
                        Json.object("name", "www", "mountPath", "/www", "subPath", "/a/../b"))))),
                arguments("pod volumes follow the claim templates' in the paths, with unique DNS-1123 names", podSpec(s -> s.with("volumes", Json.array(
                        emptyDir("cache"), emptyDir("Cache_1"), emptyDir("cache"), emptyDir(""))))),
                arguments("a pod volume named like a claim template is replaced, not a duplicate", podSpec(s -> s.with("volumes", Json.array(
                        emptyDir("www"), emptyDir("Bad"))))),
                arguments("a volume has one source; a mount of a volume with errors finds none", both(
                        podSpec(s -> s.with("volumes", Json.array(Json.object("name", "conf", "configMap", Json.object("name", "c"),
                                "secret", Json.object("secretName", "s"), "emptyDir", Json.object())))),
                        container(c -> c.with("volumeMounts", Json.array(mount("conf", "/conf")))))),
                arguments("a claim volume names its claim, an emptyDir's size limit is not negative; a mount of either finds no volume", both(
                        podSpec(s -> s.with("volumes", Json.array(Json.object("name", "data", "persistentVolumeClaim", Json.object("readOnly", true)),
                                Json.object("name", "cache", "emptyDir", Json.object("medium", "Memory", "sizeLimit", "-1Gi"))))),
                        container(c -> c.with("volumeMounts", Json.array(mount("data", "/data"), mount("cache", "/cache")))))),
                arguments("a host path is given, without '..', of a known type; only the first source's settings are checked", podSpec(s -> s
                        .with("volumes", Json.array(Json.object("name", "none", "hostPath", Json.object("type", "Dir")),
                                Json.object("name", "up", "hostPath", Json.object("path", "/var/../etc", "type", "Dir")),
                                Json.object("name", "dots", "hostPath", Json.object("path", "/var/..data/..", "type", "Directory")),
                                Json.object("name", "two", "emptyDir", Json.object("sizeLimit", "-1"), "persistentVolumeClaim", Json.object()),
                                Json.object("name", "three", "hostPath", Json.object("path", "/x/.."), "persistentVolumeClaim", Json.object()))))),
                arguments("a secret and a config map are named, with a default mode within 0 and 0777", podSpec(s -> s.with("volumes", Json.array(
                        Json.object("name", "s", "secret", Json.object("defaultMode", 512)),
                        Json.object("name", "c", "configMap", Json.object("name", "", "defaultMode", -1)))))),
                arguments("an item has a key and a relative path without '..' that does not start with '..', and a mode within 0 and 0777",
                        podSpec(s -> s.with("volumes", Json.array(
                                Json.object("name", "s", "secret", Json.object("secretName", "s", "items", Json.array(
                                        Json.object("mode", 1000), Json.object("key", "k", "path", "/etc/../k"), Json.object("key", "k", "path", "..")))),
                                Json.object("name", "c", "configMap", Json.object("name", "c", "items", Json.array(
                                        Json.object("key", "not a key!", "path", "..data/k", "mode", -8),
                                        Json.object("key", "k", "path", "a/../b")))))))),
                arguments("a downward API file has a path, one of a known fieldRef and a resourceFieldRef of a container, a mode; Go names no index",
                        podSpec(s -> s.with("volumes", Json.array(Json.object("name", "d", "downwardAPI", Json.object("defaultMode", 1024, "items", Json.array(
                                Json.object(),
                                Json.object("path", "..x", "fieldRef", volumeField("spec.nodeName"), "resourceFieldRef", Json.object("resource", "limits.cpu"),
                                        "mode", 800),
                                Json.object("path", "cpu", "resourceFieldRef", Json.object("resource", "limits.cpu")),
                                Json.object("path", "l", "fieldRef", volumeField("metadata.labels['Bad Key']")),
                                Json.object("path", "r", "resourceFieldRef", Json.object("containerName", "app", "resource", "limits.gpu"))))))))),
                arguments("a projected source is of one kind; secret, config map and downward API paths are taken once; a token's expiration and path",
                        podSpec(s -> s.with("volumes", Json.array(refusedProjectedVolume())))),
                arguments("an ephemeral volume has a claim template of labels and annotations only and a claim spec of access modes and storage",
                        volumes(refusedEphemeralVolumes())),
                arguments("an ephemeral volume's claim spec has a valid selector, class names, volume mode and data sources",
                        volumes(ephemeralVolumesOf(refusedClaimSpecs()))),
                arguments("a claim template's spec has a valid selector, class names, volume mode and data sources", claimTemplates(refusedClaimSpecs())),
                arguments("a CSI volume names a driver, a DNS subdomain of at most 63 bytes once lower-cased, and its secret, a DNS subdomain; "
                        + "a flex volume a driver and options outside kubernetes.io and k8s.io; an image volume a known pull policy",
                        volumes(refusedDriverVolumes())),
                arguments("an iSCSI volume has a portal, an IQN and initiator of known forms, a LUN of 0-255, a CHAP secret, a short name:portal",
                        volumes(refusedIscsiVolumes())),
                arguments("network volumes have their required fields, an NFS absolute path, quobyte host:port registries, one flocker dataset, "
                        + "fc targets or WWIDs",
                        volumes(refusedNetworkVolumes())),
                arguments("cloud and vendor volumes have their required fields, partitions in range, known azureDisk values and URIs",
                        volumes(refusedCloudVolumes())),
                arguments("a volume device names a claim, with a path unique in the container and without '..'", both(
                        podSpec(s -> s.with("volumes", Json.array(claim("data"), emptyDir("cache")))),
                        container(c -> c.with("volumeDevices", Json.array(device("data", "/dev/a"), device("data", "/dev/a"),
                                device("cache", "/dev/c"), device("gone", "/dev/../d"), Json.object()))))),
                arguments("a volume is a mount or a device, not both, at distinct paths; the last device of a name stands for it", both(
                        podSpec(s -> s.with("volumes", Json.array(claim("data"), emptyDir("cache")))),
                        container(c -> c.with("volumeMounts", Json.array(mount("www", "/data"), mount("cache", "/dev/x")))
                                .with("volumeDevices", Json.array(device("www", "/dev/www"), device("data", "/dev/x"), device("data", "/data")))))),
                arguments("no volume devices with hostUsers false", both(
                        podSpec(s -> s.with("hostUsers", false).with("initContainers", Json.array(Json.object("name", "init", "image", IMAGE,
                                "volumeDevices", Json.array(device("www", "/dev/www")))))),
                        container(c -> c.with("volumeDevices", Json.array(device("www", "/dev/www")))))),
                arguments("a container port and a host port are between 1 and 65535", container(c -> c.with("ports", Json.array(
                        Json.object("containerPort", 70000), Json.object("name", "none"), Json.object("containerPort", 80, "hostPort", -1))))),
                arguments("port names are unique IANA service names", container(c -> c.with("ports", Json.array(
                        port("http", 80), port("http", 81), port("8080", 82), port("-Web--port-too-long", 83))))),
                arguments("with hostNetwork a container's given host port is its container port; an init container's is not compared", both(
                        podSpec(s -> s.with("hostNetwork", true).with("initContainers", Json.array(Json.object("name", "init", "image", IMAGE,
                                "ports", Json.array(hostPort(80, 81)))))),
                        container(c -> c.with("ports", Json.array(hostPort(80, 8080), Json.object("containerPort", 81), hostPort(82, 82)))))),
                arguments("host ports are unique per protocol and IP across the containers, and within an init container (named as the first)",
                        podSpec(s -> s.with("containers", Json.array(
                                        Json.object("name", "a", "image", IMAGE, "ports", Json.array(hostPort(80, 8080),
                                                hostPort(81, 8080).with("protocol", "UDP"), hostPort(82, 8081).with("hostIP", "10.0.0.1"), hostPort(83, 8081))),
                                        Json.object("name", "b", "image", IMAGE, "ports", Json.array(hostPort(80, 8080).with("protocol", "TCP"),
                                                hostPort(84, 8081).with("hostIP", "10.0.0.1")))))
                                .with("initContainers", Json.array(Json.object("name", "i", "image", IMAGE, "ports", Json.array(hostPort(80, 8080))),
                                        Json.object("name", "j", "image", IMAGE, "ports", Json.array(hostPort(80, 9090), hostPort(81, 9090))))))),
                arguments("hostUsers false forbids hostNetwork, hostPID and hostIPC", podSpec(s -> s
                        .with("hostUsers", false).with("hostNetwork", true).with("hostPID", true).with("hostIPC", true))),
                arguments("a port's protocol is TCP, UDP or SCTP", container(c -> c.with("ports", Json.array(
                        Json.object("containerPort", 80, "protocol", "HTTP"))))),
                arguments("an environment variable has a name of printable ASCII other than '='", container(c -> c.with("env", Json.array(
                        Json.object("name", "", "value", "x"), Json.object("name", "A=B"), Json.object("name", "1 relaxed.name-ok"),
                        Json.object("name", "caf\u00e9"))))),
                arguments("a request is at most its limit, both in canonical form", container(c -> c.with("resources", Json.object(
                        "limits", Json.object("cpu", "1000m", "memory", "1Gi"), "requests", Json.object("cpu", "1.5", "memory", "1025Mi"))))),
                arguments("a quantity is not negative, shown rounded up to thousandths", container(c -> c.with("resources", Json.object(
                        "limits", Json.object("memory", "-1Gi"), "requests", Json.object("cpu", "-0.0001"))))),
                arguments("a quantity in canonical form is shown as written (sign, leading zero, exponent letter), else rounded and canonical",
                        container(c -> c.with("resources", Json.object(
                                "limits", Json.object("cpu", "1", "memory", "-1E3", "ephemeral-storage", "-1.Ki"),
                                "requests", Json.object("cpu", "+2", "memory", "-02", "ephemeral-storage", "-1n"))))),
                arguments("a divisor is not rounded to thousandths and is compared as written", container(c -> c.with("env", Json.array(
                        resourceFieldRef("A", "limits.cpu", "1u"), resourceFieldRef("B", "requests.cpu", "+1"),
                        resourceFieldRef("C", "limits.memory", "01Ki"), resourceFieldRef("D", "requests.memory", "1.Ki"))))),
                arguments("a storage request of a sign, a point or a suffix alone is zero; a request is shown canonical, rounded to thousandths",
                        claimTemplates(claimSpecAsking("-"), claimSpecAsking("."), claimSpecAsking("Gi"), claimSpecAsking("-1.5Gi"),
                                claimSpecAsking("-0.0001"), claimSpecAsking("+0"), claimSpecAsking("1Gi"))),
                arguments("a storage request of null is zero, as a null quantity in a container's limits or requests",
                        both(claimTemplates(Json.object("accessModes", Json.array("ReadWriteOnce"),
                                        "resources", Json.object("requests", Json.object("storage", Json.Null.INSTANCE)))),
                                container(c -> c.with("resources", Json.object("limits", Json.object("cpu", Json.Null.INSTANCE, "memory", "1Gi"),
                                        "requests", Json.object("cpu", "1", "memory", Json.Null.INSTANCE)))))),
                arguments("a hugepages quantity is a whole multiple of its page size, and hugepages need cpu or memory beside them",
                        container(c -> c.with("resources", Json.object("limits", Json.object("hugepages-1Gi", "1Gi", "hugepages-2Mi", "3Mi"),
                                "requests", Json.object("hugepages-1Gi", "1Gi", "hugepages-2Mi", "3Mi"))))),
                arguments("the hugepages rules hold for the pod-level resources and the overhead too; a page size that is no quantity divides nothing",
                        podSpec(s -> s.with("resources", Json.object("limits", Json.object("hugepages-x", "1")))
                                .with("overhead", Json.object("hugepages-2Mi", "1Mi")))),
                arguments("an extended resource's request equals its limit, hugepages need a limit", container(c -> c.with("resources", Json.object(
                        "limits", Json.object("example.com/gpu", 2, "memory", "1Gi"),
                        "requests", Json.object("example.com/gpu", 1, "hugepages-2Mi", "4Mi", "memory", "1Gi"))))),
                arguments("init containers get the container checks, names unique across both lists", podSpec(s -> s.with("initContainers", Json.array(
                        Json.object("name", "app", "image", IMAGE),
                        Json.object("name", "init", "image", IMAGE, "ports", Json.array(Json.object("containerPort", 99999))),
                        Json.object("name", "init", "image", IMAGE, "volumeMounts", Json.array(mount("www", "/www"), mount("gone", "/gone"))))))),
                arguments("an init container has probes and lifecycle only as a sidecar", podSpec(s -> s.with("initContainers", Json.array(
                        Json.object("name", "init", "image", IMAGE, "lifecycle", Json.object("preStop", Json.object("sleep", Json.object("seconds", 1))),
                                "readinessProbe", Json.object("exec", Json.object("command", Json.array("true")))),
                        Json.object("name", "sidecar", "image", IMAGE, "restartPolicy", "Always",
                                "readinessProbe", Json.object("exec", Json.object("command", Json.array("true")))))))),
                arguments("imagePullPolicy and terminationMessagePolicy are known values", container(c -> c
                        .with("imagePullPolicy", "Sometimes").with("terminationMessagePolicy", "Stdout"))),
                arguments("an env valueFrom has exactly one source and no value beside it", container(c -> c.with("env", Json.array(
                        Json.object("name", "A", "valueFrom", Json.object()),
                        Json.object("name", "B", "value", "x", "valueFrom", Json.object("fieldRef", Json.object("fieldPath", "metadata.name"))),
                        Json.object("name", "C", "valueFrom", Json.object("configMapKeyRef", Json.object("name", "c", "key", "k"),
                                "secretKeyRef", Json.object("name", "s", "key", "k"))))))),
                arguments("a fieldRef converts and names a field the environment may read", container(c -> c.with("env", Json.array(
                        fieldRef("A", "v1", "status.phase"), fieldRef("B", "v1", "metadata.labels['Bad Key']"),
                        fieldRef("C", "v1", "spec.containers"), fieldRef("D", "v1", "metadata.name['x']"), fieldRef("E", "v2", "metadata.name"),
                        fieldRef("F", "v1", "metadata.annotations"))))),
                arguments("a resourceFieldRef names a container resource and a divisor of its unit", container(c -> c.with("env", Json.array(
                        resourceFieldRef("A", "limits.gpu", null), resourceFieldRef("B", "limits.cpu", "1Mi"),
                        resourceFieldRef("C", "requests.memory", "3"), resourceFieldRef("D", "limits.hugepages-2Mi", "1m"))))),
                arguments("key refs name a DNS-1123 subdomain and a config key", container(c -> c.with("env", Json.array(
                        Json.object("name", "A", "valueFrom", Json.object("configMapKeyRef", Json.object("name", "Bad_Name", "key", "..k"))),
                        Json.object("name", "B", "valueFrom", Json.object("secretKeyRef", Json.object("key", "a b"))))))),
                arguments("a fileKeyRef has a variable-name key, a path without '..', and an emptyDir volume", both(
                        podSpec(s -> s.with("volumes", Json.array(emptyDir("files"), Json.object("name", "conf", "configMap", Json.object("name", "c"))))),
                        container(c -> c.with("env", Json.array(
                                fileKeyRef("A", "a=b", "files", "../x"), fileKeyRef("B", "k", "conf", "p"), fileKeyRef("C", "k", "www", "p"),
                                fileKeyRef("D", "k", "gone", "p"), fileKeyRef("E", "", "Bad_Vol", "")))))),
                arguments("an envFrom has one of configMapRef or secretRef and a printable prefix", container(c -> c.with("envFrom", Json.array(
                        Json.object("prefix", "A=", "configMapRef", Json.object("name", "cm-")), Json.object("prefix", "P_"),
                        Json.object("configMapRef", Json.object("name", "a"), "secretRef", Json.object("name", "Bad_")),
                        Json.object("secretRef", Json.object()))))),
                arguments("a probe has exactly one handler", container(c -> c
                        .with("livenessProbe", Json.object())
                        .with("readinessProbe", Json.object("exec", Json.object("command", Json.array("true")), "httpGet", Json.object("port", 80),
                                "grpc", Json.object("port", 9000)))
                        .with("startupProbe", Json.object("exec", Json.object())))),
                arguments("probe numbers are not negative; liveness and startup probes succeed once", container(c -> c
                        .with("livenessProbe", execProbe().with("successThreshold", 2).with("periodSeconds", -1))
                        .with("readinessProbe", execProbe().with("terminationGracePeriodSeconds", 5).with("failureThreshold", -3))
                        .with("startupProbe", execProbe().with("successThreshold", -1).with("terminationGracePeriodSeconds", 0)
                                .with("initialDelaySeconds", -5).with("timeoutSeconds", -2)))),
                arguments("probe ports are in range or IANA names, httpGet schemes HTTP or HTTPS, header names tokens", container(c -> c
                        .with("livenessProbe", Json.object("httpGet", Json.object("port", 0, "scheme", "FTP",
                                "httpHeaders", Json.array(Json.object("name", "Bad Header", "value", "x")))))
                        .with("readinessProbe", Json.object("tcpSocket", Json.object("port", "Web--x")))
                        .with("startupProbe", Json.object("grpc", Json.object("port", 70000))))),
                arguments("a sidecar's probes are checked as a container's", podSpec(s -> s.with("initContainers", Json.array(
                        Json.object("name", "sidecar", "image", IMAGE, "restartPolicy", "Always",
                                "livenessProbe", execProbe().with("successThreshold", 3), "startupProbe", Json.object()))))),
                arguments("a lifecycle hook has exactly one handler", container(c -> c.with("lifecycle", Json.object(
                        "postStart", Json.object(),
                        "preStop", Json.object("exec", Json.object(), "httpGet", Json.object("port", 80), "tcpSocket", Json.object("port", 80),
                                "sleep", Json.object("seconds", 1)))))),
                arguments("hook ports in range or IANA names, httpGet schemes HTTP or HTTPS, header names tokens, a sleep within the grace period",
                        container(c -> c.with("lifecycle", Json.object(
                                "postStart", Json.object("httpGet", Json.object("port", 0, "scheme", "FTP",
                                        "httpHeaders", Json.array(Json.object("name", "Bad Header", "value", "x")))),
                                "preStop", Json.object("sleep", Json.object("seconds", 31)))))),
                arguments("a sleep is not negative, nor beyond a negative grace period; a sidecar's hooks are checked as a container's", both(
                        podSpec(s -> s.with("terminationGracePeriodSeconds", -1).with("initContainers", Json.array(
                                Json.object("name", "sidecar", "image", IMAGE, "restartPolicy", "Always", "lifecycle", Json.object(
                                        "postStart", Json.object("tcpSocket", Json.object("port", "Web--x")),
                                        "preStop", Json.object("sleep", Json.object("seconds", -1))))))),
                        container(c -> c.with("lifecycle", Json.object("preStop", Json.object("sleep", Json.object("seconds", 0))))))),
                arguments("resource names are standard container resources or qualified extended ones; extended quantities whole", container(c -> c
                        .with("resources", Json.object("limits", Json.object("gpu", 1, "Bad Name", 1, "pods", 1, "example.com/fpga", "1.5",
                                "requests.example.com/x", 1, "kubernetes.io/x", 1, "hugepages-2Mi", "2Mi", "memory", "1Gi"))))),
                arguments("restartPolicy and dnsPolicy are known values", podSpec(s -> s.with("restartPolicy", "Sometimes").with("dnsPolicy", "Cluster"))),
                arguments("dnsPolicy None needs dnsConfig", podSpec(s -> s.with("dnsPolicy", "None"))),
                arguments("dnsPolicy None needs a nameserver", podSpec(s -> s.with("dnsPolicy", "None").with("dnsConfig", Json.object("searches", Json.array("a.b"))))),
                arguments("at most three nameservers, each an IP address without leading zeros and not IPv4-mapped", podSpec(s -> s
                        .with("dnsConfig", Json.object("nameservers", Json.array("10.0.0.10", "dns.example.com", "010.0.0.1", "::ffff:10.0.0.1"))))),
                arguments("search paths are subdomains that may hold '_', shown without one trailing '.'; options have names", podSpec(s -> s
                        .with("dnsConfig", Json.object("searches", Json.array("ns1.svc.cluster.local.", "_srv._tcp.example.com", ".", "Bad.Example",
                                "a..b.", "-a"), "options", Json.array(Json.object("name", "ndots", "value", "2"), Json.object("value", "1")))))),
                arguments("at most 32 search paths of 2048 characters together", podSpec(s -> s.with("dnsConfig", Json.object("searches",
                        Json.from(Stream.concat(Collections.nCopies(32, "a".repeat(63) + "." + "a".repeat(63)).stream(), Stream.of("b")).toList()))))),
                arguments("the pod's user and group ids are between 0 and 2^31-1", podSpec(s -> s.with("securityContext", Json.object("fsGroup", -1,
                        "runAsUser", 2147483648L, "runAsGroup", -5, "supplementalGroups", Json.array(0, -2, 3000000000L))))),
                arguments("the process namespace is not shared with hostPID; fsGroup change and supplemental groups policies are known", podSpec(s -> s
                        .with("shareProcessNamespace", true).with("hostPID", true)
                        .with("securityContext", Json.object("fsGroupChangePolicy", "Sometimes", "supplementalGroupsPolicy", "Loose")))),
                arguments("a sysctl has a name of at most 253 characters matching the regex, given once", podSpec(s -> s.with("securityContext",
                        sysctls("", "Kernel.Shm", "kernel.shm_rmid_forced", "kernel.shm_rmid_forced", "a".repeat(254),
                                "net/ipv4/ip_forward", "net/ipv4/ip_forward")))),
                arguments("no network sysctl with hostNetwork, no IPC sysctl with hostIPC; a slashed name is read dotted, a '*' ends it", podSpec(s -> s
                        .with("hostNetwork", true).with("hostIPC", true).with("securityContext", sysctls("net.core.somaxconn",
                                "net/ipv4/conf/eno2.100/rp_filter", "kernel.shmmax", "fs.mqueue.msg_max", "kernel.shm*", "kernel.domainname",
                                "kernel.shmmaximum")))),
                arguments("a seccomp profile has a known type, a localhost profile only with Localhost", both(
                        podSpec(s -> s.with("securityContext", Json.object("seccompProfile", Json.object("type", "Custom", "localhostProfile", "p.json")))),
                        container(c -> c.with("securityContext", Json.object("seccompProfile", Json.object()))))),
                arguments("a Localhost seccomp profile names a relative path without '..'", both(
                        podSpec(s -> s.with("securityContext", Json.object("seccompProfile", Json.object("type", "Localhost")))),
                        container(c -> c.with("securityContext", Json.object("seccompProfile",
                                Json.object("type", "Localhost", "localhostProfile", "/a/../p.json")))))),
                arguments("a container's ids are in range, its proc mount Default or Unmasked, Unmasked only without host users", both(
                        podSpec(s -> s.with("initContainers", Json.array(Json.object("name", "init", "image", IMAGE,
                                "securityContext", Json.object("procMount", "Unmasked"))))),
                        container(c -> c.with("securityContext", Json.object("runAsUser", -1, "runAsGroup", 2147483648L, "procMount", "Masked"))))),
                arguments("nodeSelector keys and values are labels", podSpec(s -> s.with("nodeSelector", Json.object("Bad Key", "v", "disk", "ssd!")))),
                arguments("tolerations: a key or Exists, a label value for Equal and none for Exists, NoExecute with seconds, known operators and effects",
                        podSpec(s -> s.with("tolerations", Json.array(
                                Json.object("operator", "Equal"),
                                Json.object("key", "k", "operator", "Exists", "value", "v", "effect", "NoExecute"),
                                Json.object("key", "bad key", "value", "bad value!", "effect", "Sometimes", "tolerationSeconds", 5),
                                Json.object("key", "k", "operator", "Lt", "value", "5"),
                                Json.object("key", "k", "operator", "In"))))),
                arguments("a required node selector has at least one term", nodeAffinity(Json.object(
                        "requiredDuringSchedulingIgnoredDuringExecution", Json.object("nodeSelectorTerms", Json.array())))),
                arguments("a required node expression: values for In and NotIn, none for Exists, one for Gt and Lt, a known operator, a label "
                        + "key, label values", requiredNodeTerms(Json.object("matchExpressions", Json.array(requirement("zone", "In"),
                                requirement("zone", "Exists", "a"), requirement("cpus", "Gt", "1", "2"), requirement("Bad Key", "Like", "x"),
                                requirement("disk", "In", "ssd!"))))),
                arguments("a node field requirement: In or NotIn of one value, of metadata.name, a DNS-1123 subdomain", requiredNodeTerms(
                        Json.object("matchFields", Json.array(requirement("metadata.name", "In", "a", "b"), requirement("metadata.uid", "Exists"),
                                requirement("metadata.name", "NotIn", "Node_1")), "matchExpressions", Json.array(requirement("zone", "In"))))),
                arguments("a preferred node term has a weight in 1-100 and may have any label value", nodeAffinity(Json.object(
                        "preferredDuringSchedulingIgnoredDuringExecution", Json.array(
                                Json.object("weight", 0, "preference", Json.object("matchExpressions", Json.array(requirement("disk", "In", "ssd!")))),
                                Json.object("weight", 101, "preference", Json.object("matchExpressions", Json.array(requirement("Bad Key", "Exists")))),
                                Json.object("preference", Json.object()))))),
                arguments("a pod affinity term has a topology key, a label name", podAffinity(Json.object("topologyKey", ""),
                        Json.object("topologyKey", "bad key!"))),
                arguments("a pod affinity term's selectors have strict label values, its namespaces are labels reported at 'namespace'",
                        podAffinity(Json.object("topologyKey", "zone",
                                "labelSelector", Json.object("matchExpressions", Json.array(requirement("app", "In", "bad value!"))),
                                "namespaceSelector", Json.object("matchLabels", Json.object("Bad Key", "x")), "namespaces", Json.array("ns1", "Bad_NS")))),
                arguments("a weighted pod affinity term has a weight in 1-100, then its term; anti-affinity is checked as affinity", podSpec(s -> s
                        .with("affinity", Json.object("podAntiAffinity", Json.object(
                                "requiredDuringSchedulingIgnoredDuringExecution", Json.array(Json.object()),
                                "preferredDuringSchedulingIgnoredDuringExecution", Json.array(
                                        Json.object("weight", 0, "podAffinityTerm", Json.object("topologyKey", "zone")), Json.object("weight", 50))))))),
                arguments("match and mismatch label keys: only beside a label selector, label names", podAffinity(
                        Json.object("topologyKey", "zone", "matchLabelKeys", Json.array("a"), "mismatchLabelKeys", Json.array("b")),
                        Json.object("topologyKey", "zone", "labelSelector", Json.object(), "matchLabelKeys", Json.array("Bad Key"),
                                "mismatchLabelKeys", Json.array("ok", "x/")))),
                arguments("a match label key is not in both lists, nor an expression's key the selector already has (at the term's own path)",
                        podAffinity(Json.object("topologyKey", "zone", "labelSelector", Json.object("matchLabels", Json.object("app", "web"),
                                        "matchExpressions", Json.array(requirement("app", "Exists"), requirement("tier", "Exists"),
                                                requirement("tier", "Exists"), requirement("zone", "Exists"))),
                                "matchLabelKeys", Json.array("zone", "app", "tier"), "mismatchLabelKeys", Json.array("tier")))),
                arguments("maxSkew is greater than zero, a topology key is given, whenUnsatisfiable is DoNotSchedule or ScheduleAnyway",
                        spreadConstraints(spread(0, "zone", "Sometimes"), spread(-1, "", "DoNotSchedule"),
                                Json.object("topologyKey", "host"))),
                arguments("a {topologyKey, whenUnsatisfiable} pair is given once, reported on each constraint a later one repeats", spreadConstraints(
                        spread(1, "zone", "DoNotSchedule"), spread(1, "zone", "ScheduleAnyway"), spread(2, "zone", "DoNotSchedule"),
                        spread(3, "zone", "DoNotSchedule"))),
                arguments("minDomains, when given, is greater than zero and only with DoNotSchedule", spreadConstraints(
                        spread(1, "zone", "DoNotSchedule").with("minDomains", 0), spread(1, "host", "ScheduleAnyway").with("minDomains", 2),
                        spread(1, "rack", "ScheduleAnyway").with("minDomains", -1))),
                arguments("node affinity and taints policies, when given, are Honor or Ignore", spreadConstraints(
                        spread(1, "zone", "DoNotSchedule").with("nodeAffinityPolicy", "honor").with("nodeTaintsPolicy", ""))),
                arguments("matchLabelKeys: only beside a label selector, label names, none the selector repeats (at the constraint's own path)",
                        spreadConstraints(spread(1, "zone", "DoNotSchedule").with("matchLabelKeys", Json.array("a")),
                                spread(1, "host", "DoNotSchedule").with("matchLabelKeys", Json.array("app", "Bad Key"))
                                        .with("labelSelector", Json.object("matchLabels", Json.object("app", "web"),
                                                "matchExpressions", Json.array(requirement("app", "Exists")))))),
                arguments("an empty required node selector; an empty spread constraint, and one failing each check, of the same empty pair",
                        both(nodeAffinity(Json.object("requiredDuringSchedulingIgnoredDuringExecution", Json.object())), spreadConstraints(
                                Json.object("nodeTaintsPolicy", "x", "minDomains", 1, "matchLabelKeys", Json.array("k"),
                                        "labelSelector", Json.object("matchLabels", Json.object("a", "b!"))),
                                Json.object()))),
                arguments("a spread constraint's label selector has strict label values", spreadConstraints(spread(1, "zone", "DoNotSchedule")
                        .with("labelSelector", Json.object("matchExpressions", Json.array(requirement("app", "In", "bad value!"),
                                requirement("x", "Exists", "a")))))),
                arguments("readiness gates' condition types and scheduling gates are qualified names, each scheduling gate once",
                        podSpec(s -> s.with("readinessGates", Json.array(Json.object("conditionType", "not ready"), Json.object(),
                                        Json.object("conditionType", "a/b/c")))
                                .with("schedulingGates", Json.array(Json.object("name", "example.com/quota"), Json.object("name", "bad gate"),
                                        Json.object("name", "example.com/quota"))))),
                arguments("host aliases have an IP address and DNS subdomain host names", podSpec(s -> s.with("hostAliases", Json.array(
                        Json.object("ip", "10.0.0.010", "hostnames", Json.array("db.local", "DB_Local")), Json.object("hostnames", Json.array("")))))),
                arguments("a hostname override: a DNS subdomain of at most 64 bytes", podSpec(s -> s.with("hostnameOverride", "A".repeat(65)))),
                arguments("a hostname override: not with setHostnameAsFQDN nor hostNetwork, an empty one checked", podSpec(s -> s
                        .with("hostnameOverride", "").with("setHostnameAsFQDN", true).with("hostNetwork", true))),
                arguments("service account, node, priority class and runtime class names are DNS subdomains", podSpec(s -> s
                        .with("serviceAccountName", "Builder").with("nodeName", "Node 1").with("priorityClassName", "High_Priority")
                        .with("runtimeClassName", "Kata"))),
                arguments("the deprecated serviceAccount stands for serviceAccountName; an empty runtime class name is checked", podSpec(s -> s
                        .with("serviceAccount", "Old_Name").with("runtimeClassName", ""))),
                arguments("a preemption policy is PreemptLowerPriority or Never", podSpec(s -> s.with("preemptionPolicy", "Always"))),
                arguments("a preemption policy given empty is required", podSpec(s -> s.with("preemptionPolicy", ""))),
                arguments("a resize policy: each resource once, cpu or memory, a known restart policy", container(c -> c.with("resizePolicy",
                        Json.array(resize("cpu", "NotRequired"), resize("cpu", "Sometimes"), resize("storage", "RestartContainer"), Json.object())))),
                arguments("a resize policy is NotRequired when the pod's restartPolicy is Never", both(podSpec(s -> s.with("restartPolicy", "Never")),
                        container(c -> c.with("resizePolicy", Json.array(resize("memory", "RestartContainer")))))),
                arguments("an init container that is not a sidecar is not restarted for a resize", podSpec(s -> s.with("initContainers", Json.array(
                        Json.object("name", "init", "image", IMAGE, "resizePolicy", Json.array(resize("cpu", "NotRequired"),
                                resize("memory", "RestartContainer"))))))),
                arguments("an overhead has container resource names and no negative quantity, named as limits", podSpec(s -> s
                        .with("overhead", Json.object("cpu", "-100m", "Bad Name", 1, "memory", "120Mi")))),
                arguments("a container's restart policy is known; each rule has a known action and exit codes with a known operator",
                        container(c -> c.with("restartPolicy", "Sometimes").with("restartPolicyRules", Json.array(
                                restartRule("Restart", "In"), restartRule("Stop", "Above"), Json.object("action", "Restart"))))),
                arguments("a container's rules need its restart policy", container(c -> c.with("restartPolicyRules", Json.array(Json.object())))),
                arguments("an init container's rules need its restart policy, and an empty policy is not supported", podSpec(s -> s
                        .with("initContainers", Json.array(Json.object("name", "rules", "image", IMAGE, "restartPolicyRules", Json.array(Json.object())),
                                Json.object("name", "empty", "image", IMAGE, "restartPolicy", ""))))),
                arguments("at most 20 restart rules, each of at most 255 exit codes, an init container's too", podSpec(s -> s
                        .with("initContainers", Json.array(Json.object("name", "init", "image", IMAGE, "restartPolicy", "Never",
                                "restartPolicyRules", restartRules(21, 1))))
                        .with("containers", Json.array(Json.object("name", "app", "image", IMAGE, "restartPolicy", "Never",
                                "restartPolicyRules", restartRules(1, 1, exitCodes(256, "Out"), exitCodes(300, "In"))))))),
                arguments("a credential spec's name is a DNS subdomain, a credential spec is not empty nor over 64 KiB, a user name not empty",
                        both(podSpec(s -> s.with("securityContext", Json.object("windowsOptions", Json.object(
                                        "gmsaCredentialSpecName", "Web_Cred", "gmsaCredentialSpec", "", "runAsUserName", "")))),
                                container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object(
                                        "gmsaCredentialSpec", "x".repeat(64 * 1024 + 1))))))),
                arguments("a Windows user name is DOMAIN\\USER or USER of the lengths and characters Windows allows", podSpec(s -> s
                        .with("initContainers", runningAs(IMAGE, REFUSED_USER_NAMES)))),
                arguments("a container's hostProcess is the pod's when both are given", both(
                        podSpec(s -> s.with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", true)))),
                        container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", false)))))),
                arguments("an AppArmor profile has a known type", both(
                        podSpec(s -> s.with("securityContext", Json.object("appArmorProfile", Json.object()))),
                        container(c -> c.with("securityContext", Json.object("appArmorProfile", Json.object("type", "Custom", "localhostProfile", "p")))))),
                arguments("a Localhost AppArmor profile is given, not padded, of at most 4095 bytes; the other types have none",
                        podSpec(s -> s.with("initContainers", refusedAppArmorContainers(IMAGE)))),
                arguments("seccomp annotations say what the pod's and a container's profile fields say", both(
                        templateAnnotations(SECCOMP_POD, "unconfined", SECCOMP + "app", "localhost/a.json", SECCOMP + "init", "runtime/default"),
                        both(podSpec(s -> s.with("securityContext", Json.object("seccompProfile", Json.object("type", "RuntimeDefault")))
                                        .with("initContainers", Json.array(Json.object("name", "init", "image", IMAGE, "securityContext",
                                                Json.object("seccompProfile", Json.object("type", "Localhost", "localhostProfile", "a.json")))))),
                                container(c -> c.with("securityContext", Json.object("seccompProfile",
                                        Json.object("type", "Localhost", "localhostProfile", "b.json"))))))),
                arguments("AppArmor annotations say what a container's profile says, its own or else the pod's; not for a windows pod", both(
                        templateAnnotations(APPARMOR + "app", "unconfined", APPARMOR + "init", "localhost/y", APPARMOR + "other", "runtime/default"),
                        podSpec(s -> s.with("securityContext", Json.object("appArmorProfile", Json.object("type", "RuntimeDefault")))
                                .with("initContainers", Json.array(
                                        Json.object("name", "init", "image", IMAGE, "securityContext", Json.object("appArmorProfile", localhostAppArmor("x"))),
                                        Json.object("name", "other", "image", IMAGE)))))),
                arguments("a windows pod's AppArmor annotations are not compared with its (forbidden) profile", both(
                        templateAnnotations(APPARMOR + "app", "runtime/default"),
                        both(podSpec(s -> s.with("os", Json.object("name", "windows"))),
                                container(c -> c.with("securityContext", Json.object("appArmorProfile", Json.object("type", "Unconfined"))))))),
                arguments("a windows pod has no pod-level resources, and nothing else of them is checked", podSpec(s -> s
                        .with("os", Json.object("name", "windows")).with("resources", Json.object("limits", Json.object("cpu", "-1"))))),
                arguments("pod-level resources: no claims; names of cpu, memory or hugepages; requests within limits, as a container's",
                        podSpec(s -> s.with("resources", Json.object("claims", Json.array(), "limits", Json.object("cpu", "-1",
                                "ephemeral-storage", "1Gi", "example.com/gpu", "1", "memory", "1Gi"), "requests", Json.object("memory", "2Gi"))))),
                arguments("pod-level requests at least the containers' aggregate, hugepages limits at least theirs, a container's limit within the pod's",
                        podSpec(s -> refusedPodResources(s, IMAGE))),
                arguments("an os has a name", podSpec(s -> s.with("os", Json.object()))),
                arguments("an os is linux or windows, and an unknown one forbids nothing", podSpec(s -> s.with("os", Json.object("name", "darwin"))
                        .with("securityContext", Json.object("windowsOptions", Json.object())))),
                arguments("a linux pod has no Windows options, in its own or a container's security context", both(
                        podSpec(s -> s.with("os", Json.object("name", "linux"))
                                .with("securityContext", Json.object("windowsOptions", Json.object("runAsUserName", "app")))
                                .with("initContainers", Json.array(Json.object("name", "init", "image", IMAGE,
                                        "securityContext", Json.object("windowsOptions", Json.object()))))),
                        container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object()))))),
                arguments("a windows pod sets none of the Linux-only pod fields", podSpec(s -> s
                        .with("os", Json.object("name", "windows")).with("hostUsers", true).with("hostPID", true).with("hostIPC", true)
                        .with("shareProcessNamespace", false).with("securityContext", linuxOnlyPodSecurityContext()))),
                arguments("a windows pod's containers set none of the Linux-only security settings", both(
                        podSpec(s -> s.with("os", Json.object("name", "windows"))),
                        container(c -> c.with("securityContext", linuxOnlyContainerSecurityContext())))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidTemplates")
    void theApiServerRefusesTheTemplateWithTheFieldErrorsOurValidatorReports(String rule, UnaryOperator<Json.Obj> change) {
        Json.Obj manifest = change.apply(valid("web"));

        List<String> server = serverErrors(manifest);

        assertThat(server).as("the API server refuses it").isNotEmpty();
        assertThat(ourErrors(manifest)).containsExactlyInAnyOrderElementsOf(server);
    }

    static Stream<Arguments> validTemplates() {
        return Stream.of(
                arguments("mounts of a claim template and a pod volume, named ports, relaxed env names, requests within limits", both(
                        podSpec(s -> s.with("volumes", Json.array(emptyDir("cache")))),
                        container(c -> c.with("volumeMounts", Json.array(mount("www", "/www"),
                                        Json.object("name", "cache", "mountPath", "/cache", "subPath", "a/b")))
                                .with("ports", Json.array(port("http", 80), Json.object("name", "metrics", "containerPort", 9090, "protocol", "UDP")))
                                .with("env", Json.array(Json.object("name", "1_ANY printable-ASCII.name~", "value", "x")))
                                .with("resources", Json.object("limits", Json.object("cpu", 1, "memory", "1Gi", "example.com/gpu", "2"),
                                        "requests", Json.object("cpu", "0.5", "memory", "1024Mi", "ephemeral-storage", "1G", "example.com/gpu", 2)))))),
                arguments("a sign, a point or a suffix alone is a zero quantity; a divisor of 1000m is 1", container(c -> c
                        .with("resources", Json.object("requests", Json.object("cpu", "-", "memory", "Gi", "ephemeral-storage", ".")))
                        .with("env", Json.array(resourceFieldRef("A", "limits.cpu", "1000m"), resourceFieldRef("B", "limits.memory", "+0"))))),
                arguments("a claim volume, emptyDirs of a zero or positive size limit and any medium, host paths of each type", podSpec(s -> s
                        .with("volumes", Json.array(claim("data"), Json.object("name", "zero", "emptyDir", Json.object("sizeLimit", "0")),
                                Json.object("name", "ram", "emptyDir", Json.object("medium", "Memory", "sizeLimit", "64Mi")),
                                Json.object("name", "tape", "emptyDir", Json.object("medium", "Tape")),
                                Json.object("name", "log", "hostPath", Json.object("path", "/var/log")),
                                Json.object("name", "sock", "hostPath", Json.object("path", "run/x..y/docker.sock", "type", "Socket")),
                                Json.object("name", "dev", "hostPath", Json.object("path", "/dev/sda", "type", "BlockDevice")))))),
                arguments("a secret and a config map of any name, items of any key at relative paths, modes 0 and 0777", podSpec(s -> s
                        .with("volumes", Json.array(Json.object("name", "s", "secret", Json.object("secretName", "Not_A_Name", "defaultMode", 0,
                                        "optional", true, "items", Json.array(Json.object("key", "not a key!", "path", "a..b/..c", "mode", 511)))),
                                Json.object("name", "c", "configMap", Json.object("name", "conf", "defaultMode", 511, "items", Json.array(
                                        Json.object("key", "k", "path", "k"), Json.object("key", "k", "path", "./k", "mode", 0)))))))),
                arguments("downward API files of each volume field path, a subscripted label and annotation, a container's resources",
                        podSpec(s -> s.with("volumes", Json.array(downwardApiVolume())))),
                arguments("a projected volume of a secret, config maps, a downward API file and tokens at distinct paths",
                        podSpec(s -> s.with("volumes", Json.array(projectedVolume())))),
                arguments("projected clusterTrustBundle and podCertificate sources of bad settings, dropped with their gates off by default",
                        volumes(Json.object("name", "p", "projected", Json.object("sources", Json.array(
                                Json.object("clusterTrustBundle", Json.object("path", "/abs/../x", "signerName", "Not A Signer")),
                                Json.object("podCertificate", Json.object("signerName", "", "keyType", "DSA", "credentialBundlePath", "/abs"))))))),
                arguments("ephemeral volumes of labels and annotations, each access mode, a block mode and a storage class", volumes(ephemeralVolumes())),
                arguments("ephemeral volumes and claim templates of a selector, class names, Block mode and data sources",
                        both(volumes(ephemeralVolumesOf(claimSpecs())), claimTemplates(claimSpecs()))),
                arguments("a CSI volume of a driver in upper case, attributes and a secret; flex options; image volumes of a policy and of no reference",
                        volumes(driverVolumes())),
                arguments("iSCSI volumes of iqn, eui and naa names, CHAP with a secret", volumes(iscsiVolumes())),
                arguments("network volumes with their required fields, an NFS volume", volumes(networkVolumes())),
                arguments("cloud and vendor volumes with their required fields", volumes(cloudVolumes())),
                arguments("volume devices of a claim template, a claim volume and an ephemeral volume, a relative device path", both(
                        podSpec(s -> s.with("volumes", Json.array(claim("data"), Json.object("name", "scratch", "ephemeral", Json.object(
                                "volumeClaimTemplate", Json.object("spec", Json.object("accessModes", Json.array("ReadWriteOnce"),
                                        "resources", Json.object("requests", Json.object("storage", "1Gi"))))))))),
                        container(c -> c.with("volumeDevices", Json.array(device("www", "/dev/www"), device("data", "/dev/data"),
                                device("scratch", "dev/scratch")))))),
                arguments("host namespaces with the host's users, host ports equal to the container ports or absent, init containers reusing them",
                        both(podSpec(s -> s.with("hostNetwork", true).with("hostPID", true).with("hostIPC", true).with("initContainers", Json.array(
                                        Json.object("name", "i", "image", IMAGE, "ports", Json.array(hostPort(8080, 8080))),
                                        Json.object("name", "j", "image", IMAGE, "ports", Json.array(hostPort(8080, 8080)))))),
                                container(c -> c.with("ports", Json.array(hostPort(8080, 8080), Json.object("containerPort", 81)))))),
                arguments("hostUsers false without host namespaces", podSpec(s -> s
                        .with("hostUsers", false).with("hostNetwork", false).with("hostPID", false).with("hostIPC", false))),
                arguments("each value source, envFrom with a prefix, probes of each handler, known policies", both(
                        podSpec(s -> s.with("volumes", Json.array(emptyDir("files")))),
                        container(c -> c.with("imagePullPolicy", "Never").with("terminationMessagePolicy", "FallbackToLogsOnError")
                                .with("env", Json.array(fieldRef("A", "v1", "metadata.labels['app.kubernetes.io/name']"),
                                        fieldRef("B", "v1", "spec.host"), resourceFieldRef("C", "limits.memory", "1Mi"),
                                        resourceFieldRef("D", "requests.cpu", "1m"),
                                        Json.object("name", "E", "valueFrom", Json.object("configMapKeyRef", Json.object("name", "cm", "key", "k.1"))),
                                        Json.object("name", "F", "valueFrom", Json.object("secretKeyRef", Json.object("name", "s", "key", "K_2"))),
                                        fileKeyRef("G", "KEY", "files", "env/file")))
                                .with("envFrom", Json.array(Json.object("prefix", "1 any-prefix.", "configMapRef", Json.object("name", "cm")),
                                        Json.object("secretRef", Json.object("name", "s-"))))
                                .with("livenessProbe", Json.object("httpGet", Json.object("port", "http", "scheme", "HTTPS",
                                        "httpHeaders", Json.array(Json.object("name", "X-Probe", "value", "1"))), "successThreshold", 1))
                                .with("readinessProbe", Json.object("tcpSocket", Json.object("port", 80), "successThreshold", 3))
                                .with("startupProbe", Json.object("grpc", Json.object("port", 9000), "terminationGracePeriodSeconds", 10))
                                .with("ports", Json.array(port("http", 8080)))))),
                arguments("hooks of each handler, a sleep of 0 and of the whole grace period, a sidecar's hooks, a stop signal (dropped)", both(
                        podSpec(s -> s.with("initContainers", Json.array(Json.object("name", "sidecar", "image", IMAGE, "restartPolicy", "Always",
                                "lifecycle", Json.object("postStart", Json.object("sleep", Json.object("seconds", 0)),
                                        "preStop", Json.object("sleep", Json.object("seconds", 30))))))),
                        container(c -> c.with("lifecycle", Json.object(
                                "postStart", Json.object("httpGet", Json.object("port", "http", "scheme", "HTTPS", "path", "/started",
                                        "httpHeaders", Json.array(Json.object("name", "X-Hook", "value", "1")))),
                                "preStop", Json.object("exec", Json.object("command", Json.array("sh", "-c", "sleep 1"))),
                                "stopSignal", "SIGUSR1"))))),
                arguments("dns config beside another policy: nameservers of either family, search paths with '_' or a trailing '.', named options",
                        podSpec(s -> s.with("dnsPolicy", "ClusterFirstWithHostNet").with("dnsConfig", Json.object(
                                "nameservers", Json.array("10.0.0.10", "2001:db8::53", "FE80:0:0:0:0:0:0:0abc"),
                                "searches", Json.array("_srv._tcp.example.com", "svc.cluster.local.", "."),
                                "options", Json.array(Json.object("name", "ndots", "value", "2"), Json.object("name", "edns0")))))),
                arguments("security contexts: ids at both ends of the range, known policies, seccomp profiles, an Unmasked proc mount without host users",
                        both(podSpec(s -> s.with("hostUsers", false).with("shareProcessNamespace", true).with("securityContext", Json.object(
                                        "fsGroup", 0, "runAsUser", 2147483647L, "runAsGroup", 1000, "supplementalGroups", Json.array(0, 2147483647L),
                                        "fsGroupChangePolicy", "OnRootMismatch", "supplementalGroupsPolicy", "Strict",
                                        "seccompProfile", Json.object("type", "RuntimeDefault")))),
                                container(c -> c.with("securityContext", Json.object("runAsUser", 0, "procMount", "Unmasked",
                                        "seccompProfile", Json.object("type", "Localhost", "localhostProfile", "profiles/audit.json")))))),
                arguments("namespaced sysctls in the pod's own namespaces", podSpec(s -> s.with("securityContext", sysctls("net.core.somaxconn",
                        "kernel.shm_rmid_forced", "net/ipv4/conf/eno2.100/rp_filter", "fs.mqueue.msg_max")))),
                arguments("with hostNetwork and hostIPC, sysctls of neither namespace", podSpec(s -> s.with("hostNetwork", true).with("hostIPC", true)
                        .with("securityContext", sysctls("kernel.domainname", "vm.swappiness")))),
                arguments("a tcpSocket hook", container(c -> c.with("lifecycle", Json.object("preStop", Json.object("tcpSocket", Json.object("port", 8080)))))),
                arguments("tolerations, a node selector, dnsPolicy None with a nameserver, a negative grace period", podSpec(s -> s
                        .with("tolerations", Json.array(Json.object("operator", "Exists"),
                                Json.object("key", "example.com/k", "operator", "Equal", "value", "v", "effect", "NoExecute", "tolerationSeconds", 30),
                                Json.object("key", "k", "effect", "PreferNoSchedule")))
                        .with("nodeSelector", Json.object("kubernetes.io/os", "linux"))
                        .with("dnsPolicy", "None").with("dnsConfig", Json.object("nameservers", Json.array("10.0.0.10")))
                        .with("terminationGracePeriodSeconds", -1).with("hostname", "Not_A_Label").with("subdomain", "a.b"))),
                arguments("node terms of every operator and the node's name, any preference, pod terms with selectors, namespaces and keys",
                        podSpec(s -> s.with("affinity", affinity()))),
                arguments("spread constraints of each action, minDomains with DoNotSchedule, each node policy, matchLabelKeys, any topology key",
                        spreadConstraints(topologySpreadConstraints())),
                arguments("gates with qualified names, host aliases of either family", podSpec(s -> s
                        .with("readinessGates", Json.array(Json.object("conditionType", "example.com/ready"), Json.object("conditionType", "Ready")))
                        .with("schedulingGates", Json.array(Json.object("name", "example.com/quota"), Json.object("name", "hold")))
                        .with("hostAliases", Json.array(Json.object("ip", "10.0.0.10", "hostnames", Json.array("db.local", "db")),
                                Json.object("ip", "2001:db8::1"))))),
                arguments("names that are DNS subdomains, empty plain names, a 64-byte hostname override, each preemption policy", podSpec(s -> s
                        .with("hostnameOverride", "a".repeat(64)).with("setHostnameAsFQDN", false).with("serviceAccountName", "")
                        .with("serviceAccount", "").with("nodeName", "node-1.zone-a").with("priorityClassName", "")
                        .with("runtimeClassName", "kata.containers").with("preemptionPolicy", "Never"))),
                arguments("the deprecated serviceAccount is not checked beside a serviceAccountName", podSpec(s -> s
                        .with("serviceAccountName", "builder").with("serviceAccount", "Old_Name").with("preemptionPolicy", "PreemptLowerPriority"))),
                arguments("resize policies of cpu and memory, a sidecar's that restarts it", both(
                        container(c -> c.with("resizePolicy", Json.array(resize("cpu", "NotRequired"), resize("memory", "RestartContainer")))),
                        podSpec(s -> s.with("initContainers", Json.array(Json.object("name", "sidecar", "image", IMAGE, "restartPolicy", "Always",
                                "resizePolicy", Json.array(resize("memory", "RestartContainer")))))))),
                arguments("an overhead of cpu and memory", podSpec(s -> s.with("overhead", Json.object("cpu", "250m", "memory", "120Mi")))),
                arguments("restart policies and rules of containers, init containers and a sidecar", both(
                        container(c -> c.with("restartPolicy", "Never")
                                .with("restartPolicyRules", Json.array(restartRule("Restart", "In"), restartRule("RestartAllContainers", "NotIn")))),
                        podSpec(s -> s.with("initContainers", Json.array(
                                Json.object("name", "once", "image", IMAGE, "restartPolicy", "OnFailure",
                                        "restartPolicyRules", Json.array(restartRule("Restart", "In"))),
                                Json.object("name", "never", "image", IMAGE, "restartPolicy", "Never"),
                                Json.object("name", "sidecar", "image", IMAGE, "restartPolicy", "Always",
                                        "restartPolicyRules", Json.array(restartRule("RestartAllContainers", "In")))))))),
                arguments("20 restart rules, 255 exit codes", container(c -> c.with("restartPolicy", "Never")
                        .with("restartPolicyRules", restartRules(19, 1, exitCodes(255, "NotIn"))))),
                arguments("Windows user names of a NetBios or DNS domain or none, a credential spec and its name, no host process", both(
                        podSpec(s -> s.with("initContainers", runningAs(IMAGE, ACCEPTED_USER_NAMES))
                                .with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", false)))),
                        container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object(
                                "gmsaCredentialSpecName", "web-cred.v1", "gmsaCredentialSpec", "{}", "hostProcess", false)))))),
                arguments("AppArmor profiles of each type, a Localhost one of 4095 bytes; annotations that say what the fields say", both(
                        templateAnnotations(SECCOMP_POD, "docker/default", SECCOMP + "app", "localhost/a.json", APPARMOR + "app", "localhost/x",
                                APPARMOR + "a0", "runtime/default", SECCOMP + "a1", "unconfined"),
                        both(podSpec(s -> s.with("securityContext", Json.object("appArmorProfile", Json.object("type", "Unconfined"),
                                                "seccompProfile", Json.object("type", "RuntimeDefault")))
                                        .with("initContainers", appArmorContainers(IMAGE, Json.object("type", "RuntimeDefault"),
                                                localhostAppArmor("p".repeat(4095))))),
                                container(c -> c.with("securityContext", Json.object("appArmorProfile", localhostAppArmor("x"),
                                        "seccompProfile", Json.object("type", "Localhost", "localhostProfile", "a.json"))))))),
                arguments("pod-level resources the containers, a sidecar and an init container fit in", podSpec(s -> podResources(s, IMAGE))),
                arguments("empty pod-level resources", podSpec(s -> s.with("resources", Json.object()))),
                arguments("a linux pod with Linux settings", podSpec(s -> s.with("os", Json.object("name", "linux")).with("hostPID", true)
                        .with("securityContext", Json.object("runAsUser", 1, "seccompProfile", Json.object("type", "RuntimeDefault"))))),
                arguments("a windows pod with Windows options, host namespaces off, no sysctls", both(
                        podSpec(s -> s.with("os", Json.object("name", "windows")).with("hostPID", false).with("hostIPC", false)
                                .with("securityContext", Json.object("windowsOptions", Json.object("runAsUserName", "ContainerUser"),
                                        "sysctls", Json.array()))),
                        container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object("runAsUserName", "ContainerUser")))))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validTemplates")
    void theApiServerAcceptsWhatOurValidatorAccepts(String variant, UnaryOperator<Json.Obj> change) {
        Json.Obj manifest = change.apply(valid("accepted"));

        assertThat(ourErrors(manifest)).isEmpty();
        assertThat(serverErrors(manifest)).isEmpty();
    }

    static final String HOST_PROCESS_POLICY = "spec.template.spec: Forbidden: hostProcess containers are disallowed by cluster policy";

    /** Templates of host process containers, which our rules leave to a cluster's policy (as {@code privileged}). */
    static Stream<Arguments> hostProcessTemplates() {
        return Stream.of(
                arguments("host process containers need hostNetwork", both(
                        podSpec(s -> s.with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", false)))),
                        container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", true)))))),
                arguments("once a container is a host process, all are", both(
                        podSpec(s -> s.with("hostNetwork", true).with("initContainers", Json.array(Json.object("name", "init", "image", IMAGE)))),
                        container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", true)))))),
                arguments("host process containers of the pod's setting on the host's network", both(
                        podSpec(s -> s.with("hostNetwork", true).with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", true)))),
                        container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", true)))))));
    }

    /**
     * {@code validateWindowsHostProcessPod}: a server without {@code --allow-privileged} (as this one) refuses any host process
     * container by its policy too; besides that one error, it reports exactly ours (none for the last template).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("hostProcessTemplates")
    void theApiServerRefusesHostProcessContainersByItsPolicyBesideTheErrorsOurValidatorReports(String rule, UnaryOperator<Json.Obj> change) {
        Json.Obj manifest = change.apply(valid("host-process"));

        List<String> expected = new ArrayList<>(ourErrors(manifest));
        expected.add(HOST_PROCESS_POLICY);

        assertThat(serverErrors(manifest)).containsExactlyInAnyOrderElementsOf(expected);
    }

    /** The causes of the server's 422 as {@code <field>: <type>: <detail>}, or none when it stores the set (deleted again). */
    static List<String> serverErrors(Json.Obj manifest) {
        GenericKubernetesResource resource = Serialization.unmarshal(manifest.toString(), GenericKubernetesResource.class);
        try {
            client.genericKubernetesResources("apps/v1", "StatefulSet").inNamespace(NAMESPACE).resource(resource).create();
        } catch (KubernetesClientException e) {
            assertThat(e.getCode()).as(e.getMessage()).isEqualTo(422);
            return e.getStatus().getDetails().getCauses().stream().map(ApiServerValidationIT::text).toList();
        }
        client.genericKubernetesResources("apps/v1", "StatefulSet").inNamespace(NAMESPACE).withName(resource.getMetadata().getName()).delete();
        return List.of();
    }

    static String text(StatusCause cause) {
        return cause.getField() + ": " + cause.getMessage();
    }

    /** Decoded strictly and defaulted, as the in-memory cluster and gRPC Validate take a manifest, then create validation. */
    static List<String> ourErrors(Json.Obj manifest) {
        StatefulSet set = Defaults.statefulSet(CustomKindCodec.decodeStatefulSet(JsonParser.parseObject(manifest.toString()), true).value());
        set = set.withMetadata(set.metadata().withNamespace(NAMESPACE));
        return StatefulSetValidator.validate(set).stream().map(Violation::toString).toList();
    }

    // ------------------------------------------------------------------ manifests

    static Json.Obj restartRule(String action, String operator) {
        return Json.object("action", action, "exitCodes", Json.object("operator", operator, "values", Json.array(42)));
    }

    static Json.Obj resize(String resource, String restart) {
        return Json.object("resourceName", resource, "restartPolicy", restart);
    }

    static Json.Obj valid(String name) {
        return Json.object("apiVersion", "apps/v1", "kind", "StatefulSet", "metadata", Json.object("name", name),
                "spec", Json.object("replicas", 1, "serviceName", "web", "selector", Json.object("matchLabels", Json.object("app", "web")),
                        "template", Json.object("metadata", Json.object("labels", Json.object("app", "web")),
                                "spec", Json.object("containers", Json.array(Json.object("name", "app", "image", IMAGE)))),
                        "volumeClaimTemplates", Json.array(Json.object("metadata", Json.object("name", "www"),
                                "spec", Json.object("accessModes", Json.array("ReadWriteOnce"),
                                        "resources", Json.object("requests", Json.object("storage", "1Gi")))))));
    }

    static final String SECCOMP_POD = "seccomp.security.alpha.kubernetes.io/pod";
    static final String SECCOMP = "container.seccomp.security.alpha.kubernetes.io/";
    static final String APPARMOR = "container.apparmor.security.beta.kubernetes.io/";

    static UnaryOperator<Json.Obj> templateAnnotations(String... keysAndValues) {
        return m -> m.update("spec", s -> s.update("template", t -> t.update("metadata", md -> md.with("annotations", Json.object((Object[]) keysAndValues)))));
    }

    static UnaryOperator<Json.Obj> podSpec(UnaryOperator<Json.Obj> change) {
        return m -> m.update("spec", s -> s.update("template", t -> t.update("spec", change)));
    }

    static UnaryOperator<Json.Obj> container(UnaryOperator<Json.Obj> change) {
        return podSpec(s -> s.with("containers", Json.array(change.apply(s.array("containers").get(0).asObject().orElseThrow()))));
    }

    static UnaryOperator<Json.Obj> both(UnaryOperator<Json.Obj> first, UnaryOperator<Json.Obj> second) {
        return m -> second.apply(first.apply(m));
    }

    /** A ReadWriteOnce claim spec asking for {@code storage}. */
    static Json.Obj claimSpecAsking(String storage) {
        return Json.object("accessModes", Json.array("ReadWriteOnce"), "resources", Json.object("requests", Json.object("storage", storage)));
    }

    /** Claim templates {@code www}, {@code www1}, ... of these specs. */
    static UnaryOperator<Json.Obj> claimTemplates(Json.Obj... specs) {
        Object[] templates = new Object[specs.length];
        for (int i = 0; i < specs.length; i++) {
            templates[i] = Json.object("metadata", Json.object("name", i == 0 ? "www" : "www" + i), "spec", specs[i]);
        }
        return m -> m.update("spec", s -> s.with("volumeClaimTemplates", Json.array(templates)));
    }

    static UnaryOperator<Json.Obj> volumes(Json.Obj... volumes) {
        return podSpec(s -> s.with("volumes", Json.array((Object[]) volumes)));
    }

    static Json.Obj emptyDir(String name) {
        return Json.object("name", name, "emptyDir", Json.object());
    }

    static UnaryOperator<Json.Obj> nodeAffinity(Json.Obj nodeAffinity) {
        return podSpec(s -> s.with("affinity", Json.object("nodeAffinity", nodeAffinity)));
    }

    /** The node affinity's required node selector of these terms. */
    static UnaryOperator<Json.Obj> requiredNodeTerms(Json.Obj... terms) {
        return nodeAffinity(Json.object("requiredDuringSchedulingIgnoredDuringExecution", Json.object("nodeSelectorTerms", Json.array((Object[]) terms))));
    }

    /** The pod affinity's required terms. */
    static UnaryOperator<Json.Obj> podAffinity(Json.Obj... terms) {
        return podSpec(s -> s.with("affinity", Json.object("podAffinity", Json.object(
                "requiredDuringSchedulingIgnoredDuringExecution", Json.array((Object[]) terms)))));
    }

    static UnaryOperator<Json.Obj> spreadConstraints(Json.Obj... constraints) {
        return podSpec(s -> s.with("topologySpreadConstraints", Json.array((Object[]) constraints)));
    }

    /** A downward API volume file's fieldRef of this field path, its apiVersion left to defaulting. */
    static Json.Obj volumeField(String fieldPath) {
        return Json.object("fieldPath", fieldPath);
    }

    /** A pod security context with these sysctls, each of value "1". */
    static Json.Obj sysctls(String... names) {
        return Json.object("sysctls", Json.array(Stream.of(names).map(name -> Json.object("name", name, "value", "1")).toArray()));
    }

    static Json.Obj port(String name, int containerPort) {
        return Json.object("name", name, "containerPort", containerPort);
    }



    // ------------------------------------------------------------------ metadata

    static Stream<Arguments> invalidMetadata() {
        return Stream.of(
                arguments("a name is a lowercase RFC 1123 subdomain", meta("Web_1")),
                arguments("label keys are qualified names and values label values",
                        meta("labels").withLabels(Map.of("Bad Key", "x", "example.com/", "y", "app", "v".repeat(64), "tier", "-web"))),
                arguments("annotation keys are qualified names", meta("annotations").withAnnotations(Map.of("bad key", "x", "example.com/ok", "y"))),
                arguments("an owner reference has an apiVersion with a version, a kind, a name and a uid", meta("owners").withOwnerReferences(List.of(
                        new OwnerReference("", "", "", "", null, null), new OwnerReference("apps/", "StatefulSet", "web", "u1", null, null)))),
                arguments("only one owner reference is the controller", meta("controllers").withOwnerReferences(List.of(
                        owner("StatefulSet", "a", true), owner("StatefulSet", "b", false), owner("StatefulSet", "c", true),
                        owner("ReplicaSet", "d", true)))),
                arguments("finalizers are qualified names, not both orphan and foregroundDeletion",
                        meta("finalizers").withFinalizers(List.of("bad finalizer!", "orphan", "foregroundDeletion"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidMetadata")
    void theApiServerRefusesTheMetadataWithTheFieldErrorsOurRulesReport(String rule, ObjectMeta meta) {
        List<String> server = serverErrors(meta);

        assertThat(server).as("the API server refuses it").isNotEmpty();
        List<String> unmatched = new ArrayList<>(server);
        for (Violation ours : ObjectMetaRules.validate(meta)) {
            String match = unmatched.stream().filter(s -> matches(ours, s)).findFirst()
                    .orElseThrow(() -> new AssertionError("the API server did not report " + ours + "; it reported " + server));
            unmatched.remove(match);
        }
        assertThat(unmatched).as("what the API server reported beyond our violations").isEmpty();
    }

    @Test
    void theApiServerAcceptsMetadataOurRulesAccept() {
        ObjectMeta meta = meta("accepted").withLabels(Map.of("app.kubernetes.io/name", "web", "empty", ""))
                .withAnnotations(Map.of("Example.com/Key", "v")).withFinalizers(List.of("example.com/keep"))
                .withOwnerReferences(List.of(owner("StatefulSet", "web", true), owner("Deployment", "other", false)));

        assertThat(ObjectMetaRules.validate(meta)).isEmpty();
        assertThat(serverErrors(meta)).isEmpty();
    }

    /** Our violation as the server words it; a value-less one against the server's message after its struct dump. */
    static boolean matches(Violation ours, String server) {
        if (server.equals(ours.toString())) {
            return true;
        }
        return ours.type() == Violation.Type.INVALID && !ours.detail().startsWith("\"")
                && server.startsWith(ours.field() + ": Invalid value: ") && server.endsWith(": " + ours.detail());
    }

    /** The causes of the server's 422 as {@code <field>: <message>}, or none when it stores the revision (deleted again). */
    static List<String> serverErrors(ObjectMeta meta) {
        ControllerRevision revision = new ControllerRevisionBuilder()
                .withMetadata(new ObjectMetaBuilder().withName(meta.name()).withNamespace(NAMESPACE).withLabels(meta.labels())
                        .withAnnotations(meta.annotations()).withFinalizers(meta.finalizers())
                        .withOwnerReferences(meta.ownerReferences().stream().map(r -> new OwnerReferenceBuilder().withApiVersion(r.apiVersion())
                                .withKind(r.kind()).withName(r.name()).withUid(r.uid()).withController(r.controller()).build()).toList())
                        .build())
                .withRevision(1L).withData(Map.of("spec", Map.of())).build();
        try {
            client.apps().controllerRevisions().inNamespace(NAMESPACE).resource(revision).create();
        } catch (KubernetesClientException e) {
            assertThat(e.getCode()).as(e.getMessage()).isEqualTo(422);
            return e.getStatus().getDetails().getCauses().stream().map(ApiServerValidationIT::text).toList();
        }
        // a merge patch, not an update: the garbage collector may already be deleting the revision (its owners do not
        // exist), and an update of the version read before would then conflict
        client.apps().controllerRevisions().inNamespace(NAMESPACE).withName(meta.name())
                .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"metadata\":{\"finalizers\":null}}");
        client.apps().controllerRevisions().inNamespace(NAMESPACE).withName(meta.name()).delete();
        return List.of();
    }

    static ObjectMeta meta(String name) {
        return ObjectMeta.named(NAMESPACE, name);
    }

    static OwnerReference owner(String kind, String name, boolean controller) {
        return new OwnerReference("apps/v1", kind, name, "uid-" + name, controller, null);
    }
}
