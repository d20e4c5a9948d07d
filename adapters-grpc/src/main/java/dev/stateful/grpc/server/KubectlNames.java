package dev.stateful.grpc.server;

import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;

/**
 * A set as kubectl names it, by its kind's API group: {@code statefulset.apps/web} in what it prints
 * (the name printer's {@code kind.group/name}), {@code statefulsets.apps "web"} in the errors of its
 * rollout verbs (the resource and group before the name); {@code apps.stateful.dev} for our kind. Public for
 * the CLI, which names the set a response carries as the server names it.
 */
public final class KubectlNames {

    private static final String APPS_GROUP = "apps";

    private KubectlNames() {
    }

    /** {@code statefulset.apps/web}, or {@code statefulset.apps.stateful.dev/web} for our kind. */
    public static String named(StatefulSet set) {
        return "statefulset." + group(set) + "/" + set.name();
    }

    /** {@code statefulsets.apps "web"}, or {@code statefulsets.apps.stateful.dev "web"} for our kind. */
    static String resource(StatefulSet set) {
        return "statefulsets." + group(set) + " \"" + set.name() + "\"";
    }

    private static String group(StatefulSet set) {
        return set.kind().isCustom() ? SetKind.GROUP : APPS_GROUP;
    }
}
