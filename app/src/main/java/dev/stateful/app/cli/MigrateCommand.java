package dev.stateful.app.cli;

import dev.stateful.app.Version;
import dev.stateful.domain.features.Migration;
import dev.stateful.domain.model.SetKind;
import dev.stateful.fabric8.client.ClientFactory;
import dev.stateful.fabric8.client.UserAgent;
import dev.stateful.fabric8.migrate.Migrator;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code stateful migrate NAME} (or kubectl's {@code statefulset/NAME}): moves a running apps/v1 StatefulSet into our own kind
 * without recreating a pod or claim ({@link Migration}); needs {@code stateful controller --kinds crd}
 * running to adopt the pods.
 */
@Command(name = "migrate", mixinStandardHelpOptions = true,
        // picocli wraps each element and lists a command by the first alone: that one is the summary
        description = {"Move a running apps/v1 StatefulSet into our own kind (apps.stateful.dev) without recreating any pod or claim.",
            "It creates the set as our kind with the same spec, deletes the apps/v1 set with propagationPolicy=Orphan, and waits for "
                + "the controller (--kinds crd) to adopt its pods and revisions. Safe to run again after an interruption."})
public final class MigrateCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = StatefulSetName.LABEL,
            description = "the apps/v1 StatefulSet: NAME, or TYPE/NAME as kubectl takes it, TYPE being one that names apps/v1 sets"
                    + " (statefulset, statefulsets or sts, statefulset.apps, statefulsets.v1.apps; not our kind's)")
    String target;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NAMESPACE", description = "its namespace (default: the kubeconfig's, else default)")
    String namespace;

    @Option(names = "--kubeconfig", paramLabel = "FILE", description = "kubeconfig file to use")
    Path kubeconfig;

    @Option(names = "--context", paramLabel = "NAME", description = "kubeconfig context to use (default: the current one)")
    String context;

    @Option(names = "--dry-run", description = "print the steps, write nothing")
    boolean dryRun;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "2m", converter = ControllerCommand.DurationConverter.class,
            description = "how long to wait for the controller to adopt the pods (default: ${DEFAULT-VALUE})")
    Duration timeout;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        String name = name(spec.commandLine(), target);
        try (var client = connect()) {
            String ns = namespace != null ? namespace : client.getNamespace() != null ? client.getNamespace() : "default";
            Migrator migrator = new Migrator(client);
            var out = spec.commandLine().getOut();
            if (dryRun) {
                List<Migration.Step> steps = migrator.plan(ns, name);
                out.println(steps.isEmpty() ? "statefulset " + ns + "/" + name + " is migrated already; nothing to do"
                        : "dry run, nothing written; the steps left:");
                for (int i = 0; i < steps.size(); i++) {
                    out.println("  " + (i + 1) + ". " + steps.get(i).describe());
                }
                out.flush();
                return 0;
            }
            migrator.run(ns, name, timeout, line -> {
                out.println(line);
                out.flush();
            });
            return 0;
        }
    }

    /** The set's name; a TYPE that names our kind is a usage error: that set is the one a migration creates. */
    static String name(picocli.CommandLine commandLine, String target) {
        StatefulSetName.Named named = StatefulSetName.parse(commandLine, target);
        if (named.kind().filter(SetKind::isCustom).isPresent()) {
            throw new picocli.CommandLine.ParameterException(commandLine, "error: migrate moves an apps/v1 StatefulSet; \""
                    + target.substring(0, target.indexOf('/')) + "\" names our own kind (" + SetKind.GROUP + ")");
        }
        return named.name();
    }

    /** A context the kubeconfig lacks is the user's mistake, exit 2, as for {@code controller}. */
    private io.fabric8.kubernetes.client.KubernetesClient connect() {
        try {
            return ClientFactory.create(ClientFactory.Options.defaults().withKubeconfig(kubeconfig).withContext(context)
                    .withUserAgent(UserAgent.of(Version.current(), "migrate")));
        } catch (dev.stateful.fabric8.client.UnknownContextException e) {
            throw new dev.stateful.app.InvalidInputException(e.getMessage());
        }
    }
}
