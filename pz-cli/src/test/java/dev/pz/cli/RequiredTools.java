package dev.pz.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A program from Debian that a test drives (Chromium, zsh, fish): found on the PATH, else the test
 * is skipped with the reason, or fails under {@code PZ_REQUIRE_SERVICES=1} ({@code .ci/run}
 * installs them).
 */
final class RequiredTools {

    private RequiredTools() {
    }

    /** The executable {@code name} on the PATH, or the one the environment variable {@code override} names. */
    static Path require(String name, String override) {
        Optional<Path> found = Optional.ofNullable(override == null ? null : System.getenv(override)).map(Path::of)
                .filter(Files::isExecutable)
                .or(() -> Arrays.stream(System.getenv().getOrDefault("PATH", "").split(":"))
                        .map(directory -> Path.of(directory, name)).filter(Files::isExecutable).findFirst());
        if (found.isEmpty()) {
            String reason = name + " is not installed (apt-get install " + name + ", as .ci/run does)";
            if ("1".equals(System.getenv("PZ_REQUIRE_SERVICES"))) {
                Assertions.fail(reason + " (PZ_REQUIRE_SERVICES=1)");
            }
            Assumptions.abort(reason);
        }
        return found.get();
    }
}
