package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.testing.TestProject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real {@code pz run} process stopped by SIGINT, SIGTERM or SIGHUP while a node works: the run says it
 * was cancelled and which nodes it interrupted, the interrupted node reads {@code cancelled} on the
 * console and {@code skipped} in run_results.json and the event stream, the summary agrees, the
 * run is {@code fatal} and pz exits 3. The signal is sent once pz reports the node running (its
 * {@code node_started} event, or the memory source announcing that it blocks).
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class StopSignalRunTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path temp;

    private static Process start(Path project, Path stdout, Path stderr, String... args) throws IOException {
        return start(Map.of(), project, stdout, stderr, args);
    }

    /** {@code pz <args> --project <project>} in a process of its own, with {@code environment} added to ours. */
    static Process start(Map<String, String> environment, Path project, Path stdout, Path stderr, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(PzJvm.command(args));
        command.addAll(List.of("--project", project.toString()));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        builder.environment().put("CI", "true");
        if (stdout != null) {
            builder.redirectOutput(stdout.toFile());
        }
        if (stderr != null) {
            builder.redirectError(stderr.toFile());
        }
        return builder.start();
    }

    /** Reads lines until one matches; returns every line read (the rest stays to be read). */
    static List<String> readUntil(BufferedReader reader, Predicate<String> wanted) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            lines.add(line);
            if (wanted.test(line)) {
                return lines;
            }
        }
        throw new AssertionError("the process ended without the expected line; read:\n" + String.join("\n", lines));
    }

    static void signal(Process process, String name) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
        assertThat(kill.waitFor()).isZero();
    }

    static int exitOf(Process process) throws InterruptedException {
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("pz did not end after the signal");
        }
        return process.exitValue();
    }

    @Test
    void sigintDuringALongDuckDbQueryCancelsTheRunAndSaysWhatItInterrupted() throws Exception {
        TestProject project = TestProject.in(temp.resolve("p")).projectYml("signals", "engine:", "  threads: 2")
                .file("connections.yml", "lake:\n  connector: localfiles\n")
                .file("pipelines/endless.sql", "INSERT INTO {{ sink('lake', 'endless_out', strategy: 'replace', "
                        + "format: 'csv', path: 'out/') }}\n" + RunControlTest.ENDLESS_QUERY + "\n")
                .file("out/endless_out.csv", "n\n41\n");
        Path stderr = temp.resolve("stderr.txt");
        Process pz = start(project.path(), null, stderr, "run", "--all", "--log-format", "json");
        List<String> events;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(pz.getInputStream(),
                StandardCharsets.UTF_8))) {
            events = readUntil(out, line -> line.contains("\"event\":\"node_started\"")
                    && line.contains("\"name\":\"endless\""));
            signal(pz, "INT");
            events.addAll(out.lines().toList());
        } catch (IOException | AssertionError e) {
            pz.destroyForcibly();
            throw e;
        }
        assertThat(exitOf(pz)).isEqualTo(3);

        JsonNode endless = event(events, "node_completed", "endless");
        assertThat(endless.get("status").asText()).isEqualTo("skipped");
        assertThat(endless.get("errorCode").isNull()).isTrue();
        JsonNode completed = event(events, "run_completed", null);
        assertThat(completed.get("status").asText()).isEqualTo("fatal");
        assertThat(completed.get("skipped").asInt()).isEqualTo(2);
        assertThat(Files.readString(stderr)).contains("run cancelled (SIGINT): interrupted endless\n")
                .contains(": 0 succeeded, 0 failed, 2 skipped (");

        JsonNode results = RunArtifacts.results(RunArtifacts.onlyRun(project.path()));
        assertThat(results.get("status").asText()).isEqualTo("fatal");
        assertThat(RunArtifacts.summary(results)).containsExactlyInAnyOrder("endless:skipped:0",
                "lake.endless_out:skipped:0");
        assertThat(Files.readString(project.resolve("out/endless_out.csv"))).isEqualTo("n\n41\n");
    }

    /** A supervisor's stop (SIGTERM) and a closed terminal (SIGHUP) cancel the run as Ctrl-C does. */
    @ParameterizedTest
    @ValueSource(strings = {"TERM", "HUP"})
    void aStopSignalDuringABlockedUniversalSourcePrintsTheInterruptedNodeAsCancelled(String name) throws Exception {
        // One node at a time: fine (first by name) has finished when items blocks.
        TestProject project = TestProject.in(temp.resolve("p")).projectYml("signals", "engine:", "  threads: 1")
                .file("connections.yml", "src:\n  connector: memory\n  entities:\n    items:\n      read: {block: true, "
                        + "announce: true, probe: items}\n    fine:\n      read: {batches: 1, rows: 2}\n"
                        + "lake:\n  connector: localfiles\n")
                .file("pipelines/items.sql", "INSERT INTO {{ sink('lake', 'items', strategy: 'replace', format: 'csv', "
                        + "path: 'out/') }}\nselect * from {{ source('src', 'items') }}\nunion all select * from "
                        + "{{ source('src', 'fine') }}\n")
                .file("out/items.csv", "id,amount,name\n7,7.0,kept\n");
        Path stdout = temp.resolve("stdout.txt");
        Process pz = start(project.path(), stdout, null, "run", "--all");
        List<String> errors;
        try (BufferedReader err = new BufferedReader(new InputStreamReader(pz.getErrorStream(),
                StandardCharsets.UTF_8))) {
            errors = readUntil(err, line -> line.equals("memory: blocked items"));
            signal(pz, name);
            errors.addAll(err.lines().toList());
        } catch (IOException | AssertionError e) {
            pz.destroyForcibly();
            throw e;
        }
        assertThat(exitOf(pz)).isEqualTo(3);

        assertThat(errors).last().as("stderr to the end").isEqualTo("run cancelled (SIG" + name
                + "): interrupted src_src__items");
        List<String> lines = Files.readAllLines(stdout).stream().map(line -> line.replaceAll(" \\d+ms$", "")).toList();
        assertThat(lines).contains("cancelled src_src__items 0 rows", "skip items 0 rows", "skip lake.items 0 rows")
                .anySatisfy(line -> assertThat(line).matches("run \\S+: 1 succeeded, 0 failed, 3 skipped \\(.*\\)"));
        JsonNode results = RunArtifacts.results(RunArtifacts.onlyRun(project.path()));
        assertThat(results.get("status").asText()).isEqualTo("fatal");
        assertThat(RunArtifacts.summary(results)).containsExactlyInAnyOrder("src_src__fine:success:2",
                "src_src__items:skipped:0", "items:skipped:0", "lake.items:skipped:0");
        assertThat(Files.readString(project.resolve("out/items.csv"))).isEqualTo("id,amount,name\n7,7.0,kept\n");
    }

    private static JsonNode event(List<String> lines, String event, String name) throws IOException {
        for (String line : lines) {
            JsonNode node = MAPPER.readTree(line);
            if (node.get("event").asText().equals(event) && (name == null || name.equals(node.path("name").asText()))) {
                return node;
            }
        }
        throw new AssertionError("no " + event + " event" + (name == null ? "" : " for " + name) + " in " + lines);
    }
}
