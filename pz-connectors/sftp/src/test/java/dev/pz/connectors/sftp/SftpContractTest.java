package dev.pz.connectors.sftp;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.files.testing.RemoteRows;
import dev.pz.connectors.testkit.ConnectorContractTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** sftp passes the connector test kit against a real SSH server in this JVM. */
class SftpContractTest extends ConnectorContractTest {

    @TempDir
    Path serverRoot;

    @TempDir
    Path project;

    private SftpTestServer server;

    @BeforeEach
    void startServer() throws IOException {
        Path data = Files.createDirectories(serverRoot.resolve("data"));
        Files.writeString(data.resolve("orders.csv"), "id,amount\n1,2.5\n2,4.0\n");
        Files.createDirectories(data.resolve("parts"));
        Files.writeString(data.resolve("parts/a.csv"), "id,amount\n1,2.5\n");
        Files.writeString(data.resolve("parts/b.csv"), "id,amount\n2,4.0\n");
        server = SftpTestServer.start(serverRoot);
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Override
    protected Connector connector() {
        return new SftpConnector();
    }

    @Override
    protected ConnectorConfig config() {
        Map<String, Object> options = new HashMap<>(server.passwordLogin());
        options.put("root", "/data");
        options.put(ConnectorConfig.BASE_DIR, project.toString());
        return new ConnectorConfig("drop", options);
    }

    @Override
    protected List<DatasetSpec> universalDatasets() {
        return List.of(DatasetSpec.of("drop", "orders", Map.of(), RemoteRows.contract("id", "bigint", "amount", "double")),
                DatasetSpec.of("drop", "orders", Map.of(), null));
    }

    @Override
    protected List<DatasetSpec> partitionedDatasets() {
        return List.of(DatasetSpec.of("drop", "parts", Map.of("path", "parts/*.csv"), null));
    }

    @Override
    protected List<WriteCase> universalOutputs() {
        return List.of(new WriteCase(output("daily", WriteStrategy.REPLACE, "csv"), allocator -> RemoteRows.batch(
                allocator, 3)), new WriteCase(output("events", WriteStrategy.APPEND, "parquet"),
                        allocator -> RemoteRows.batch(allocator, 3)));
    }

    private static OutputSpec output(String entity, WriteStrategy strategy, String format) {
        return new OutputSpec("drop", entity, strategy, SchemaPolicy.FAIL_ON_CHANGE, Map.of("path", "out", "format",
                format), List.of(), new OutputSpec.WriteAttempt("run", "drop." + entity, 1));
    }

    /** A file of the output in its directory; the upload's dot-named temporary does not count. */
    @Override
    protected boolean outputVisible(OutputSpec spec) {
        Path directory = serverRoot.resolve("data/out");
        if (!Files.isDirectory(directory)) {
            return false;
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).anyMatch(name -> name.startsWith(spec.entity()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected Set<String> secretValues() {
        return Set.of(SftpTestServer.PASSWORD, "wrong-" + SftpTestServer.PASSWORD);
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of((source, sink) -> source.schema(DatasetSpec.of("drop", "missing", Map.of(), null)),
                (source, sink) -> source.planRead(DatasetSpec.of("drop", "none", Map.of("path", "nothing/*.csv"),
                        null), ReadHints.none()));
    }

    @Override
    protected List<ConnectorConfig> failingConfigs() {
        Map<String, Object> wrongPassword = new HashMap<>(server.passwordLogin());
        wrongPassword.put("password", "wrong-" + SftpTestServer.PASSWORD);
        Map<String, Object> missingRoot = new HashMap<>(server.passwordLogin());
        missingRoot.put("root", "/no-such-dir");
        return List.of(new ConnectorConfig("drop", wrongPassword), new ConnectorConfig("drop", missingRoot));
    }
}
