package dev.pz.temporal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code pz worker} in a JVM of its own, on the test's class path, its output in a log file. Waits
 * are on what the worker prints (it polls, a step starts), never on the clock.
 */
final class WorkerProcess implements AutoCloseable {
    private final Process process;
    private final Path log;

    private WorkerProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static WorkerProcess start(Path log, Path project, String target, String taskQueue, int concurrency)
            throws IOException, InterruptedException {
        return start(log, project, target, taskQueue, concurrency, Map.of());
    }

    /** As {@link #start(Path, Path, String, String, int)}, with {@code environment} added to the worker's (and so its steps'). */
    static WorkerProcess start(Path log, Path project, String target, String taskQueue, int concurrency,
            Map<String, String> environment) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xss4m", "-cp",
                System.getProperty("java.class.path"), "dev.pz.cli.Main", "worker", "--temporal", target,
                "--task-queue", taskQueue, "--concurrency", Integer.toString(concurrency), "--project",
                project.toString()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        builder.environment().put("CI", "true");
        WorkerProcess worker = new WorkerProcess(builder.start(), log);
        worker.awaitLine("pz worker: polling task queue " + taskQueue);
        return worker;
    }

    /** Waits until the log holds a line containing {@code fragment}; fails if the worker ends first. */
    void awaitLine(String fragment) throws IOException, InterruptedException {
        while (!log().contains(fragment)) {
            if (!process.isAlive()) {
                throw new AssertionError("the worker ended (exit " + process.exitValue() + ") before printing \""
                        + fragment + "\":\n" + log());
            }
            Thread.sleep(50);
        }
    }

    /** Waits until one of {@code workers} prints a line containing {@code fragment}; returns that worker. */
    static WorkerProcess firstToPrint(List<WorkerProcess> workers, String fragment) throws IOException,
            InterruptedException {
        return firstToPrint(workers, Pattern.compile(Pattern.quote(fragment))).worker();
    }

    /** A worker and the first match of a pattern in its log. */
    record Printed(WorkerProcess worker, MatchResult match) {
    }

    /** Waits until the log of one of {@code workers} matches {@code pattern}; returns that worker and the match. */
    static Printed firstToPrint(List<WorkerProcess> workers, Pattern pattern) throws IOException,
            InterruptedException {
        while (true) {
            for (WorkerProcess worker : workers) {
                Matcher matcher = pattern.matcher(worker.log());
                if (matcher.find()) {
                    return new Printed(worker, matcher.toMatchResult());
                }
                if (!worker.process.isAlive()) {
                    throw new AssertionError("a worker ended before any printed " + pattern + ":\n" + worker.log());
                }
            }
            Thread.sleep(50);
        }
    }

    /**
     * Waits until the worker has a child pz process whose run has begun (its folder under
     * {@code runs}), and returns the worker's children.
     */
    List<ProcessHandle> awaitRunningChild(Path runs) throws IOException, InterruptedException {
        while (true) {
            List<ProcessHandle> children = process.descendants().toList();
            if (!children.isEmpty() && Files.isDirectory(runs)) {
                try (var started = Files.list(runs)) {
                    if (started.findAny().isPresent()) {
                        return children;
                    }
                }
            }
            if (!process.isAlive()) {
                throw new AssertionError("the worker ended before its step's run began:\n" + log());
            }
            Thread.sleep(50);
        }
    }

    /** The worker's Temporal identity, which its SDK derives from the process id and host name. */
    String identityPrefix() {
        return process.pid() + "@";
    }

    /** Waits until the worker has started a child process (a step's pz), and returns the worker's children. */
    List<ProcessHandle> awaitChild() throws InterruptedException {
        while (process.descendants().findAny().isEmpty()) {
            if (!process.isAlive()) {
                throw new AssertionError("the worker ended before starting a step");
            }
            Thread.sleep(50);
        }
        return process.descendants().toList();
    }

    void killHard() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(1, TimeUnit.MINUTES);
    }

    String log() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
