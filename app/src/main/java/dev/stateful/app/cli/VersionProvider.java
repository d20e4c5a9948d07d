package dev.stateful.app.cli;

import picocli.CommandLine;

/** Reports the version from the jar manifest (or "dev" when run from classes). */
public final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = VersionProvider.class.getPackage().getImplementationVersion();
        return new String[] {"stateful " + (version == null ? "dev" : version)};
    }
}
