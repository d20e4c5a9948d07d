package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Every ```java block of README.md is a test a reader can paste: it compiles as written (imports
 * and all) against the published modules, and its tests pass when JUnit runs them.
 */
class ReadmeJavaSnippetsTest {

    static final Path README = Path.of("..", "README.md");
    static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    static final Pattern CLASS_NAME = Pattern.compile("(?m)^(?:public\\s+)?(?:final\\s+)?class\\s+(\\w+)");

    @TempDir
    Path dir;

    static List<String> snippets() throws IOException {
        List<String> out = new ArrayList<>();
        Matcher m = JAVA_BLOCK.matcher(Files.readString(README));
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyJavaSnippetCompilesAndItsTestsPass() throws IOException {
        List<String> snippets = snippets();
        assertThat(snippets).as("java blocks in README.md").hasSizeGreaterThanOrEqualTo(2);
        return snippets.stream().map(code -> {
            Matcher name = CLASS_NAME.matcher(code);
            assertThat(name.find()).as("a top-level class in:\n" + code).isTrue();
            return DynamicTest.dynamicTest(name.group(1), () -> compileAndRun(name.group(1), code));
        });
    }

    void compileAndRun(String className, String code) throws Exception {
        Path source = Files.createDirectories(dir.resolve(className)).resolve(className + ".java");
        Files.writeString(source, code);
        Path classes = Files.createDirectories(dir.resolve(className + "-classes"));
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, null, null)) {
            boolean compiled = compiler.getTask(null, files, diagnostics,
                    List.of("-classpath", System.getProperty("java.class.path"), "-d", classes.toString(), "-proc:none"),
                    null, files.getJavaFileObjects(source)).call();
            assertThat(compiled).as(className + " compiles as the README shows it: " + diagnostics.getDiagnostics()).isTrue();
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            Class<?> test = loader.loadClass(className);
            SummaryGeneratingListener listener = new SummaryGeneratingListener();
            Launcher launcher = LauncherFactory.create();
            launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(test)).build(), listener);
            TestExecutionSummary summary = listener.getSummary();
            assertThat(summary.getTestsFoundCount()).as(className + " has tests").isPositive();
            assertThat(summary.getFailures()).as(className + "'s failures").extracting(f -> f.getException().toString()).isEmpty();
            assertThat(summary.getTestsSucceededCount()).isEqualTo(summary.getTestsFoundCount());
        }
    }
}
