package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.sftp.SftpTestServer;
import dev.pz.testing.TestProject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sftp connector through {@code pz} end to end, against a real SSH server in the test JVM: csv
 * drops read by a glob, written back as parquet (replace) and to local files; wrong options refused
 * alike by validate, plan and run; a wrong password failing the run without being printed.
 */
class SftpEndToEndTest {

    @TempDir
    Path temp;

    private SftpTestServer server;
    private Path serverRoot;

    @BeforeEach
    void startServer() throws IOException {
        serverRoot = Files.createDirectories(temp.resolve("server"));
        Files.createDirectories(serverRoot.resolve("data/in"));
        Files.writeString(serverRoot.resolve("data/in/orders-1.csv"), "id,amount\n1,2.5\n2,4.0\n");
        Files.writeString(serverRoot.resolve("data/in/orders-2.csv"), "amount,id\n10.0,3\n");
        Files.writeString(serverRoot.resolve("data/in/readme.txt"), "not a drop\n");
        server = SftpTestServer.start(serverRoot);
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    private TestProject project(String dir, String login) {
        return TestProject.in(temp.resolve(dir)).projectYml("sftp_" + dir, "engine:\n  threads: 1")
                .file("connections.yml", "drop:\n  connector: sftp\n" + login.replace("    ", "  ") + "  root: /data\n"
                        + "  entities:\n    orders:\n      read:\n        path: in/orders-*.csv\n"
                        + "        columns: {id: bigint, amount: double}\n"
                        + "lake:\n  connector: localfiles\n")
                .file("pipelines/stg_orders.sql", "select * from {{ source('drop', 'orders') }}\n")
                .file("pipelines/orders_doubled.sql", "INSERT INTO {{ sink('drop', 'orders_doubled', format: 'parquet',"
                        + " path: 'out', strategy: 'replace') }}\nselect id, amount * 2 as doubled from"
                        + " {{ ref('stg_orders') }} order by id\n")
                .file("pipelines/orders_copy.sql", "INSERT INTO {{ sink('lake', 'orders_copy', format: 'csv', path:"
                        + " 'out/', strategy: 'replace') }}\nselect * from {{ ref('stg_orders') }} order by id\n");
    }

    @Test
    void dropsAreReadByAGlobAndWrittenBackAsParquetAndToLocalFiles() throws IOException {
        TestProject project = project("run", server.connectionYaml());
        for (int run = 0; run < 2; run++) {
            CliRun pz = CliRun.pz(project.path(), "run", "--all");
            assertThat(pz.exitCode()).as(pz.toString()).isZero();
            assertThat(pz.out() + pz.err()).doesNotContain(SftpTestServer.PASSWORD);
        }
        Path parquet = serverRoot.resolve("data/out/orders_doubled.parquet");
        assertThat(Duck.rows("select id || '|' || doubled from read_parquet('" + parquet + "') order by id"))
                .containsExactly("1|5.0", "2|8.0", "3|20.0");
        try (Stream<Path> files = Files.list(serverRoot.resolve("data/out"))) {
            assertThat(files.map(file -> file.getFileName().toString())).containsExactly("orders_doubled.parquet");
        }
        assertThat(Duck.rows("select id || '|' || amount from read_csv('" + project.path().resolve("out")
                + "/orders_copy.csv') order by id")).containsExactly("1|2.5", "2|4.0", "3|10.0");
        assertThat(Files.readString(project.path().resolve(".pz/target/plan.json"))).doesNotContain(
                SftpTestServer.PASSWORD);
    }

    @Test
    void badOptionsAreRefusedByValidatePlanAndRunAlikeWithoutASecret() {
        TestProject project = TestProject.in(temp.resolve("bad")).projectYml("sftp_bad")
                .file("connections.yml", "drop:\n  connector: sftp\n" + server.connectionYaml().replace("    ", "  ")
                        + "  private_key_path: id_ed25519\n"
                        + "  entities:\n    orders:\n      read:\n        format: xlsx\n"
                        + "pinned:\n  connector: sftp\n" + server.connectionYaml().replace("    ", "  ")
                        + "  host_key_fingerprint: md5:12:34\n"
                        + "lake:\n  connector: localfiles\n  entities:\n    seed:\n      read:\n        path: seed.csv\n")
                .file("seed.csv", "id\n1\n")
                .file("pipelines/a.sql", "INSERT INTO {{ sink('drop', 'a', format: 'parquet', delimiter: ';') }}\n"
                        + "select * from {{ source('lake', 'seed') }}\n")
                .file("pipelines/b.sql", "INSERT INTO {{ sink('lake', 'b', format: 'csv', path: 'out/') }}\n"
                        + "select * from {{ source('drop', 'orders') }}\n");
        for (String verb : List.of("validate", "plan", "run --all")) {
            CliRun run = CliRun.pz(project.path(), verb.split(" "));
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).as(verb)
                    .contains("PZ0301: connection 'drop': sftp connection must declare exactly one of 'password' and"
                            + " 'private_key_path', not both")
                    .contains("PZ0301: connection 'pinned': 'host_key_fingerprint' must be a SHA-256 fingerprint")
                    .contains("PZ0361: dataset 'orders': 'format' must be one of csv, json, parquet, tsv (got 'xlsx')")
                    .contains("PZ0362: output 'a': 'delimiter' is not an option of format 'parquet'")
                    .doesNotContain(SftpTestServer.PASSWORD);
            assertThat(project.path().resolve(".pz/runs")).doesNotExist();
        }
    }

    @Test
    void aWrongPasswordFailsTheRunAndTheConnectionCheckWithoutBeingPrinted() {
        TestProject project = project("creds", server.connectionYaml().replace(SftpTestServer.PASSWORD,
                "wrong-password-q"));
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out() + run.err()).contains("PZ0501", "sftp host '127.0.0.1': authentication of user 'pz'"
                + " was refused").doesNotContain("wrong-password-q");
        assertThat(serverRoot.resolve("data/out")).doesNotExist();
        CliRun connect = CliRun.pz(project.path(), "validate", "--connect");
        assertThat(connect.exitCode()).as(connect.toString()).isEqualTo(2);
        assertThat(connect.err()).contains("PZ0330: connection 'drop' (connector 'sftp') failed its connectivity check")
                .doesNotContain("wrong-password-q");
    }
}
