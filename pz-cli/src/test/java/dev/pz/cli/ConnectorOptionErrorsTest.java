package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad connector options and capability refusals, as a user meets them: each is reported by
 * {@code pz validate} from the connector's declarations with its own code, the file and line, and
 * a hint, naming its subject once; the ones the planner meets too get the same code from
 * {@code pz plan} (never PZ0500), and nothing runs.
 */
class ConnectorOptionErrorsTest {

    private static final String FILES = "files:\n  connector: localfiles\nlake:\n  connector: localfiles\n  root: out\n";
    private static final String READ = "select * from {{ source('files', 'items', path: 'items.csv', format: 'csv') }}\n";

    @TempDir
    Path temp;

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("port: abc", "db:\n  connector: postgres\n  host: h\n  port: abc\n  database: d\n",
                        "select * from {{ source('db', 't') }}\n", "PZ0301",
                        "error PZ0301: connection 'db': 'port' must be an integer (got 'abc') (connections.yml:",
                        "— hint: write a whole number without quotes between 1 and 65535, e.g. port: 5432", true),
                Arguments.of("passwrod typo", "db:\n  connector: postgres\n  host: h\n  database: d\n  passwrod: x\n",
                        "select 1 as id\n", "PZ0301", "error PZ0301: connection 'db': unknown option 'passwrod' "
                                + "(connections.yml:5)", "— hint: did you mean 'password'?", false),
                Arguments.of("delimter typo", FILES, "select * from {{ source('files', 'items', path: 'items.csv', "
                        + "delimter: ';') }}\n", "PZ0301", "error PZ0301: dataset 'items': unknown option 'delimter' "
                                + "(pipelines/p.sql:", "— hint: did you mean 'delimiter'?", false),
                Arguments.of("sink format orc", FILES, "INSERT INTO {{ sink('lake', 'o', format: 'orc') }}\n" + READ,
                        "PZ0361", "error PZ0361: output 'o': 'format' must be one of csv, json, parquet, tsv, xlsx "
                                + "(got 'orc') (pipelines/p.sql:1)", "— hint: write one of csv", true),
                Arguments.of("compression bogus", FILES, "INSERT INTO {{ sink('lake', 'o', format: 'parquet', "
                        + "compression: 'bogus') }}\n" + READ, "PZ0362", "error PZ0362: output 'o': 'compression' must"
                                + " be one of snappy, gzip, zstd, lz4, brotli, uncompressed (got 'bogus')",
                        "— hint: write one of snappy", true),
                Arguments.of("merge on localfiles", FILES, "INSERT INTO {{ sink('lake', 'o', strategy: 'merge', "
                        + "keys: ['id']) }}\n" + READ, "PZ0324",
                        "error PZ0324: output 'lake.o': connector 'localfiles' does not support strategy merge",
                        "— hint: pick a strategy the connector supports", true),
                Arguments.of("partition_by on localfiles", FILES, "INSERT INTO {{ sink('lake', 'o', partition_by: "
                        + "'id') }}\n" + READ, "PZ0314", "error PZ0314: output 'lake.o': connector 'localfiles' cannot"
                                + " write this partition_by output (it does not declare ColumnPartitionedWrites)",
                        "— hint: add calendar tokens ({yyyy}/{MM}/{dd}) to path:, or remove partition_by", true),
                Arguments.of("rate_limit on localfiles", FILES + "  rate_limit: {requests_per_minute: 60}\n",
                        "INSERT INTO {{ sink('lake', 'o') }}\n" + READ, "PZ0317", "error PZ0317: connection 'lake':"
                                + " connector 'localfiles' does not pace its operations", "— hint: remove rate_limit:",
                        true),
                Arguments.of("cdc on localfiles", FILES.replace("files:\n  connector: localfiles\n",
                        "files:\n  connector: localfiles\n  entities:\n    items:\n      read:\n        path: items.csv\n"
                                + "        sync: {mode: cdc}\n"), "select * from {{ source('files', 'items') }}\n",
                        "PZ0338", "error PZ0338: source 'files.items': sync mode 'cdc' needs change capture",
                        "— hint: use a ChangeCapture-capable connector (postgres, sqlserver) or a different sync mode",
                        true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isReportedWithItsCodeLocationAndHint(String name, String connections, String pipeline, String code,
            String message, String hint, boolean planned) {
        TestProject project = TestProject.in(temp).projectYml("bad").file("connections.yml", connections)
                .file("pipelines/p.sql", pipeline).file("items.csv", "id\n1\n");

        CliRun validate = CliRun.pz(project.path(), "validate");
        assertThat(validate.exitCode()).as(validate.toString()).isEqualTo(2);
        assertThat(validate.errLines()).as(validate.toString()).anySatisfy(line -> assertThat(line)
                .startsWith(message.substring(0, message.indexOf(" (") > 0 ? message.indexOf(" (") : message.length()))
                .contains(message).contains(hint));
        assertThat(validate.err()).doesNotContain(code + ": " + code)
                .doesNotContainPattern("(connection|dataset|output) '([^']+)': \\1 '\\2'");
        if (planned) {
            for (String verb : new String[] {"plan", "run"}) {
                CliRun refused = CliRun.pz(project.path(), verb, "--all");
                assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
                assertThat(refused.err()).as(verb).contains("error " + code + ": ").doesNotContain("PZ0500");
            }
            assertThat(project.resolve(".pz/runs")).as("nothing ran").doesNotExist();
        }
    }
}
