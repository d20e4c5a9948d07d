package dev.stateful.bench.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Figures 7–9 run our controller as the image runs it: a JVM flag added to (or dropped from) the
 * Dockerfile's ENTRYPOINT must be mirrored in {@link OurControllerProcess}, or the bench would
 * measure a controller nobody deploys.
 */
class ImageFlagsTest {

    /** ENTRYPOINT flags the bench replaces on purpose (see {@link OurControllerProcess#IMAGE_FLAGS}). */
    static final Set<String> NOT_FOR_THE_BENCH = Set.of("-XX:SharedArchiveFile=/app/stateful.jsa", "-XX:MaxRAMPercentage=75", "-XX:-UsePerfData");

    @Test
    void the_bench_runs_our_controller_with_the_runtime_flags_of_the_images_entrypoint() throws IOException {
        List<String> entrypoint = entrypointJvmFlags(Files.readString(Path.of("..", "Dockerfile")));

        assertThat(entrypoint).as("the Dockerfile's ENTRYPOINT flags").isNotEmpty().containsAll(NOT_FOR_THE_BENCH);
        assertThat(entrypoint.stream().filter(flag -> !NOT_FOR_THE_BENCH.contains(flag)).toList())
                .containsExactlyElementsOf(OurControllerProcess.IMAGE_FLAGS);
    }

    /** The quoted words of the exec-form ENTRYPOINT (which may span lines) between {@code java} and {@code -jar}. */
    static List<String> entrypointJvmFlags(String dockerfile) {
        Matcher entrypoint = Pattern.compile("^ENTRYPOINT\\s*\\[(.*?)]", Pattern.MULTILINE | Pattern.DOTALL).matcher(dockerfile);
        assertThat(entrypoint.find()).as("an exec-form ENTRYPOINT in the Dockerfile").isTrue();
        List<String> words = new ArrayList<>();
        Matcher quoted = Pattern.compile("\"([^\"]*)\"").matcher(entrypoint.group(1));
        while (quoted.find()) {
            words.add(quoted.group(1));
        }
        assertThat(words).as("java ... -jar").startsWith("java").contains("-jar");
        return words.subList(1, words.indexOf("-jar"));
    }
}
