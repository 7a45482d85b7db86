package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An SQLite file through {@code pz}: a table exported to CSV incrementally (the watermark pushed into
 * SQLite's select), CSV rows written back into the file, a missing file and an unknown table failing
 * their node with the file left as it was.
 */
class SqliteEndToEndTest {

    private static final String CONNECTIONS = """
            app:
              connector: sqlite
              path: app.db
              entities:
                events:
                  read:
                    columns: {id: bigint, kind: varchar, at: timestamp}
                    sync: {mode: incremental, cursor: at}
            files:
              connector: localfiles
              entities:
                scores:
                  read: {path: data/scores.csv, format: csv, columns: {id: bigint, score: double, day: date}}
            lake:
              connector: localfiles
            """;
    private static final String EXPORT = """
            INSERT INTO {{ sink('lake', 'events_csv', strategy: 'append', duplicates: 'accept', format: 'csv', path: 'out/') }}
            select * from {{ source('app', 'events') }}
            """;
    private static final String IMPORT = """
            INSERT INTO {{ sink('app', 'scores', strategy: 'replace') }}
            select * from {{ source('files', 'scores') }}
            """;

    @TempDir
    Path temp;

    private TestProject project(String dir, String connections) throws SQLException {
        TestProject project = TestProject.in(temp.resolve(dir)).projectYml("sqlite_" + dir)
                .file("connections.yml", connections).file("pipelines/export_events.sql", EXPORT)
                .file("pipelines/import_scores.sql", IMPORT)
                .file("data/scores.csv", "id,score,day\n1,0.5,2026-01-01\n2,,2026-01-02\n");
        execute(project.resolve("app.db"), "create table events (id integer, kind text, at datetime)",
                "insert into events values (1, 'a', '2026-01-01 10:00:00'), (2, 'b', '2026-01-02 10:00:00')");
        return project;
    }

    @Test
    void exportsIncrementallyAndWritesBack() throws Exception {
        TestProject project = project("run", CONNECTIONS);
        CliRun first = CliRun.pz(project.path(), "run", "--all");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(rows(project.resolve("app.db"), "select id, score, day from scores order by id"))
                .containsExactly("1|0.5|2026-01-01", "2|null|2026-01-02");

        execute(project.resolve("app.db"), "insert into events values (3, 'c', '2026-01-03 09:30:00')");
        CliRun second = CliRun.pz(project.path(), "run", "--all");
        assertThat(second.exitCode()).as(second.toString()).isZero();
        assertThat(second.out()).containsPattern("(?m)^ok src_app__events 1 rows");
        List<String> exported = RunArtifacts.listFiles(project.resolve("out"));
        assertThat(exported).hasSize(2);
        StringBuilder all = new StringBuilder();
        for (String file : exported) {
            all.append(project.read("out/" + file));
        }
        assertThat(all.toString().lines().filter(line -> !line.startsWith("id,")).sorted().toList())
                .containsExactly("1,a,2026-01-01 10:00:00", "2,b,2026-01-02 10:00:00", "3,c,2026-01-03 09:30:00");
    }

    @Test
    void anUnknownTableFailsItsNodeAndLeavesTheFile() throws Exception {
        TestProject project = project("unknown", CONNECTIONS.replace("    events:\n", "    eventz:\n"))
                .file("pipelines/export_events.sql", EXPORT.replace("'events')", "'eventz')"));
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out()).contains("PZ0501", "no such table: eventz");
        assertThat(rows(project.resolve("app.db"), "select count(*) from events")).containsExactly("2");
    }

    @Test
    void aMissingFileFailsTheReadAndIsNotCreated() throws Exception {
        TestProject project = project("missing", CONNECTIONS.replace("path: app.db", "path: nope.db"));
        java.nio.file.Files.delete(project.resolve("pipelines/import_scores.sql"));
        CliRun validate = CliRun.pz(project.path(), "validate", "--connect");
        assertThat(validate.exitCode()).as(validate.toString()).isEqualTo(2);
        assertThat(validate.err()).contains("error PZ0330: ", "nope.db' does not exist");
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out()).contains("PZ0501", "nope.db' does not exist");
        assertThat(project.resolve("nope.db")).doesNotExist();
    }

    @Test
    void aFileThatIsNotSqliteFailsTheConnectionCheck() throws Exception {
        TestProject project = project("notdb", CONNECTIONS).file("app.db", "plain text, not a database");
        CliRun validate = CliRun.pz(project.path(), "validate", "--connect");
        assertThat(validate.exitCode()).as(validate.toString()).isEqualTo(2);
        assertThat(validate.err()).contains("PZ0330", "is not a sqlite database file");
    }

    @Test
    void mergeIsRefusedBeforeAnythingRuns() throws Exception {
        TestProject project = project("merge", CONNECTIONS)
                .file("pipelines/import_scores.sql", IMPORT.replace("strategy: 'replace'", "strategy: 'merge', keys: ['id']"));
        for (String verb : new String[] {"validate", "plan", "run"}) {
            CliRun refused = verb.equals("validate") ? CliRun.pz(project.path(), verb) : CliRun.pz(project.path(), verb, "--all");
            assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
            assertThat(refused.err()).contains("error PZ0324: output 'app.scores': connector 'sqlite' does not support"
                    + " strategy merge");
        }
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }

    static void execute(Path file, String... statements) throws SQLException {
        JdbcRows.execute("jdbc:sqlite:" + file, statements);
    }

    static List<String> rows(Path file, String sql) throws SQLException {
        return JdbcRows.rows("jdbc:sqlite:" + file, sql);
    }
}
