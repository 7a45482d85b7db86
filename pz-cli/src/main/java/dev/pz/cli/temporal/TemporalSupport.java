package dev.pz.cli.temporal;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Finds pz's Temporal part: on the class path when it is there (tests, embedding), otherwise
 * {@code pz-temporal.jar} beside {@code pz.jar} or at {@code PZ_TEMPORAL_JAR}, loaded in a class
 * loader of its own. Only {@code pz worker} and {@code pz submit --engine temporal} call this.
 */
public final class TemporalSupport {

    public static final String JAR_NAME = "pz-temporal.jar";
    public static final String JAR_VARIABLE = "PZ_TEMPORAL_JAR";

    private TemporalSupport() {
    }

    public static TemporalEngine load(Map<String, String> environment) {
        Optional<TemporalEngine> onClassPath = ServiceLoader.load(TemporalEngine.class,
                TemporalSupport.class.getClassLoader()).findFirst();
        if (onClassPath.isPresent()) {
            return onClassPath.get();
        }
        Path jar = jarLocation(environment);
        if (jar == null || !Files.isRegularFile(jar)) {
            throw new PzException(new PzError(PzCode.TEMPORAL_NOT_INSTALLED, "pz's Temporal part is not installed: "
                    + (jar == null ? JAR_NAME + " has no known location" : jar + " does not exist"), null, 0,
                    "build it with `./mvnw -B -DskipTests package` (it lands beside pz.jar), or set "
                            + JAR_VARIABLE + " to its path"));
        }
        try {
            ClassLoader loader = new ChildFirstClassLoader(jar.toUri().toURL(), TemporalSupport.class.getClassLoader());
            return ServiceLoader.load(TemporalEngine.class, loader).findFirst().orElseThrow(() -> new PzException(
                    PzError.of(PzCode.TEMPORAL_NOT_INSTALLED, jar + " holds no Temporal engine for this pz")
                            .withHint("use the " + JAR_NAME + " built with this pz.jar")));
        } catch (MalformedURLException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static Path jarLocation(Map<String, String> environment) {
        String configured = environment.get(JAR_VARIABLE);
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).toAbsolutePath();
        }
        try {
            Path pzJar = Path.of(TemporalSupport.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Files.isRegularFile(pzJar) ? pzJar.resolveSibling(JAR_NAME) : null;
        } catch (URISyntaxException | SecurityException | NullPointerException unknown) {
            return null;
        }
    }
}
