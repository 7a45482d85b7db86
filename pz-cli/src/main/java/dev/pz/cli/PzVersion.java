package dev.pz.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** pz's informational version, {@code <semver>+<commit>}, from the build. */
public final class PzVersion implements IVersionProvider {

    public static String informational() {
        Properties properties = new Properties();
        try (InputStream in = PzVersion.class.getResourceAsStream("/pz-version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("version", "0.0.0") + "+" + properties.getProperty("commit", "dev");
    }

    @Override
    public String[] getVersion() {
        return new String[] {informational()};
    }
}
