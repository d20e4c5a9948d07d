package dev.stateful.app.cli;

import dev.stateful.app.Version;
import picocli.CommandLine;

/** {@code stateful --version}: the version the build wrote ({@link Version}). */
public final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"stateful " + Version.current()};
    }
}
