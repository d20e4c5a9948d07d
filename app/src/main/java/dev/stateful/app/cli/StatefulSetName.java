package dev.stateful.app.cli;

import dev.stateful.domain.model.SetKind;
import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.server.KubectlNames;
import dev.stateful.grpc.v1.StatefulSetInfo;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine;

/**
 * A StatefulSet named on the command line as kubectl takes it: {@code web}, or kubectl's TYPE/NAME
 * form ({@code statefulset/web}) with a TYPE kubectl resolves to the StatefulSets of either kind.
 * kubectl's other form, TYPE and NAME as two arguments, is not taken.
 */
final class StatefulSetName {

    /** The parameter's label in each command's usage, kubectl's {@code (TYPE NAME | TYPE/NAME)} without the two-argument form. */
    static final String LABEL = "NAME|TYPE/NAME";

    /** The parameter's description: the types {@link #parse} takes, no more. */
    static final String DESCRIPTION = "the StatefulSet: NAME, or TYPE/NAME as kubectl takes it, TYPE being statefulset"
            + " or statefulsets in any case (as StatefulSet) or sts, with or without a group and version (as statefulset.apps"
            + " or statefulsets.v1.apps); for our own kind also statefulset.apps.stateful.dev or ssts";

    private static final String PLURAL = "statefulsets";
    private static final String SINGULAR = "statefulset";

    /** An API resource a TYPE can name: plural {@code statefulsets}, singular {@code statefulset}, and its short name. */
    private record Resource(String group, String version, String shortName, SetKind kind) {

        boolean inGroup(String requested) {
            return requested.isEmpty() || requested.equals(group);
        }
    }

    /** In kubectl's discovery order, which decides a TYPE both resources match: a built-in group before a custom resource's. */
    private static final List<Resource> RESOURCES = List.of(new Resource("apps", "v1", "sts", SetKind.APPS_V1),
            new Resource(SetKind.GROUP, SetKind.VERSION, "ssts", SetKind.STATEFUL_DEV));

    /** A set as named: the kind its TYPE resolves to (none for a bare NAME) and its name. */
    record Named(Optional<SetKind> kind, String name) {
    }

    private StatefulSetName() {
    }

    /**
     * The set a response carries as kubectl prints it, {@code statefulset.apps/web} or
     * {@code statefulset.apps.stateful.dev/web}: named as the server names it in its verbs' messages.
     */
    static String of(StatefulSetInfo set) {
        return KubectlNames.named(KubeObjects.statefulSet(set.getObject(), "stateful_set.object"));
    }

    /** The name without its type; a type that is not a StatefulSet's is a usage error of {@code commandLine}. */
    static String bare(CommandLine commandLine, String given) {
        return parse(commandLine, given).name();
    }

    /**
     * The set named, split as kubectl's {@code splitResourceTypeName} splits TYPE/NAME (with its errors),
     * its TYPE resolved as kubectl's {@code Builder.mappingFor} resolves it against a server that serves
     * StatefulSets of both kinds.
     */
    static Named parse(CommandLine commandLine, String given) {
        if (given.isEmpty()) {
            // client-go's Request.Name: kubectl never sends a request for a set named ""
            throw new CommandLine.ParameterException(commandLine, "error: resource name may not be empty");
        }
        int slash = given.indexOf('/');
        if (slash < 0) {
            return new Named(Optional.empty(), given);
        }
        if (given.indexOf('/', slash + 1) >= 0) {
            throw new CommandLine.ParameterException(commandLine, "error: arguments in resource/name form may not have more than one slash");
        }
        String type = given.substring(0, slash);
        String name = given.substring(slash + 1);
        if (type.isEmpty() || name.isEmpty() || Arrays.stream(type.split(",", -1)).distinct().count() != 1) {
            throw new CommandLine.ParameterException(commandLine, "error: arguments in resource/name form must have a single resource and name");
        }
        SetKind kind = resolve(type).orElseThrow(() -> new CommandLine.ParameterException(commandLine,
                "error: the server doesn't have a resource type \"" + resourceOf(type) + "\""));
        return new Named(Optional.of(kind), name);
    }

    /**
     * {@code Builder.mappingFor}: the TYPE as resource.version.group when it has two dots, else as
     * resource.group. (Its last try, TYPE as a kind, finds nothing more here: a StatefulSet's kind,
     * lowercased, is its singular resource name, and resource names match in any case.)
     */
    private static Optional<SetKind> resolve(String type) {
        String[] gvr = type.split("\\.", 3);
        Optional<SetKind> kind = gvr.length == 3 ? kindFor(gvr[0], gvr[1], gvr[2]) : Optional.empty();
        if (kind.isPresent()) {
            return kind;
        }
        int dot = type.indexOf('.');
        return dot < 0 ? kindFor(type, "", "") : kindFor(type.substring(0, dot), "", type.substring(dot + 1));
    }

    /** {@code schema.ParseGroupResource}'s resource: what kubectl's unknown-type error names. */
    private static String resourceOf(String type) {
        int dot = type.indexOf('.');
        return dot < 0 ? type : type.substring(0, dot);
    }

    /**
     * kubectl's RESTMapper {@code KindFor}: restmapper's {@code shortcutExpander} first, matching a short
     * name exactly as typed (so {@code sts}, never {@code STS}) and dropping its version, then the
     * {@code DefaultRESTMapper}, which lowercases the resource, takes the plural or the singular, and a
     * group that is the start of the resource's group when none is the group itself; the first match in
     * discovery order wins.
     */
    private static Optional<SetKind> kindFor(String resource, String version, String group) {
        boolean fullName = RESOURCES.stream()
                .anyMatch(r -> r.inGroup(group) && (resource.equals(PLURAL) || resource.equals(SINGULAR)));
        if (!fullName) {
            for (Resource r : RESOURCES) {
                if (r.inGroup(group) && resource.equals(r.shortName())) {
                    return Optional.of(r.kind());
                }
            }
            for (Resource r : RESOURCES) {
                if (!group.isEmpty() && r.group().startsWith(group) && resource.equals(r.shortName())) {
                    return version.isEmpty() || version.equals(r.version()) ? Optional.of(r.kind()) : Optional.empty();
                }
            }
        }
        String lowered = resource.toLowerCase(Locale.ROOT);
        if (!lowered.equals(PLURAL) && !lowered.equals(SINGULAR)) {
            return Optional.empty();
        }
        return RESOURCES.stream()
                .filter(r -> group.isEmpty() || (version.isEmpty() ? r.group().startsWith(group) : r.group().equals(group)))
                .filter(r -> version.isEmpty() || version.equals(r.version()))
                .map(Resource::kind)
                .findFirst();
    }
}
