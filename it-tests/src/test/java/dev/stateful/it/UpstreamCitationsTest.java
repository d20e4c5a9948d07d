package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Comments, javadoc, assertion descriptions, test names and docs cite upstream by function, test or
 * issue number ({@code processCondemned}, {@code TestStatefulSetControlRollingUpdateWithPartition},
 * kubernetes#67250, KEP-3335), never a document a reader of the repository cannot open: numbered
 * sections, scenarios or figures of notes kept elsewhere, or our own tracker's issue numbers.
 * A numbered figure or section may be cited when the line names the repository document that holds
 * it ({@code docs/benchmarks.md, figure 4}); bench figures are those of {@code docs/benchmarks.md}.
 */
class UpstreamCitationsTest {

    static final Set<String> SCANNED = Set.of(".java", ".go", ".ts", ".proto", ".md", ".sh", ".yaml", ".yml", ".xml");
    static final Set<String> SKIPPED_DIRS = Set.of(".git", ".mvn", "target", "node_modules");

    /** Pointers into documents outside the repository. */
    static final Pattern POINTER = Pattern.compile(
            "(?i)\\bspec(?:ification)?(?:\\s+|\\s*§\\s*)\\d+(?:\\.\\d+)*"
                    + "|\\bspec\\s+sections?\\b"
                    + "|\\bsections?\\s+\\d+(?:\\.\\d+)*"
                    + "|§\\s*\\d+"
                    + "|\\bscenarios?\\s+\\d+"
                    + "|\\bfig(?:ure)?s?(?:\\s+|\\.\\s*)\\d+"
                    + "|\\bissues?\\s+\\d+"
                    + "|(?-i:\\b(?:UTIL-TEST|CTL-TEST|CTL-NEW|CTL-130|PODCTL|COMPAT)\\b)");

    /** A figure or section named by the repository document it lives in: "docs/benchmarks.md, figure 4". */
    static final Pattern NAMED_DOCUMENT = Pattern.compile("([\\w./-]+\\.md),\\s*$");
    /** A bench figure: those are the figures of docs/benchmarks.md. */
    static final Pattern BENCH = Pattern.compile("\\bbench\\s+$");

    @Test
    void sourcesAndDocsCiteUpstreamByNameNotByDocumentsOutsideTheRepository() throws IOException {
        Path root = repositoryRoot();
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(Files::isRegularFile)
                    .filter(f -> SCANNED.stream().anyMatch(f.getFileName().toString()::endsWith))
                    .filter(f -> !isSkipped(root, f))
                    .filter(f -> !f.endsWith(Path.of("src", "test", "java", "dev", "stateful", "it", "UpstreamCitationsTest.java")))
                    .sorted()
                    .forEach(f -> offenders.addAll(pointersIn(root, f)));
        }
        assertThat(offenders)
                .as("cite upstream by function, test or issue number (kubernetes#NNN, KEP-NNNN), or state the rule;"
                        + " numbered sections, scenarios, figures and issues of documents outside the repository"
                        + " mean nothing to a reader")
                .isEmpty();
    }

    @Test
    void theScanFindsPointersAndLeavesUpstreamCitationsAlone() {
        Path root = repositoryRoot();
        Path anyFile = root.resolve("README.md");
        for (String bad : List.of("(spec 2.5 step 1)", "Spec 10, scenario 17", "figure 4 of issue 6", "see issue 5",
                "spec section 2", "section 10 scenarios 19 and 20", "spec §8", "UTIL-TEST table", "the COMPAT fixture",
                "scenarios 3 and 4", "fig. 2", "notes.md, figure 3")) {
            assertThat(pointers(root, anyFile, bad)).as(bad).isNotEmpty();
        }
        for (String good : List.of("upstream processCondemned", "KEP-3335", "kubernetes#67250", "issue #70442",
                "docs/benchmarks.md, figure 5", "README.md, section 2", "bench figure 5", "spec2", "TestStatefulSetControlRollingUpdateWithPartition",
                "podSpec(spec)", "the figures of the run", "compatibility fixture")) {
            assertThat(pointers(root, anyFile, good)).as(good).isEmpty();
        }
    }

    static List<String> pointersIn(Path root, Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (UncheckedIOException | IOException e) {
            return List.of(); // not text: nothing a reader follows
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            for (String hit : pointers(root, file, lines.get(i))) {
                out.add(root.relativize(file) + ":" + (i + 1) + ": \"" + hit + "\" in: " + lines.get(i).strip());
            }
        }
        return out;
    }

    static List<String> pointers(Path root, Path file, String line) {
        List<String> out = new ArrayList<>();
        Matcher m = POINTER.matcher(line);
        while (m.find()) {
            if (!isInARepositoryDocument(root, file, line, m)) {
                out.add(m.group());
            }
        }
        return out;
    }

    /**
     * A figure or section of a document that is in the repository: one the line names (and that
     * exists), or a bench figure (docs/benchmarks.md numbers them; bench/ and that file use them bare).
     */
    static boolean isInARepositoryDocument(Path root, Path file, String line, Matcher m) {
        String kind = m.group().toLowerCase();
        boolean figure = kind.startsWith("fig");
        if (!figure && !kind.startsWith("section")) {
            return false;
        }
        String before = line.substring(0, m.start());
        Matcher named = NAMED_DOCUMENT.matcher(before);
        if (named.find()) {
            return Files.isRegularFile(root.resolve(named.group(1)));
        }
        Path relative = root.relativize(file);
        return figure && (BENCH.matcher(before).find() || relative.startsWith("bench")
                || relative.equals(Path.of("docs", "benchmarks.md")));
    }

    static boolean isSkipped(Path root, Path file) {
        for (Path part : root.relativize(file)) {
            String name = part.toString();
            if (SKIPPED_DIRS.contains(name)) {
                return true;
            }
        }
        return false;
    }

    /** The directory holding {@code mvnw} and the module folders, found upward from this module's. */
    static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("mvnw")) && Files.isDirectory(dir.resolve("domain"))
                    && Files.isRegularFile(dir.resolve("README.md"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no repository root (mvnw, domain/, README.md) above " + Path.of("").toAbsolutePath());
    }
}
