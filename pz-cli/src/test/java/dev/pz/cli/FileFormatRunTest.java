package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Native-tier file formats through {@code pz run}: json, parquet, empty and header-only csv, delimiters. */
class FileFormatRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    /** A project with one localfiles connection 'files' (entities given as YAML) and one pipeline. */
    private TestProject project(String entities, String pipeline) {
        return TestProject.in(temp)
                .projectYml("formats", Catalogue.LOCALFILES, "engine:\n  threads: 2")
                .file("connections.yml", "files:\n  connector: localfiles\n  entities:\n" + entities
                        + "lake:\n  connector: localfiles\n  root: out\n")
                .file("pipelines/p.sql", pipeline);
    }

    private static CliRun ok(TestProject project) {
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        return run;
    }

    @Test
    void f11JsonToJsonWritesNdjson() throws Exception {
        TestProject fixture = Catalogue.f11(temp);
        ok(fixture);

        List<String> lines = List.of(fixture.read("out/customer_totals.json").split("\n"));
        assertThat(fixture.read("out/customer_totals.json")).endsWith("}\n");
        assertThat(lines).hasSize(3);
        List<String> rows = new ArrayList<>();
        double sum = 0;
        for (String line : lines) {
            JsonNode row = JSON.readTree(line);
            rows.add(row.get("customer").asText() + "|" + row.get("orders").asLong() + "|" + row.get("total").asDouble());
            sum += row.get("total").asDouble();
        }
        assertThat(rows).containsExactlyInAnyOrder("Ada|2|150.5", "Grace|2|218.0", "Linus|1|100.0");
        assertThat(sum).isEqualTo(468.5);
        String plan = fixture.read(".pz/target/plan.json");
        assertThat(plan).contains("\"strategy\": \"native_scan\"", "\"strategy\": \"native_copy\"")
                .doesNotContain("arrow_stream").doesNotContain(temp.toString());
    }

    @Test
    void f12ParquetToCsvExactBytes() throws Exception {
        TestProject fixture = SeededFixtures.f12(temp);
        ok(fixture);

        assertThat(Files.readAllBytes(fixture.resolve("out/customer_totals.csv"))).asString()
                .isEqualTo("customer,orders,total\nalice,4,91.00\nbob,3,81.00\ncarol,3,105.50\n");
    }

    @Test
    void tsvReadAndWriteUseTabs() throws Exception {
        TestProject fixture = project("    people:\n      read:\n        path: data/people.tsv\n        format: tsv\n"
                + "        columns:\n          id: bigint\n          name: varchar\n",
                "INSERT INTO {{ sink('lake', 'people', format: 'tsv', strategy: 'replace') }}\n"
                        + "select id, upper(name) as name from {{ source('files', 'people') }} order by id\n")
                .file("data/people.tsv", "id\tname\n2\tgrace, hopper\n1\tada\n");
        ok(fixture);

        assertThat(fixture.read("out/people/people.tsv")).isEqualTo("id\tname\n1\tADA\n2\tGRACE, HOPPER\n");
    }

    @Test
    void readDelimiterOption() throws Exception {
        TestProject fixture = project("    semi:\n      read:\n        path: data/semi.csv\n        format: csv\n"
                + "        delimiter: \";\"\n        columns:\n          id: bigint\n          name: varchar\n",
                "INSERT INTO {{ sink('lake', 'semi', format: 'csv', strategy: 'replace') }}\n"
                        + "select * from {{ source('files', 'semi') }}\n")
                .file("data/semi.csv", "id;name\n1;a\n");
        ok(fixture);

        assertThat(fixture.read("out/semi/semi.csv")).isEqualTo("id,name\n1,a\n");
    }

    @Test
    void semicolonFileWithoutDelimiterIsRefusedByTheHeaderGuard() {
        TestProject fixture = project("    semi:\n      read:\n        path: data/semi.csv\n        format: csv\n"
                + "        columns:\n          id: bigint\n          name: varchar\n",
                "INSERT INTO {{ sink('lake', 'semi', format: 'csv', strategy: 'replace') }}\n"
                        + "select * from {{ source('files', 'semi') }}\n")
                .file("data/semi.csv", "id;name\n1;a\n");

        CliRun run = CliRun.pz(fixture.path(), "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0353", "'id' is named 'id;name' in the file; missing 'name'",
                "the header looks ';'-delimited: set delimiter: ';'");
        assertThat(fixture.resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void jsonArrayLayoutReadAndWriteAndNdjsonNulls() throws Exception {
        TestProject fixture = project("    arr:\n      read:\n        path: data/arr.json\n        format: json\n"
                + "        layout: array\n        columns:\n          id: bigint\n          name: varchar\n"
                + "    nd:\n      read:\n        format: json\n",
                "INSERT INTO {{ sink('lake', 'both', format: 'json', layout: 'array', strategy: 'replace') }}\n"
                        + "select a.id, a.name, n.name as other from {{ source('files', 'arr') }} a\n"
                        + "left join {{ ref('nd_clean') }} n on n.id = a.id order by a.id\n")
                .file("pipelines/nd_clean.sql", "select * from {{ source('files', 'nd') }}\n")
                .file("data/arr.json", "[{\"id\": 1, \"name\": \"x\"}, {\"id\": 2, \"name\": \"y\"}]")
                .file("nd.json", "{\"id\":1,\"name\":\"one\"}\n{\"id\":2,\"name\":null}\n");
        ok(fixture);

        String written = fixture.read("out/both/both.json");
        assertThat(written.strip()).startsWith("[").endsWith("]");
        JsonNode array = JSON.readTree(written);
        assertThat(array).hasSize(2);
        assertThat(array.get(0).toString()).isEqualTo("{\"id\":1,\"name\":\"x\",\"other\":\"one\"}");
        assertThat(array.get(1).toString()).isEqualTo("{\"id\":2,\"name\":\"y\",\"other\":null}");
    }

    @Test
    void headerOnlyAndEmptyCsvFiles() throws Exception {
        TestProject fixture = project("    header_only:\n      read:\n        path: data/h.csv\n        format: csv\n"
                + "    empty_declared:\n      read:\n        path: data/e.csv\n        format: csv\n"
                + "        columns:\n          id: bigint\n",
                "INSERT INTO {{ sink('lake', 'h', format: 'csv', strategy: 'replace') }}\n"
                        + "select * from {{ source('files', 'header_only') }}\n")
                .file("pipelines/e.sql", "INSERT INTO {{ sink('lake', 'e', format: 'csv', strategy: 'replace') }}\n"
                        + "select * from {{ source('files', 'empty_declared') }}\n")
                .file("data/h.csv", "id,name\n")
                .file("data/e.csv", "");
        CliRun run = ok(fixture);

        assertThat(RunArtifacts.withoutTimes(run)).contains("ok src_files__header_only 0 rows",
                "ok src_files__empty_declared 0 rows", "ok lake.h 0 rows", "ok lake.e 0 rows");
        assertThat(fixture.read("out/h/h.csv")).isEqualTo("id,name\n");
        assertThat(fixture.read("out/e/e.csv")).isEqualTo("id\n");
    }

    @Test
    void zeroByteCsvWithoutContractIsRefusedNamingTheFile() {
        TestProject fixture = project("    empty:\n      read:\n        path: data/empty.csv\n        format: csv\n",
                "INSERT INTO {{ sink('lake', 'x', format: 'csv', strategy: 'replace') }}\n"
                        + "select * from {{ source('files', 'empty') }}\n")
                .file("data/empty.csv", "");

        CliRun run = CliRun.pz(fixture.path(), "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0353", "data/empty.csv", "0 bytes");
    }

    @Test
    void defaultSinkFormatIsParquetUnderEntityDirectory() {
        TestProject fixture = project("    people:\n      read:\n        format: csv\n",
                "INSERT INTO {{ sink('lake', 'people') }}\nselect * from {{ source('files', 'people') }}\n")
                .file("people.csv", "id,name\n1,ada\n");
        ok(fixture);

        assertThat(RunArtifacts.listFiles(fixture.resolve("out/people"))).singleElement().asString()
                .matches("people-[0-9a-f]{32}\\.parquet");
    }

    @Test
    void replaceOverwritesOneStableFile() throws Exception {
        TestProject fixture = project("    people:\n      read:\n        format: csv\n",
                "INSERT INTO {{ sink('lake', 'people', strategy: 'replace') }}\n"
                        + "select * from {{ source('files', 'people') }}\n")
                .file("people.csv", "id,name\n1,ada\n2,grace\n");
        ok(fixture);
        fixture.file("people.csv", "id,name\n3,linus\n");
        ok(fixture);

        assertThat(RunArtifacts.listFiles(fixture.resolve("out/people"))).containsExactly("people.parquet");
        assertThat(Duck.rows("select * from read_parquet('" + fixture.resolve("out/people/people.parquet") + "')"))
                .containsExactly("3|linus");
    }

    @Test
    void appendAddsANewFilePerRunAndAFullReadSeesAllRuns() throws Exception {
        TestProject fixture = project("    people:\n      read:\n        format: csv\n"
                + "    history:\n      read:\n        path: out/people/*.csv\n        format: csv\n",
                "INSERT INTO {{ sink('lake', 'people', format: 'csv', strategy: 'append') }}\n"
                        + "select * from {{ source('files', 'people') }}\n")
                .file("people.csv", "id,name\n1,ada\n");
        CliRun first = CliRun.pz(fixture.path(), "run", "p");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        List<String> afterFirst = RunArtifacts.listFiles(fixture.resolve("out/people"));
        assertThat(afterFirst).singleElement().asString().matches("people-[0-9a-f]{32}\\.csv");
        String firstBytes = fixture.read("out/people/" + afterFirst.get(0));

        fixture.file("people.csv", "id,name\n2,grace\n");
        CliRun second = CliRun.pz(fixture.path(), "run", "p");
        assertThat(second.exitCode()).as(second.toString()).isZero();

        List<String> files = RunArtifacts.listFiles(fixture.resolve("out/people"));
        assertThat(files).hasSize(2).contains(afterFirst.get(0)).allMatch(name -> name.matches("people-[0-9a-f]{32}\\.csv"));
        assertThat(fixture.read("out/people/" + afterFirst.get(0))).isEqualTo(firstBytes).isEqualTo("id,name\n1,ada\n");

        // A full read of the output folder needs nothing extra: a glob source sees both runs.
        fixture.file("pipelines/all_people.sql", "INSERT INTO {{ sink('lake', 'all_people', format: 'csv', strategy: "
                + "'replace') }}\nselect * from {{ source('files', 'history') }} order by id\n");
        CliRun read = CliRun.pz(fixture.path(), "run", "all_people");
        assertThat(read.exitCode()).as(read.toString()).isZero();
        assertThat(fixture.read("out/all_people/all_people.csv")).isEqualTo("id,name\n1,ada\n2,grace\n");
    }
}
