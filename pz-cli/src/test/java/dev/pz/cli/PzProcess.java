package dev.pz.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
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
    private OutputStream pauseHolder;

    private PzProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static PzProcess start(Path log, String... args) throws IOException {
        return start(log, System.getenv(), args);
    }

    /** As {@link #start(Path, String...)}, with {@code environment} as pz's whole environment. */
    static PzProcess start(Path log, Map<String, String> environment, String... args) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(PzJvm.command(args)).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().clear();
        builder.environment().putAll(environment);
        Process process = builder.start();
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

    /**
     * Waits until pz, started with {@code PZ_TEST_PAUSE_BEFORE_STATE_WRITE} naming {@code fifo} (made by
     * {@link #fifo}), reaches that pause: every sink committed, no state written. Opening the FIFO for
     * writing returns exactly when pz opens it for reading there. Returns false, without blocking,
     * when pz exits first. pz stays paused until {@link #kill} (or until the FIFO is closed).
     */
    boolean awaitStateWritePause(Path fifo) throws Exception {
        CompletableFuture<OutputStream> opened = CompletableFuture.supplyAsync(() -> {
            try {
                return Files.newOutputStream(fifo);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        CompletableFuture.anyOf(opened, process.onExit()).join();
        if (opened.isDone()) {
            pauseHolder = opened.join();
            return true;
        }
        // pz exited without reaching the pause: open the reading end so the writer's open returns.
        Files.newInputStream(fifo).close();
        opened.join().close();
        return false;
    }

    /** SIGKILL, then waits for pz to exit. */
    void kill() throws Exception {
        process.destroyForcibly();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            throw new IllegalStateException("pz did not exit after SIGKILL");
        }
        if (pauseHolder != null) {
            pauseHolder.close();
        }
    }

    /** A new FIFO at {@code path} ({@code mkfifo}). */
    static Path fifo(Path path) throws Exception {
        Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        if (mkfifo.waitFor() != 0) {
            throw new IllegalStateException("mkfifo " + path + " failed");
        }
        return path;
    }

    /** Waits for pz to exit on its own (at most {@code timeoutMs}); its exit code. */
    int waitFor(long timeoutMs) throws InterruptedException {
        if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("pz did not exit within " + timeoutMs + " ms");
        }
        return process.exitValue();
    }

    String log() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
    }
}
