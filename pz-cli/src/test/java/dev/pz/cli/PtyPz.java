package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * pz on a real pseudo-terminal: {@code script} (util-linux) runs {@code pz <args> --project <project>}
 * in a JVM of its own with a pty as its standard streams. What pz writes comes back as text with LF
 * line ends; what {@link #type} sends arrives on pz's terminal as keystrokes.
 */
public final class PtyPz implements AutoCloseable {
    private final Process script;
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final Thread pump;

    private PtyPz(Process script) {
        this.script = script;
        this.pump = new Thread(this::pump, "pty-output");
        pump.setDaemon(true);
        pump.start();
    }

    /** Runs pz to its end on a pty. */
    public static PtyPz run(Path project, Map<String, String> environment, String... args) throws Exception {
        try (PtyPz terminal = start(project, environment, args)) {
            terminal.waitFor();
            return terminal;
        }
    }

    /** Starts pz on a pty; {@code CI} and {@code NO_COLOR} are cleared unless {@code environment} sets them. */
    public static PtyPz start(Path project, Map<String, String> environment, String... args) throws IOException {
        List<String> pz = new ArrayList<>(PzJvm.command(args));
        pz.addAll(List.of("--project", project.toString()));
        String command = pz.stream().map(arg -> "'" + arg.replace("'", "'\\''") + "'")
                .collect(Collectors.joining(" "));
        ProcessBuilder builder = new ProcessBuilder("script", "-q", "-e", "-c", command, "/dev/null")
                .redirectErrorStream(true);
        builder.environment().remove("CI");
        builder.environment().remove("NO_COLOR");
        builder.environment().put("COLUMNS", "200");
        builder.environment().putAll(environment);
        return new PtyPz(builder.start());
    }

    private void pump() {
        try (InputStream in = script.getInputStream()) {
            byte[] buffer = new byte[8192];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                synchronized (output) {
                    output.write(buffer, 0, n);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Polls the output until {@code seen} holds or pz ends (or {@code timeoutMs} passes). */
    public boolean awaitOutput(Predicate<String> seen, long timeoutMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < deadline && script.isAlive()) {
            if (seen.test(text())) {
                return true;
            }
            Thread.sleep(5);
        }
        return seen.test(text());
    }

    /** Types {@code keys} at pz's terminal. */
    public void type(String keys) throws IOException {
        OutputStream in = script.getOutputStream();
        in.write(keys.getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** Ctrl-C as a terminal sends it: SIGINT to pz itself. */
    public void interruptPz() throws IOException, InterruptedException {
        long pid = script.descendants().filter(process -> process.info().command().orElse("").endsWith("java"))
                .findFirst().orElseThrow().pid();
        assertThat(new ProcessBuilder("bash", "-c", "kill -INT " + pid).start().waitFor()).isZero();
    }

    public int waitFor() throws InterruptedException {
        assertThat(script.waitFor(300, TimeUnit.SECONDS)).as("pz ends").isTrue();
        pump.join();
        return script.exitValue();
    }

    public int exitCode() {
        return script.exitValue();
    }

    public String text() {
        synchronized (output) {
            return output.toString(StandardCharsets.UTF_8).replace("\r\n", "\n");
        }
    }

    @Override
    public void close() {
        if (script.isAlive()) {
            script.descendants().forEach(ProcessHandle::destroyForcibly);
            script.destroyForcibly();
        }
    }
}
