package dev.pz.cli;

import picocli.CommandLine.IVersionProvider;

/** pz's informational version, {@code <semver>+<commit>}, from the build. */
public final class PzVersion implements IVersionProvider {

    public static String informational() {
        return BuildInfo.VERSION + "+" + BuildInfo.COMMIT;
    }

    @Override
    public String[] getVersion() {
        return new String[] {informational()};
    }
}
