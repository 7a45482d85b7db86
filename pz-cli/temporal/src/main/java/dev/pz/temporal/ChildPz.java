package dev.pz.temporal;

import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.client.ActivityCompletionException;
import io.temporal.failure.ApplicationFailure;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one step's pz command as a child process in the project folder and heartbeats while it runs.
 * When a heartbeat reports that the activity is over for Temporal (timed out, cancelled, its workflow
 * gone), the child is stopped: SIGTERM first, which cancels a pz run cleanly, then SIGKILL. The child's
 * output goes to the worker's output, each line prefixed with the step; its last lines travel in the
 * failure so {@code pz submit} can show them.
 */
final class ChildPz {
    private static final int TAIL_LINES = 12;
    private static final Duration GRACE = Duration.ofSeconds(30);
    private static final Duration MIN_BEAT = Duration.ofMillis(200);
    private static final Duration DEFAULT_BEAT = Duration.ofSeconds(10);

    private final Path projectDir;
    private final List<String> pzCommand;
    private final PrintWriter out;

    ChildPz(Path projectDir, List<String> pzCommand, PrintWriter out) {
        this.projectDir = projectDir;
        this.pzCommand = List.copyOf(pzCommand);
        this.out = out;
    }

    void run(Step step) {
        ActivityExecutionContext context = Activity.getExecutionContext();
        int attempt = context.getInfo().getAttempt();
        String prefix = "[" + step.flow() + " " + step.label() + "] ";
        say(prefix + "start (attempt " + attempt + ")");
        Process process = start(step);
        Deque<String> tail = new ArrayDeque<>();
        Thread pump = pump(process, prefix, tail);
        Duration beat = beat(context.getInfo().getHeartbeatTimeout());
        try {
            while (!process.waitFor(beat.toMillis(), TimeUnit.MILLISECONDS)) {
                context.heartbeat(null);
            }
        } catch (ActivityCompletionException over) {
            say(prefix + "stopped: Temporal ended this attempt (" + over.getClass().getSimpleName() + ")");
            stop(process);
            throw over;
        } catch (InterruptedException interrupted) {
            stop(process);
            Thread.currentThread().interrupt();
            throw ApplicationFailure.newFailure(step.describe() + ": the worker was interrupted", PzExit.TYPE_PREFIX + "3");
        }
        join(pump);
        int exitCode = process.exitValue();
        say(prefix + "exit " + exitCode);
        if (exitCode != 0) {
            List<String> lastLines;
            synchronized (tail) {
                lastLines = new ArrayList<>(tail);
            }
            throw PzExit.failure(step, exitCode, lastLines);
        }
    }

    private Process start(Step step) {
        List<String> command = new ArrayList<>(pzCommand);
        command.addAll(step.command().subList(1, step.command().size()));
        try {
            return new ProcessBuilder(command).directory(projectDir.toFile()).redirectErrorStream(true).start();
        } catch (IOException cannotStart) {
            throw ApplicationFailure.newFailure(step.describe() + ": could not start pz: " + cannotStart.getMessage(),
                    PzExit.TYPE_PREFIX + "3");
        }
    }

    private Thread pump(Process process, String prefix, Deque<String> tail) {
        Thread pump = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    say(prefix + line);
                    synchronized (tail) {
                        tail.addLast(line);
                        if (tail.size() > TAIL_LINES) {
                            tail.removeFirst();
                        }
                    }
                }
            } catch (IOException closed) {
                throw new UncheckedIOException(closed);
            }
        }, "pz-output");
        pump.setDaemon(true);
        pump.start();
        return pump;
    }

    private static void stop(Process process) {
        process.destroy();
        try {
            if (!process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException interrupted) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static void join(Thread pump) {
        try {
            pump.join();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** A third of the heartbeat timeout, so two beats may be lost before Temporal gives up on this worker. */
    static Duration beat(Duration heartbeatTimeout) {
        if (heartbeatTimeout == null || heartbeatTimeout.isZero()) {
            return DEFAULT_BEAT;
        }
        Duration third = heartbeatTimeout.dividedBy(3);
        return third.compareTo(MIN_BEAT) < 0 ? MIN_BEAT : third;
    }

    private void say(String line) {
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }
}
