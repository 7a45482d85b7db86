package dev.pz.connectors.azureblob;

import com.azure.core.util.BinaryData;
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
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * azureblob keeps the connector contract against a real Azure Blob API server (Azurite): native scans,
 * universal reads partitioned by files_per_partition, native copies published by block upload,
 * universal writes staged in the run's spool, and no secret in any message.
 */
class AzureContractTest extends ConnectorContractTest {

    private static final String WRONG_KEY = Base64.getEncoder().encodeToString("not the key of the account".getBytes());

    private static AzuriteTestServer server;
    private static int containers;

    @TempDir
    Path run;

    private String container;

    @BeforeAll
    static void startServer() {
        server = AzuriteTestServer.start();
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void createContainer() {
        container = "contract" + (++containers);
        server.createContainer(container);
        var blobs = server.client().getBlobContainerClient(container);
        blobs.getBlobClient("parts/a.csv").upload(BinaryData.fromString("id,amount\n1,2.5\n"));
        blobs.getBlobClient("parts/b.csv").upload(BinaryData.fromString("id,amount\n2,4.0\n"));
    }

    @Override
    protected Connector connector() {
        return new AzureBlobConnector();
    }

    @Override
    protected ConnectorConfig config() {
        return new ConnectorConfig("blob", server.connection());
    }

    @Override
    protected List<DatasetSpec> nativeDatasets() {
        return List.of(DatasetSpec.of("blob", "orders", options("path", "in/*.parquet"), null),
                DatasetSpec.of("blob", "events", options("path", "in/events.csv", "format", "csv"), SampleRows.CONTRACT));
    }

    @Override
    protected List<DatasetSpec> universalDatasets() {
        return List.of(DatasetSpec.of("blob", "parts", options("path", "parts/*.csv", "format", "csv"),
                RemoteRows.contract("id", "bigint", "amount", "double")));
    }

    @Override
    protected List<DatasetSpec> partitionedDatasets() {
        return List.of(DatasetSpec.of("blob", "parts", options("path", "parts/*.csv", "format", "csv",
                "files_per_partition", 1L), null));
    }

    @Override
    protected List<WriteCase> universalOutputs() {
        return List.of(new WriteCase(output("orders", WriteStrategy.REPLACE, options("format", "parquet", "path", "out")),
                        SampleRows::batch),
                new WriteCase(output("events", WriteStrategy.APPEND, options("format", "json", "path", "log")),
                        SampleRows::batch));
    }

    @Override
    protected boolean outputVisible(OutputSpec spec) {
        String prefix = spec.options().get("path") + "/" + spec.entity();
        return server.client().getBlobContainerClient(container).listBlobs().stream()
                .anyMatch(blob -> blob.getName().startsWith(prefix)
                        && blob.getName().endsWith("." + spec.options().get("format")));
    }

    @Override
    protected Set<String> secretValues() {
        return Set.of(AzuriteTestServer.KEY, WRONG_KEY);
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of(
                (source, sink) -> source.schema(DatasetSpec.of("blob", "orders", options("path", "missing.parquet"),
                        null)),
                (source, sink) -> source.planRead(DatasetSpec.of("blob", "orders", options("path", "none/*.parquet"),
                        null), ReadHints.none()),
                (source, sink) -> sink.beginWrite(output("o", WriteStrategy.MERGE, options("format", "csv")),
                        new Schema(List.of())));
    }

    @Override
    protected List<ConnectorConfig> failingConfigs() {
        Map<String, Object> wrongKey = new LinkedHashMap<>(server.connection());
        wrongKey.put("account_key", WRONG_KEY);
        return List.of(new ConnectorConfig("blob", wrongKey));
    }

    /** An output of a write inside a run, whose spool is this test's. */
    private OutputSpec output(String entity, WriteStrategy strategy, Map<String, Object> options) {
        return new OutputSpec("blob", entity, strategy, SchemaPolicy.FAIL_ON_CHANGE, options, List.of(),
                new OutputSpec.WriteAttempt("run", "blob." + entity, 1, TemporaryFiles.directoryIn(run)));
    }

    private Map<String, Object> options(Object... keysAndValues) {
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("container", container);
        for (int i = 0; i < keysAndValues.length; i += 2) {
            options.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return options;
    }
}
