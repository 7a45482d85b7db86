package dev.pz.connectors.localfiles;

import static dev.pz.connectors.localfiles.LocalFilesTestSupport.options;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.output;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Native writes: the COPY runs on a real DuckDB the way the engine runs it (into a temporary in
 * the output's {@code .pz-tmp/}, then the connector's publish), and the final files hold exactly
 * the staged rows.
 */
class LocalFilesCopyTest {

    @TempDir
    Path project;

    private LocalFilesTestSupport support;

    @BeforeEach
    void open() throws SQLException {
        support = new LocalFilesTestSupport(project);
        support.execute("create table staged as select * from (values (1, 'alice', 10.25::decimal(38,9)),"
                + " (2, 'bob, jr', 20.5::decimal(38,9))) v(id, customer, amount) order by id");
    }

    @AfterEach
    void close() throws SQLException {
        support.close();
    }

    @Test
    void csvReplaceWritesTheExactBytes() throws Exception {
        NativeCopy copy = support.sink("out").nativeCopy(output("totals", WriteStrategy.REPLACE, options("format", "csv")))
                .orElseThrow();
        Path dir = project.resolve("out/totals");
        assertThat(copy.mechanism()).isEqualTo("COPY TO csv");
        assertThat(copy.temporaryDirectory()).isEqualTo(dir.resolve(".pz-tmp"));
        assertThat(copy.setupStatements()).isEmpty();
        assertThat(copy.copyOptions()).isEqualTo("format csv, header");
        assertThat(run(copy)).isEqualTo(2);
        assertThat(Files.readString(dir.resolve("totals.csv")))
                .isEqualTo("id,customer,amount\n1,alice,10.250000000\n2,\"bob, jr\",20.500000000\n");
        assertThat(listing(dir)).containsExactly("totals.csv");
    }

    @Test
    void replaceOverwritesTheSameFile() throws Exception {
        LocalFilesSink sink = support.sink(null);
        run(sink.nativeCopy(output("totals", WriteStrategy.REPLACE, options("format", "csv", "path", "d/"))).orElseThrow());
        support.execute("delete from staged where id = 2");
        run(sink.nativeCopy(output("totals", WriteStrategy.REPLACE, options("format", "csv", "path", "d/"))).orElseThrow());
        assertThat(listing(project.resolve("d"))).containsExactly("totals.csv");
        assertThat(Files.readString(project.resolve("d/totals.csv"))).isEqualTo("id,customer,amount\n1,alice,10.250000000\n");
    }

    @Test
    void tsvAndCustomDelimiter() throws Exception {
        NativeCopy tsv = support.sink(null).nativeCopy(output("t", WriteStrategy.REPLACE, options("format", "tsv"))).orElseThrow();
        assertThat(tsv.copyOptions()).isEqualTo("format csv, header, delimiter '\\t'");
        assertThat(tsv.mechanism()).isEqualTo("COPY TO tsv");
        run(tsv);
        assertThat(Files.readString(project.resolve("t/t.tsv")))
                .isEqualTo("id\tcustomer\tamount\n1\talice\t10.250000000\n2\tbob, jr\t20.500000000\n");
        NativeCopy semi = support.sink(null).nativeCopy(output("s", WriteStrategy.REPLACE,
                options("format", "csv", "delimiter", ";"))).orElseThrow();
        assertThat(semi.copyOptions()).isEqualTo("format csv, header, delimiter ';'");
        run(semi);
        assertThat(Files.readString(project.resolve("s/s.csv"))).startsWith("id;customer;amount\n1;alice;");
    }

    @Test
    void parquetIsTheDefaultAndKeepsDecimals() throws Exception {
        NativeCopy copy = support.sink(null).nativeCopy(output("totals", WriteStrategy.REPLACE, options())).orElseThrow();
        assertThat(copy.mechanism()).isEqualTo("COPY TO parquet");
        assertThat(copy.copyOptions()).isEqualTo("format parquet");
        Path target = project.resolve("totals/totals.parquet");
        run(copy);
        assertThat(support.rows("select id, customer, amount, typeof(amount) from read_parquet('" + target + "') order by id"))
                .containsExactly(List.of(1, "alice", new BigDecimal("10.250000000"), "DECIMAL(38,9)"),
                        List.of(2, "bob, jr", new BigDecimal("20.500000000"), "DECIMAL(38,9)"));
    }

    @Test
    void parquetCompression() throws Exception {
        NativeCopy copy = support.sink(null).nativeCopy(output("z", WriteStrategy.REPLACE,
                options("format", "parquet", "compression", "zstd"))).orElseThrow();
        assertThat(copy.copyOptions()).isEqualTo("format parquet, compression zstd");
        run(copy);
        assertThat(support.rows("select distinct compression from parquet_metadata('" + project.resolve("z/z.parquet") + "')"))
                .containsExactly(List.of("ZSTD"));
    }

    @Test
    void jsonNdjsonAndArray() throws Exception {
        NativeCopy ndjson = support.sink(null).nativeCopy(output("e", WriteStrategy.REPLACE, options("format", "json")))
                .orElseThrow();
        assertThat(ndjson.copyOptions()).isEqualTo("format json");
        run(ndjson);
        assertThat(Files.readString(project.resolve("e/e.json"))).isEqualTo(
                "{\"id\":1,\"customer\":\"alice\",\"amount\":10.250000000}\n"
                        + "{\"id\":2,\"customer\":\"bob, jr\",\"amount\":20.500000000}\n");
        NativeCopy array = support.sink(null).nativeCopy(output("a", WriteStrategy.REPLACE,
                options("format", "json", "layout", "array"))).orElseThrow();
        assertThat(array.copyOptions()).isEqualTo("format json, array true");
        run(array);
        assertThat(support.rows("select id, customer from read_json('" + project.resolve("a/a.json")
                + "', format = 'array') order by id")).containsExactly(List.of(1L, "alice"), List.of(2L, "bob, jr"));
    }

