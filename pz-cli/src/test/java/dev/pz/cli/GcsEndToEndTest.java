package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.gcs.JsonApiTestServer;
import dev.pz.connectors.gcs.ServiceAccountKeys;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gcs connector through {@code pz} with a service-account key, against the loopback stand-in for
 * Cloud Storage's JSON API (docs/gcs.md says what it does not prove): objects read by a glob, and
 * written by the native tier (DuckDB's COPY, then one upload) and by the universal tier.
 */
class GcsEndToEndTest {

    @TempDir
    Path temp;

    private JsonApiTestServer server;

    @BeforeEach
    void startServer() {
        server = JsonApiTestServer.start();
        server.put("lake", "raw/orders/2026-01.csv", "id,amount\n1,2.5\n2,4.0\n");
        server.put("lake", "raw/orders/2026-02.csv", "id,amount\n3,10.0\n");
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    private TestProject project(String dir, String engine) throws java.io.IOException {
        TestProject project = TestProject.in(temp.resolve(dir)).projectYml("gcs_" + dir, engine)
                .file("connections.yml", "gcs:\n  connector: gcs\n  auth: service_account\n  key_file: sa.json\n"
                        + "  endpoint: " + server.baseUrl() + "\n  root: lake/raw\n"
                        + "  entities:\n    orders:\n      read:\n        path: orders/*.csv\n        format: csv\n")
                .file("pipelines/orders_doubled.sql", "INSERT INTO {{ sink('gcs', 'orders_doubled', format: 'csv',"
                        + " path: 'out', strategy: 'replace') }}\nselect id, amount * 2 as doubled from"
                        + " {{ source('gcs', 'orders') }} order by id\n");
        Files.writeString(project.resolve("sa.json"), ServiceAccountKeys.json(server.baseUrl() + "/token"));
        return project;
    }

    @Test
    void objectsAreReadByAGlobAndWrittenByTheNativeTier() throws java.io.IOException {
        TestProject project = project("native", "engine:\n  threads: 1");
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(server.get("lake", "raw/out/orders_doubled.csv")).isEqualTo("id,doubled\n1,5.0\n2,8.0\n3,20.0\n");
        assertThat(Files.readString(project.resolve(".pz/target/plan.json"))).contains("COPY TO gcs csv");
    }

    @Test
    void theUniversalTierWritesTheSameObject() throws java.io.IOException {
        TestProject project = project("universal", "engine:\n  threads: 1\n  force_universal: true");
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(server.get("lake", "raw/out/orders_doubled.csv")).isEqualTo("id,doubled\n1,5.0\n2,8.0\n3,20.0\n");
        assertThat(Files.readString(project.resolve(".pz/target/plan.json"))).doesNotContain("COPY TO gcs");
    }
}
