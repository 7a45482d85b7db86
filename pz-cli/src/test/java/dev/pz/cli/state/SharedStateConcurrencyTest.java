package dev.pz.cli.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.postgres.PostgresTestServer;
import dev.pz.engine.model.StateConfig;
import dev.pz.engine.state.StateBackend;
import dev.pz.engine.state.StateBackends;
import dev.pz.engine.state.StateScope;
import dev.pz.engine.state.WatermarkStore;
import dev.pz.testing.state.HttpStateServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Eight processes hammer the same keys of one shared backend at once (a real PostgreSQL, and the
 * http protocol served in this JVM): a counter incremented by compare-and-set loses no increment,
 * and a watermark advanced by every process never moves backwards and ends at the highest value any
 * of them advanced to.
 */
class SharedStateConcurrencyTest {
    private static final int PROCESSES = 8;
    private static final int ROUNDS = 20;

    @TempDir
    Path temp;

    @Test
    void eightProcessesOnTheHttpBackendLoseNoUpdateAndNeverRegress() throws Exception {
        try (HttpStateServer server = HttpStateServer.start("hammer-token")) {
            Map<String, Object> settings = Map.of("url", server.url(), "token", "hammer-token");
            hammer("http", "url=" + server.url(), "token=hammer-token");
            assertFinalState(new StateConfig("http", settings, false));
        }
    }

    @Test
    void eightProcessesOnThePostgresBackendLoseNoUpdateAndNeverRegress() throws Exception {
        PostgresTestServer.Endpoint pg = PostgresTestServer.endpoint();
        String connection = "postgresql://" + pg.user() + ":" + pg.password() + "@" + pg.host() + ":" + pg.port() + "/"
                + pg.database();
        String schema = "pz_hammer_" + Long.toHexString(System.nanoTime());
        hammer("postgres", "connection_string=" + connection, "schema=" + schema);
        assertFinalState(new StateConfig("postgres", Map.of("connection_string", connection, "schema", schema), false));
    }

    private void hammer(String backend, String... settings) throws Exception {
        List<Process> processes = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        for (int index = 0; index < PROCESSES; index++) {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-cp", System.getProperty("java.class.path"), StateHammer.class.getName(), backend,
                    Integer.toString(index), Integer.toString(PROCESSES), Integer.toString(ROUNDS)));
            command.addAll(List.of(settings));
            Path log = temp.resolve(backend + "-" + index + ".log");
            logs.add(log);
            processes.add(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start());
        }
        for (int index = 0; index < PROCESSES; index++) {
            Process process = processes.get(index);
            boolean exited = process.waitFor(5, TimeUnit.MINUTES);
            if (!exited) {
                processes.forEach(Process::destroyForcibly);
            }
            String log = Files.readString(logs.get(index));
            assertThat(exited).as("process %d finished: %s", index, log).isTrue();
            assertThat(process.exitValue()).as("process %d: %s", index, log).isZero();
            assertThat(log).as("process %d", index).contains("ok");
        }
    }

    private static void assertFinalState(StateConfig config) {
        try (StateBackend backend = StateBackends.open(config, Path.of("."))) {
            String counter = backend.get(StateScope.SYNC_STATE, StateHammer.COUNTER).orElseThrow().payload();
            assertThat(counter).isEqualTo("{\"token\":\"" + PROCESSES * ROUNDS + "\"}");
            long highest = (long) PROCESSES * ROUNDS - 1;
            assertThat(WatermarkStore.on(backend).get(StateHammer.MAXIMUM).orElseThrow().value())
                    .isEqualTo(Long.toString(highest));
        }
    }
}
