package dev.pz.connectors.s3;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.files.testing.RemoteRows;
import dev.pz.connectors.files.testing.SampleRows;
import dev.pz.connectors.testkit.ConnectorContractTest;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * s3 keeps the connector contract against a real S3 API server (s3proxy): native scans, universal
 * reads partitioned by files_per_partition, native copies published by upload, universal writes
 * staged in the run's spool, and no secret in any message.
 */
class S3ContractTest extends ConnectorContractTest {

    @TempDir
    Path run;

    private S3TestServer server;

    @BeforeEach
    void startServer() {
        server = S3TestServer.start();
        server.createBucket("lake");
        try (S3Client client = server.client()) {
            client.putObject(request -> request.bucket("lake").key("raw/parts/a.csv"),
                    RequestBody.fromString("id,amount\n1,2.5\n"));
            client.putObject(request -> request.bucket("lake").key("raw/parts/b.csv"),
                    RequestBody.fromString("id,amount\n2,4.0\n"));
        }
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Override
    protected Connector connector() {
        return new S3Connector();
    }

    @Override
    protected ConnectorConfig config() {
        return new ConnectorConfig("lake", server.connection("lake/raw"));
    }

    @Override
    protected List<DatasetSpec> nativeDatasets() {
        return List.of(DatasetSpec.of("lake", "orders", options("path", "in/*.parquet"), null),
                DatasetSpec.of("lake", "events", options("format", "csv"), SampleRows.CONTRACT));
    }

    @Override
    protected List<DatasetSpec> universalDatasets() {
        return List.of(DatasetSpec.of("lake", "parts", options("path", "parts/*.csv", "format", "csv"),
                RemoteRows.contract("id", "bigint", "amount", "double")));
    }

    @Override
    protected List<DatasetSpec> partitionedDatasets() {
        return List.of(DatasetSpec.of("lake", "parts", options("path", "parts/*.csv", "format", "csv",
                "files_per_partition", 1L), null));
    }

    @Override
    protected List<WriteCase> universalOutputs() {
        return List.of(new WriteCase(output("orders", WriteStrategy.REPLACE, options("format", "parquet", "path", "out")),
                        SampleRows::batch),
                new WriteCase(output("events", WriteStrategy.APPEND, options("format", "csv", "path", "log")),
                        SampleRows::batch));
    }

    @Override
    protected boolean outputVisible(OutputSpec spec) {
        String prefix = "raw/" + spec.options().get("path") + "/" + spec.entity();
        try (S3Client client = server.client()) {
            return client.listObjectsV2(request -> request.bucket("lake").prefix(prefix)).contents().stream()
                    .anyMatch(object -> object.key().endsWith("." + spec.options().get("format")));
        }
    }

    @Override
    protected Set<String> secretValues() {
        return Set.of(S3TestServer.SECRET_KEY, S3TestServer.ACCESS_KEY, "not-the-secret-value");
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of(
                (source, sink) -> source.schema(DatasetSpec.of("lake", "orders", options("path", "missing.parquet"),
                        null)),
                (source, sink) -> source.planRead(DatasetSpec.of("lake", "orders", options("path", "none/*.parquet"),
                        null), ReadHints.none()),
                (source, sink) -> sink.beginWrite(output("o", WriteStrategy.MERGE, options("format", "csv")),
                        new Schema(List.of())),
                (source, sink) -> sink.beginWrite(output("o", WriteStrategy.REPLACE, options("format", "xlsx")),
                        new Schema(List.of())));
    }

    @Override
    protected List<ConnectorConfig> failingConfigs() {
        Map<String, Object> wrongSecret = new LinkedHashMap<>(server.connection("lake"));
        wrongSecret.put("secret_key", "not-the-secret-value");
        Map<String, Object> missingBucket = new LinkedHashMap<>(server.connection("no-such-bucket"));
        return List.of(new ConnectorConfig("lake", wrongSecret), new ConnectorConfig("lake", missingBucket));
    }

    /** An output of a write inside a run, whose spool is this test's. */
    private OutputSpec output(String entity, WriteStrategy strategy, Map<String, Object> options) {
        return new OutputSpec("lake", entity, strategy, SchemaPolicy.FAIL_ON_CHANGE, options, List.of(),
                new OutputSpec.WriteAttempt("run", "lake." + entity, 1, TemporaryFiles.directoryIn(run)));
    }

    private static Map<String, Object> options(Object... keysAndValues) {
        Map<String, Object> options = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            options.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return options;
    }
}
