package dev.pz.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * pz in a JVM of its own, for tests that kill it: started with the test's class path, its output
 * in a log file. {@link #awaitThenKill} polls a condition the test can observe from outside (a
 * file growing, a run's results), then kills the process with SIGKILL.
 */
final class PzProcess {
    private final Process process;
    private final Path log;

    private PzProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static PzProcess start(Path log, String... args) throws IOException {
        Process process = new ProcessBuilder(PzJvm.command(args)).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        return new PzProcess(process, log);
    }

    /**
     * Waits until {@code reached} holds while pz is alive (giving up after {@code timeoutMs}), then
     * kills pz and waits for it to exit. Returns whether the condition was seen.
     */
    boolean awaitThenKill(BooleanSupplier reached, long timeoutMs) throws InterruptedException {
        boolean seen = false;
        try {
            long deadline = System.currentTimeMillis() + timeoutMs;
            while (!(seen = reached.getAsBoolean()) && System.currentTimeMillis() < deadline && process.isAlive()) {
                Thread.sleep(2);
            }
        } finally {
            process.destroyForcibly();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                throw new IllegalStateException("pz did not exit after SIGKILL");
            }
        }
        return seen;
    }

    String log() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
    }
}
