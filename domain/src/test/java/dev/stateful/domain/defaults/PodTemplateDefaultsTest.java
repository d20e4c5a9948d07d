package dev.stateful.domain.defaults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;
import dev.stateful.domain.testing.TestJson;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The pod template defaults of a kube 1.34 API server, one row per rule. JSON is written with single
 * quotes for readability. Container rows show the whole defaulted container.
 */
class PodTemplateDefaultsTest {

    static final String CONTAINER_DEFAULTS = "'imagePullPolicy':'IfNotPresent','resources':{},"
            + "'terminationMessagePath':'/dev/termination-log','terminationMessagePolicy':'File'";
    static final String POD_DEFAULTS = "'dnsPolicy':'ClusterFirst','restartPolicy':'Always','schedulerName':'default-scheduler',"
            + "'securityContext':{},'terminationGracePeriodSeconds':30";

    static Stream<Arguments> podSpecRows() {
        return Stream.of(
                arguments("an empty pod spec gets the PodSpec defaults", "{}", "{" + POD_DEFAULTS + "}"),
                arguments("empty strings count as unset", "{'dnsPolicy':'','restartPolicy':'','schedulerName':''}", "{" + POD_DEFAULTS + "}"),
                arguments("set values are kept",
                        "{'dnsPolicy':'None','restartPolicy':'Never','schedulerName':'mine','securityContext':{'runAsUser':1000},"
                                + "'terminationGracePeriodSeconds':0}",
                        "{'dnsPolicy':'None','restartPolicy':'Never','schedulerName':'mine','securityContext':{'runAsUser':1000},"
                                + "'terminationGracePeriodSeconds':0}"),
                arguments("a null securityContext is unset", "{'securityContext':null}", "{" + POD_DEFAULTS + "}"),
                arguments("hostNetwork does not default host ports in templates",
                        "{'hostNetwork':true,'containers':[{'name':'c','image':'c:1','ports':[{'containerPort':80}]}]}",
                        "{" + POD_DEFAULTS + ",'hostNetwork':true,'containers':[{'name':'c','image':'c:1'," + CONTAINER_DEFAULTS
                                + ",'ports':[{'containerPort':80,'protocol':'TCP'}]}]}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("podSpecRows")
    void defaultsThePodSpec(String rule, String given, String expected) {
        assertThat(Defaults.podTemplate(Json.object("spec", json(given))).objectOrEmpty("spec")).isEqualTo(json(expected));
    }

    static Stream<Arguments> containerRows() {
        return Stream.of(
                arguments("container defaults", "{'name':'c','image':'c:1'}", "{'name':'c','image':'c:1'," + CONTAINER_DEFAULTS + "}"),
                arguments("set container values are kept",
                        "{'name':'c','image':'c','imagePullPolicy':'Never','terminationMessagePath':'/tmp/t','terminationMessagePolicy':"
                                + "'FallbackToLogsOnError','resources':{'limits':{'cpu':'1'}}}",
                        "{'name':'c','image':'c','imagePullPolicy':'Never','terminationMessagePath':'/tmp/t','terminationMessagePolicy':"
                                + "'FallbackToLogsOnError','resources':{'limits':{'cpu':'1'}}}"),
                arguments("ports default to TCP", "{'name':'c','image':'c:1','ports':[{'containerPort':80},{'containerPort':53,'protocol':'UDP'}]}",
                        "{'name':'c','image':'c:1'," + CONTAINER_DEFAULTS + ",'ports':[{'containerPort':80,'protocol':'TCP'},{'containerPort':53,'protocol':'UDP'}]}"),
                arguments("env fieldRef gets apiVersion v1, resourceFieldRef its divisor",
                        "{'name':'c','image':'c:1','env':[{'name':'A','value':'x'},{'name':'P','valueFrom':{'fieldRef':{'fieldPath':'metadata.name'}}},"
                                + "{'name':'M','valueFrom':{'resourceFieldRef':{'resource':'limits.memory'}}}]}",
                        "{'name':'c','image':'c:1'," + CONTAINER_DEFAULTS + ",'env':[{'name':'A','value':'x'},"
                                + "{'name':'P','valueFrom':{'fieldRef':{'apiVersion':'v1','fieldPath':'metadata.name'}}},"
                                + "{'name':'M','valueFrom':{'resourceFieldRef':{'divisor':'0','resource':'limits.memory'}}}]}"),
                arguments("probes get timing defaults, httpGet path and scheme, grpc service",
                        "{'name':'c','image':'c:1','livenessProbe':{'httpGet':{'port':8080}},'readinessProbe':{'exec':{'command':['true']},"
                                + "'periodSeconds':5,'timeoutSeconds':0},'startupProbe':{'grpc':{'port':9000},'failureThreshold':30}}",
                        "{'name':'c','image':'c:1'," + CONTAINER_DEFAULTS + ","
                                + "'livenessProbe':{'httpGet':{'path':'/','port':8080,'scheme':'HTTP'},'failureThreshold':3,'periodSeconds':10,"
                                + "'successThreshold':1,'timeoutSeconds':1},"
                                + "'readinessProbe':{'exec':{'command':['true']},'failureThreshold':3,'periodSeconds':5,'successThreshold':1,"
                                + "'timeoutSeconds':1},"
                                + "'startupProbe':{'grpc':{'port':9000,'service':''},'failureThreshold':30,'periodSeconds':10,'successThreshold':1,"
                                + "'timeoutSeconds':1}}"),
                arguments("lifecycle httpGet handlers get path and scheme",
                        "{'name':'c','image':'c:1','lifecycle':{'preStop':{'httpGet':{'port':80,'path':'/quit'}},'postStart':{'exec':{'command':['x']}}}}",
                        "{'name':'c','image':'c:1'," + CONTAINER_DEFAULTS + ",'lifecycle':{'preStop':{'httpGet':{'path':'/quit','port':80,"
                                + "'scheme':'HTTP'}},'postStart':{'exec':{'command':['x']}}}}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("containerRows")
    void defaultsContainersInitContainersAndEphemeralContainers(String rule, String given, String expected) {
        for (String list : new String[] {"containers", "initContainers", "ephemeralContainers"}) {
            Json.Obj template = Json.object("spec", Json.object(list, Json.array(json(given))));

            Json defaulted = Defaults.podTemplate(template).objectOrEmpty("spec").array(list).get(0);

            assertThat(defaulted).as(list).isEqualTo(json(expected));
        }
    }

    static Stream<Arguments> volumeRows() {
        return Stream.of(
                arguments("a volume without a source is an emptyDir", "{'name':'v'}", "{'name':'v','emptyDir':{}}"),
                arguments("emptyDir stays empty", "{'name':'v','emptyDir':{}}", "{'name':'v','emptyDir':{}}"),
                arguments("hostPath type is the empty string", "{'name':'v','hostPath':{'path':'/data'}}", "{'name':'v','hostPath':{'path':'/data','type':''}}"),
                arguments("a hostPath type is kept", "{'name':'v','hostPath':{'path':'/d','type':'Directory'}}", "{'name':'v','hostPath':{'path':'/d','type':'Directory'}}"),
                arguments("configMap mode 0644", "{'name':'v','configMap':{'name':'cm'}}", "{'name':'v','configMap':{'name':'cm','defaultMode':420}}"),
                arguments("secret mode 0644", "{'name':'v','secret':{'secretName':'s'}}", "{'name':'v','secret':{'secretName':'s','defaultMode':420}}"),
                arguments("a set mode is kept, even 0", "{'name':'v','secret':{'secretName':'s','defaultMode':0}}", "{'name':'v','secret':{'secretName':'s','defaultMode':0}}"),
                arguments("downwardAPI mode and item selectors",
                        "{'name':'v','downwardAPI':{'items':[{'path':'n','fieldRef':{'fieldPath':'metadata.name'}},{'path':'c','resourceFieldRef':{'containerName':'c','resource':'limits.cpu'}}]}}",
                        "{'name':'v','downwardAPI':{'defaultMode':420,'items':[{'path':'n','fieldRef':{'apiVersion':'v1','fieldPath':'metadata.name'}},"
                                + "{'path':'c','resourceFieldRef':{'containerName':'c','divisor':'0','resource':'limits.cpu'}}]}}"),
                arguments("projected mode, downwardAPI items and token expiry",
                        "{'name':'v','projected':{'sources':[{'serviceAccountToken':{'path':'t'}},{'downwardAPI':{'items':[{'path':'n','fieldRef':{'fieldPath':'metadata.name'}}]}},{'configMap':{'name':'cm'}}]}}",
                        "{'name':'v','projected':{'defaultMode':420,'sources':[{'serviceAccountToken':{'expirationSeconds':3600,'path':'t'}},"
                                + "{'downwardAPI':{'items':[{'path':'n','fieldRef':{'apiVersion':'v1','fieldPath':'metadata.name'}}]}},{'configMap':{'name':'cm'}}]}}"),
                arguments("ephemeral claim templates get metadata, volumeMode and resources",
                        "{'name':'v','ephemeral':{'volumeClaimTemplate':{'spec':{'accessModes':['ReadWriteOnce']}}}}",
                        "{'name':'v','ephemeral':{'volumeClaimTemplate':{'metadata':{},'spec':{'accessModes':['ReadWriteOnce'],'resources':{},'volumeMode':'Filesystem'}}}}"),
                arguments("iscsi interface", "{'name':'v','iscsi':{'targetPortal':'p','iqn':'q','lun':0}}",
                        "{'name':'v','iscsi':{'iqn':'q','iscsiInterface':'default','lun':0,'targetPortal':'p'}}"),
                arguments("rbd pool, user and keyring", "{'name':'v','rbd':{'monitors':['m'],'image':'i'}}",
                        "{'name':'v','rbd':{'image':'i','keyring':'/etc/ceph/keyring','monitors':['m'],'pool':'rbd','user':'admin'}}"),
                arguments("azureDisk caching, kind, fsType, readOnly", "{'name':'v','azureDisk':{'diskName':'d','diskURI':'u'}}",
                        "{'name':'v','azureDisk':{'cachingMode':'ReadWrite','diskName':'d','diskURI':'u','fsType':'ext4','kind':'Shared','readOnly':false}}"),
                arguments("scaleIO storage mode and fsType", "{'name':'v','scaleIO':{'gateway':'g','system':'s','secretRef':{'name':'x'}}}",
                        "{'name':'v','scaleIO':{'fsType':'xfs','gateway':'g','secretRef':{'name':'x'},'storageMode':'ThinProvisioned','system':'s'}}"),
                arguments("image volumes get a pull policy like containers", "{'name':'v','image':{'reference':'quay.io/x/y:latest'}}",
                        "{'name':'v','image':{'pullPolicy':'Always','reference':'quay.io/x/y:latest'}}"),
                arguments("persistentVolumeClaim sources have no defaults", "{'name':'v','persistentVolumeClaim':{'claimName':'c'}}",
                        "{'name':'v','persistentVolumeClaim':{'claimName':'c'}}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("volumeRows")
    void defaultsVolumes(String rule, String given, String expected) {
        Json.Obj template = Json.object("spec", Json.object("volumes", Json.array(json(given))));

        assertThat(Defaults.podTemplate(template).objectOrEmpty("spec").array("volumes").get(0)).isEqualTo(json(expected));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "test, Always",
            "nginx, Always",
            "nginx:latest, Always",
            "docker.io/library/nginx:latest, Always",
            "localhost:5000/app, Always",
            "registry.example.com:5000/team/app, Always",
            "nginx:1.25, IfNotPresent",
            "nginx:Latest, IfNotPresent",
            "registry.example.com:5000/team/app:v2, IfNotPresent",
            "nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef, IfNotPresent",
            "nginx:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef, Always",
            "nginx@sha256:0123, IfNotPresent",
            "Nginx, IfNotPresent",
            "nginx:, IfNotPresent",
            "'', IfNotPresent"})
    void theImagePullPolicyFollowsTheEffectiveTag(String image, String policy) {
        Json.Obj template = Json.object("spec", Json.object("containers", Json.array(Json.object("name", "c", "image", image))));

        Json.Obj container = Defaults.podTemplate(template).objectOrEmpty("spec").array("containers").get(0).asObject().orElseThrow();

        assertThat(container.string("imagePullPolicy")).contains(policy);
    }

    @Test
    void templateMetadataIsAlwaysWrittenButCreationTimestampNullIsNot() {
        assertThat(JsonWriter.write(Defaults.podTemplate(Json.object()).objectOrEmpty("metadata"))).isEqualTo("{}");
        assertThat(Defaults.podTemplate(json("{'metadata':{'creationTimestamp':null,'labels':{'a':'b'}}}")).objectOrEmpty("metadata"))
                .isEqualTo(json("{'labels':{'a':'b'}}"));
    }

    @Test
    void unexpectedJsonTypesAreLeftForTheCodecToReport() {
        Json.Obj odd = json("{'metadata':'x','spec':{'containers':'y','volumes':[1],'dnsPolicy':7}}");

        Json.Obj defaulted = Defaults.podTemplate(odd);

        assertThat(defaulted.get("metadata")).contains(Json.of("x"));
        assertThat(defaulted.objectOrEmpty("spec").get("containers")).contains(Json.of("y"));
        assertThat(defaulted.objectOrEmpty("spec").array("volumes")).containsExactly(Json.of(1));
        assertThat(defaulted.objectOrEmpty("spec").get("dnsPolicy")).contains(Json.of(7));
    }

    static Json.Obj json(String singleQuoted) {
        return TestJson.parseObject(singleQuoted.replace('\'', '"'));
    }
}
