package dev.pz.connectors.gcs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.files.testing.RemoteRows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real client stack over HTTP: a service-account key is exchanged for an access token at the
 * key's token_uri, and list, download and upload go to {@code endpoint} with that token.
 */
class GcsJsonApiTest {

    @TempDir
    Path project;

    private JsonApiTestServer server;
    private final GcsConnector connector = new GcsConnector();

    @BeforeEach
    void start() throws IOException {
        server = JsonApiTestServer.start();
        Files.writeString(project.resolve("sa.json"), ServiceAccountKeys.json(server.baseUrl() + "/token"));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aServiceAccountReadsAndWritesThroughTheJsonApi() throws IOException {
        server.put("lake", "raw/a.csv", "id,name\n1,x\n");
        server.put("lake", "raw/b.csv", "id,name\n2,y\n");
        ConnectorConfig config = config("lake/raw");
        try (Source source = connector.openSource(config).orElseThrow()) {
            assertThat(RemoteRows.read(source, DatasetSpec.of("gcs", "t", Map.of("path", "*.csv", "format", "csv"),
                    null))).containsExactly("1|x", "2|y");
        }
        try (Sink sink = connector.openSink(config).orElseThrow()) {
            NativeCopy copy = sink.nativeCopy(new OutputSpec("gcs", "daily", WriteStrategy.REPLACE,
                    SchemaPolicy.FAIL_ON_CHANGE, Map.of("path", "out", "format", "csv"), List.of(), null)).orElseThrow();
            copy.publisher().publish(Files.writeString(project.resolve("finished"), "id\n7\n"));
        }
        assertThat(server.get("lake", "raw/out/daily.csv")).isEqualTo("id\n7\n");
        assertThat(server.requests()).contains("POST /token");
    }

    @Test
    void theConnectionCheckListsRootAndReportsRefusedCredentials() {
        assertThat(connector.checkConnection(config("lake/raw")).ok()).isTrue();
        server.refuseTokens();
        ConnectionCheck refused = connector.checkConnection(config("lake/raw"));
        assertThat(refused.ok()).isFalse();
        assertThat(refused.message()).isEqualTo("permanent: gcs bucket 'lake': list failed: the credentials were"
                + " refused (HTTP 401)");
    }

    private ConnectorConfig config(String root) {
        return new ConnectorConfig("gcs", Map.of("auth", "service_account", "key_file", "sa.json", "root", root,
                "endpoint", server.baseUrl(), ConnectorConfig.BASE_DIR, project.toString()));
    }
}
