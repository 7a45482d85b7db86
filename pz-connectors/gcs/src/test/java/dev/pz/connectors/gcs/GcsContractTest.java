package dev.pz.connectors.gcs;

import com.google.cloud.storage.BlobInfo;
import com.google.cloud.storage.Storage;
import com.google.cloud.storage.contrib.nio.testing.LocalStorageHelper;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.files.testing.RemoteRows;
import dev.pz.connectors.testkit.ConnectorContractTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * gcs passes the connector test kit against LocalStorageHelper, the client library's in-memory
 * stand-in for the Storage service (see docs/gcs.md for what that does not prove).
 */
class GcsContractTest extends ConnectorContractTest {

    @TempDir
    Path project;

    private Storage storage;

    @BeforeEach
    void fillBucket() {
        storage = LocalStorageHelper.customOptions(false).getService();
        put("raw/orders.csv", "id,amount\n1,2.5\n2,4.0\n");
        put("raw/parts/a.json", "{\"id\":1}\n");
        put("raw/parts/b.json", "{\"id\":2}\n");
    }

    private void put(String key, String text) {
        storage.create(BlobInfo.newBuilder("lake", key).build(), text.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    protected Connector connector() {
        return new GcsConnector(settings -> storage);
    }

    @Override
    protected ConnectorConfig config() {
        return new ConnectorConfig("gcs", Map.of("auth", "adc", "root", "lake/raw", ConnectorConfig.BASE_DIR,
                project.toString()));
    }

    @Override
    protected List<DatasetSpec> universalDatasets() {
        return List.of(DatasetSpec.of("gcs", "orders", Map.of("format", "csv"), RemoteRows.contract("id", "bigint",
                "amount", "double")), DatasetSpec.of("gcs", "orders", Map.of("format", "csv"), null));
    }

    @Override
    protected List<DatasetSpec> nativeDatasets() {
        return List.of(DatasetSpec.of("gcs", "orders", Map.of("format", "csv"), RemoteRows.contract("id", "bigint",
                "amount", "double")));
    }

    @Override
    protected List<DatasetSpec> partitionedDatasets() {
        return List.of(DatasetSpec.of("gcs", "parts", Map.of("path", "parts/*.json", "format", "json"), null));
    }

    @Override
    protected List<WriteCase> universalOutputs() {
        return List.of(new WriteCase(output("daily", WriteStrategy.REPLACE, "csv"), allocator -> RemoteRows.batch(
                allocator, 3)), new WriteCase(output("events", WriteStrategy.APPEND, "parquet"),
                        allocator -> RemoteRows.batch(allocator, 3)));
    }

    private static OutputSpec output(String entity, WriteStrategy strategy, String format) {
        return new OutputSpec("gcs", entity, strategy, SchemaPolicy.FAIL_ON_CHANGE, Map.of("path", "out", "format",
                format), List.of(), new OutputSpec.WriteAttempt("run", "gcs." + entity, 1));
    }

    @Override
    protected boolean outputVisible(OutputSpec spec) {
        return StreamSupport.stream(storage.list("lake", Storage.BlobListOption.prefix("raw/out/" + spec.entity()))
                .iterateAll().spliterator(), false).findAny().isPresent();
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of((source, sink) -> source.schema(DatasetSpec.of("gcs", "missing", Map.of(), null)),
                (source, sink) -> sink.nativeCopy(new OutputSpec("gcs", "x", WriteStrategy.REPLACE,
                        SchemaPolicy.FAIL_ON_CHANGE, Map.of("path", "../up", "format", "csv"), List.of(), null)));
    }
}
