package dev.pz.connectors.http;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.http.HttpTestServer.Reply;
import dev.pz.connectors.testkit.ConnectorContractTest;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * http passes the connector test kit against a real server: an output is visible once the server
 * acknowledged a request to its path. The large dataset is an endless page-numbered feed.
 */
class HttpContractTest extends ConnectorContractTest {

    private static final String TOKEN = "contract-bearer-token";

    private HttpTestServer server;

    @TempDir
    Path project;

    @BeforeEach
    void startServer() {
        server = HttpTestServer.start();
        server.route("/items", (request, index) -> Reply.json("{\"data\":[{\"id\":1,\"name\":\"a\"},{\"id\":2}]}"));
        server.route("/endless", (request, index) -> {
            StringBuilder page = new StringBuilder("[");
            for (int i = 0; i < 2000; i++) {
                page.append(i == 0 ? "" : ",").append("{\"id\":").append(index * 2000 + i).append('}');
            }
            return Reply.json(page.append(']').toString());
        });
        server.route("/ingest", (request, index) -> Reply.json("{}"));
        server.route("/things/", (request, index) -> Reply.json("{}"));
        server.route("/private", (request, index) -> Reply.status(401, "{\"error\":\"who are you\"}"));
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Override
    protected Connector connector() {
        return new HttpConnector();
    }

    @Override
    protected ConnectorConfig config() {
        return new ConnectorConfig("api", Map.of("base_url", server.baseUrl(), "auth", Map.of("type", "bearer", "token",
                TOKEN), ConnectorConfig.BASE_DIR, project.toString()));
    }

    @Override
    protected List<DatasetSpec> universalDatasets() {
        return List.of(DatasetSpec.of("api", "items", Map.of("path", "/items", "items", "/data"),
                Map.of("id", "bigint", "name", "varchar")), DatasetSpec.of("api", "raw", Map.of("path", "/items",
                        "items", "/data"), null));
    }

    @Override
    protected Optional<DatasetSpec> largeDataset() {
        return Optional.of(DatasetSpec.of("api", "endless", Map.of("path", "/endless", "pagination",
                Map.of("strategy", "page")), Map.of("id", "bigint")));
    }

    @Override
    protected List<WriteCase> universalOutputs() {
        return List.of(new WriteCase(HttpWriteTest.output(WriteStrategy.APPEND, Map.of("path", "/ingest"), List.of()),
                allocator -> HttpWriteTest.rows(allocator, 3)));
    }

    @Override
    protected Optional<WriteCase> mergeOutput() {
        return Optional.of(new WriteCase(HttpWriteTest.output(WriteStrategy.MERGE, Map.of("path", "/things/{key}"),
                List.of("id")), allocator -> HttpWriteTest.rows(allocator, 3)));
    }

    @Override
    protected boolean outputVisible(OutputSpec spec) {
        String prefix = String.valueOf(spec.options().get("path")).replace("{key}", "");
        return !server.requests(prefix).isEmpty();
    }

    @Override
    protected Set<String> secretValues() {
        return Set.of(TOKEN);
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of((source, sink) -> read(source, DatasetSpec.of("api", "private", Map.of("path", "/private"), null)),
                (source, sink) -> read(source, DatasetSpec.of("api", "bad", Map.of("path", "/items", "pagination",
                        Map.of("strategy", "spiral")), null)));
    }

    @Override
    protected List<ConnectorConfig> failingConfigs() {
        return List.of(new ConnectorConfig("api", Map.of("base_url", server.baseUrl(), "check_path", "/private", "auth",
                Map.of("type", "bearer", "token", TOKEN))));
    }

    private void read(dev.pz.connectors.api.Source source, DatasetSpec spec) throws Exception {
        try (var allocator = new org.apache.arrow.memory.RootAllocator();
                var reader = source.planRead(spec, ReadHints.none()).get(0).open(allocator,
                        dev.pz.connectors.api.BatchOptions.defaults())) {
            while (reader.loadNextBatch()) {
                // Drained only to reach the failure.
            }
        }
    }
}