    @Test
    void appendNamesANewFileEveryCall() throws Exception {
        LocalFilesSink sink = support.sink("out");
        NativeCopy first = sink.nativeCopy(output("flaky", WriteStrategy.APPEND, options())).orElseThrow();
        NativeCopy second = sink.nativeCopy(output("flaky", WriteStrategy.APPEND, options())).orElseThrow();
        run(first);
        run(second);
        assertThat(listing(project.resolve("out/flaky"))).hasSize(2)
                .allMatch(name -> name.matches("flaky-[0-9a-f]{32}\\.parquet"));
    }

    @Test
    void planningCreatesNothing() {
        support.sink("out").nativeCopy(output("totals", WriteStrategy.REPLACE, options("format", "csv")));
        assertThat(project.resolve("out")).doesNotExist();
    }

    @Test
    void absoluteAndRelativeOutputDirectories() throws Exception {
        Path elsewhere = project.resolve("elsewhere").toAbsolutePath();
        run(support.sink("out").nativeCopy(output("o", WriteStrategy.REPLACE, options("path", elsewhere.toString())))
                .orElseThrow());
        assertThat(listing(elsewhere)).containsExactly("o.parquet");
        run(support.sink("out").nativeCopy(output("o", WriteStrategy.REPLACE, options("path", "d/"))).orElseThrow());
        assertThat(listing(project.resolve("out/d"))).containsExactly("o.parquet");
        assertThatThrownBy(() -> support.sink("out").nativeCopy(output("o", WriteStrategy.REPLACE, options("path", "../x"))))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> {
                    assertThat(e.code()).contains(PzCode.PATH_ESCAPES_ROOT);
                    assertThat(e.hint()).contains("use an absolute path, or fix 'root:'");
                })
                .hasMessage("connection 'files': output 'o' path '../x' resolves outside 'root:'");
    }

    @Test
    void mergeIsRefused() {
        assertThatThrownBy(() -> support.sink(null).nativeCopy(output("o", WriteStrategy.MERGE, options())))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.code()).contains(PzCode.WRITE_MODE_UNSUPPORTED))
                .hasMessageStartingWith("output 'o': localfiles does not support strategy 'merge'");
    }

    @Test
    void partitionByIsRefused() {
        assertThatThrownBy(() -> support.sink(null).nativeCopy(output("o", WriteStrategy.REPLACE,
                options("partition_by", "event_time"))))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.TEMPLATING_CAPABILITY_MISSING))
                .hasMessageStartingWith("output 'o':");
    }

    @Test
    void avroIsReadOnly() {
        assertThatThrownBy(() -> support.sink(null).nativeCopy(output("users", WriteStrategy.REPLACE, options("format", "avro"))))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> {
                    assertThat(e.code()).contains(PzCode.FILE_FORMAT_UNSUPPORTED);
                    assertThat(e.hint()).contains("write one of csv, json, parquet, tsv, xlsx");
                })
                .hasMessage("output 'users': 'format' must be one of csv, json, parquet, tsv, xlsx (got 'avro')");
    }

    @Test
    void xlsxHasNoNativeCopyAndThePlanSaysWhy() {
        OutputSpec people = output("people", WriteStrategy.REPLACE, options("format", "xlsx", "sheet", "People"));
        assertThat(support.sink(null).nativeCopy(people)).isEmpty();
        assertThat(support.sink(null).universalReason(people)).contains(
                "localfiles writes xlsx itself (DuckDB's excel extension is not built in; no download is attempted)");
        assertThat(support.sink(null).universalReason(output("o", WriteStrategy.REPLACE, options()))).isEmpty();
    }

    @Test
    void xlsxSheetNamesFollowExcelsRules() {
        assertThatThrownBy(() -> support.sink(null).nativeCopy(output("people", WriteStrategy.REPLACE,
                options("format", "xlsx", "sheet", "a/b"))))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.FILE_FORMAT_OPTION_INVALID))
                .hasMessage("output 'people': 'sheet' cannot name a worksheet: a sheet name cannot contain"
                        + " any of / \\ ? * [ ] : (got 'a/b')");
        assertThatThrownBy(() -> support.sink(null).nativeCopy(output("people", WriteStrategy.REPLACE,
                options("format", "xlsx", "sheet", "x".repeat(32)))))
                .hasMessageContaining("a sheet name has 1 to 31 characters (got 32)");
    }

    /**
     * What the engine does with a native copy: COPY the staged relation into a fresh temporary of
     * the copy's directory, publish it, then remove what is left.
     */
    private long run(NativeCopy copy) throws Exception {
        Path temporary = TemporaryFiles.create(copy.temporaryDirectory());
        long rows;
        try (var statement = support.duck.createStatement()) {
            statement.execute(copy.copyStatement("staged", temporary));
            rows = statement.getUpdateCount();
        }
        assertThat(listing(copy.temporaryDirectory())).as("only the temporary before publish").hasSize(1);
        copy.publisher().publish(temporary);
        Files.deleteIfExists(temporary);
        TemporaryFiles.removeIfEmpty(copy.temporaryDirectory());
        assertThat(copy.temporaryDirectory()).as("no temporary left").doesNotExist();
        return rows;
    }

    private static List<String> listing(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }
}
