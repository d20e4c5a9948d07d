package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.PodSpecJson.localhostAppArmor;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.C;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.both;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.container;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateMeta;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.FORBIDDEN;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.StatefulSet;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validateSeccompAnnotationsAndFields} and {@code validateAppArmorAnnotationsAndFieldsMatchOnCreate}. */
class ProfileAnnotationRulesTest extends RuleRows {

    static final String SECCOMP_POD = "seccomp.security.alpha.kubernetes.io/pod";
    static final String SECCOMP = "container.seccomp.security.alpha.kubernetes.io/";
    static final String APPARMOR = "container.apparmor.security.beta.kubernetes.io/";

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("seccomp annotations say what the pod's and a container's profile fields say", both(
                                annotations(SECCOMP_POD, "unconfined", SECCOMP + "nginx", "localhost/a.json", SECCOMP + "init", "runtime/default"),
                                both(templateSpec(s -> s.with("securityContext", seccomp("RuntimeDefault"))
                                                .with("initContainers", Json.array(init("init", localSeccomp("a.json"))))),
                                        context(localSeccomp("b.json")))),
                        v(T + "securityContext.seccompProfile.type", FORBIDDEN, ProfileAnnotationRules.SECCOMP_TYPE_MISMATCH),
                        v(T + "initContainers[0].securityContext.seccompProfile.type", FORBIDDEN, ProfileAnnotationRules.SECCOMP_TYPE_MISMATCH),
                        v(C + "securityContext.seccompProfile.localhostProfile", FORBIDDEN, ProfileAnnotationRules.SECCOMP_PROFILE_MISMATCH)),
                row("AppArmor annotations say what a container's profile says, its own or else the pod's, named at the container", both(
                                annotations(APPARMOR + "nginx", "unconfined", APPARMOR + "init", "localhost/y", APPARMOR + "other", "runtime/default"),
                                templateSpec(s -> s.with("securityContext", appArmor(Json.object("type", "RuntimeDefault")))
                                        .with("initContainers", Json.array(init("init", appArmor(localhostAppArmor("x"))), init("other", Json.object()))))),
                        v(T + "initContainers[0].securityContext.appArmorProfile.localhostProfile", FORBIDDEN,
                                ProfileAnnotationRules.APPARMOR_PROFILE_MISMATCH),
                        v(C + "securityContext.appArmorProfile.type", FORBIDDEN, ProfileAnnotationRules.APPARMOR_TYPE_MISMATCH)),
                row("a windows pod's AppArmor annotations are not compared", both(annotations(APPARMOR + "nginx", "runtime/default"),
                                both(templateSpec(s -> s.with("os", Json.object("name", "windows"))), context(appArmor(Json.object("type", "Unconfined"))))),
                        v(C + "securityContext.appArmorProfile", FORBIDDEN, OsRules.NOT_ON_WINDOWS)));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("annotations that say what the fields say, and annotations without a field", both(
                        annotations(SECCOMP_POD, "docker/default", SECCOMP + "nginx", "localhost/a.json", SECCOMP + "init", "unconfined",
                                APPARMOR + "nginx", "localhost/x", APPARMOR + "init", "runtime/default"),
                        both(templateSpec(s -> s.with("securityContext", seccomp("RuntimeDefault")).with("initContainers", Json.array(init("init", null)))),
                                context(appArmor(localhostAppArmor("x")).with("seccompProfile", Json.object("type", "Localhost", "localhostProfile", "a.json")))))));
    }

    static Json.Obj seccomp(String type) {
        return Json.object("seccompProfile", Json.object("type", type));
    }

    static Json.Obj localSeccomp(String profile) {
        return Json.object("seccompProfile", Json.object("type", "Localhost", "localhostProfile", profile));
    }

    static Json.Obj appArmor(Json.Obj profile) {
        return Json.object("appArmorProfile", profile);
    }

    /** An init container of this security context (none for null). */
    static Json.Obj init(String name, Json.Obj context) {
        Json.Obj container = Json.object("name", name, "image", "busybox");
        return context == null ? container : container.with("securityContext", context);
    }

    /** The fixture's container with this security context. */
    static UnaryOperator<StatefulSet> context(Json.Obj context) {
        return container(c -> c.with("securityContext", context));
    }

    static UnaryOperator<StatefulSet> annotations(String... keysAndValues) {
        return templateMeta(m -> m.with("annotations", Json.object((Object[]) keysAndValues)));
    }
}
