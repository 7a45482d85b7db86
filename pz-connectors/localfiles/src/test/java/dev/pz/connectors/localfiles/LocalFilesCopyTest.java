package dev.pz.connectors.localfiles;

import static dev.pz.connectors.localfiles.LocalFilesTestSupport.options;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.output;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeCopy.FileMove;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Native writes (spec connectors.md §5 "Write — native tier"): the COPY runs on a real DuckDB the
 * way the engine runs it (directories created first, placeholder replaced, moves performed after),
 * and the final files hold exactly the staged rows.
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
        assertThat(copy.directories()).containsExactly(dir);
        assertThat(copy.setupStatements()).isEmpty();
        FileMove move = copy.finalizations().get(0);
        assertThat(move.target()).isEqualTo(dir.resolve("totals.csv"));
        assertThat(move.temporary().getParent()).isEqualTo(dir);
        assertThat(move.temporary().getFileName().toString()).matches("\\.pz-native-[0-9a-f]{32}\\.csv");
        assertThat(copy.copySql()).isEqualTo("copy (select * from {{source}}) to '" + move.temporary()
                + "' (format csv, header)");
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
        assertThat(tsv.copySql()).endsWith("(format csv, header, delimiter '\\t')");
        assertThat(tsv.mechanism()).isEqualTo("COPY TO tsv");
        run(tsv);
        assertThat(Files.readString(project.resolve("t/t.tsv")))
                .isEqualTo("id\tcustomer\tamount\n1\talice\t10.250000000\n2\tbob, jr\t20.500000000\n");
        NativeCopy semi = support.sink(null).nativeCopy(output("s", WriteStrategy.REPLACE,
                options("format", "csv", "delimiter", ";"))).orElseThrow();
        assertThat(semi.copySql()).endsWith("(format csv, header, delimiter ';')");
        run(semi);
        assertThat(Files.readString(project.resolve("s/s.csv"))).startsWith("id;customer;amount\n1;alice;");
    }

    @Test
    void parquetIsTheDefaultAndKeepsDecimals() throws Exception {
        NativeCopy copy = support.sink(null).nativeCopy(output("totals", WriteStrategy.REPLACE, options())).orElseThrow();
        assertThat(copy.mechanism()).isEqualTo("COPY TO parquet");
        assertThat(copy.copySql()).endsWith("' (format parquet)");
        Path target = project.resolve("totals/totals.parquet");
        assertThat(copy.finalizations().get(0).target()).isEqualTo(target);
        run(copy);
        assertThat(support.rows("select id, customer, amount, typeof(amount) from read_parquet('" + target + "') order by id"))
                .containsExactly(List.of(1, "alice", new BigDecimal("10.250000000"), "DECIMAL(38,9)"),
                        List.of(2, "bob, jr", new BigDecimal("20.500000000"), "DECIMAL(38,9)"));
    }

    @Test
    void parquetCompression() throws Exception {
        NativeCopy copy = support.sink(null).nativeCopy(output("z", WriteStrategy.REPLACE,
                options("format", "parquet", "compression", "zstd"))).orElseThrow();
        assertThat(copy.copySql()).endsWith("' (format parquet, compression zstd)");
        run(copy);
        assertThat(support.rows("select distinct compression from parquet_metadata('" + project.resolve("z/z.parquet") + "')"))
                .containsExactly(List.of("ZSTD"));
    }

    @Test
    void jsonNdjsonAndArray() throws Exception {
        NativeCopy ndjson = support.sink(null).nativeCopy(output("e", WriteStrategy.REPLACE, options("format", "json")))
                .orElseThrow();
        assertThat(ndjson.copySql()).endsWith("(format json)");
        run(ndjson);
        assertThat(Files.readString(project.resolve("e/e.json"))).isEqualTo(
                "{\"id\":1,\"customer\":\"alice\",\"amount\":10.250000000}\n"
                        + "{\"id\":2,\"customer\":\"bob, jr\",\"amount\":20.500000000}\n");
        NativeCopy array = support.sink(null).nativeCopy(output("a", WriteStrategy.REPLACE,
                options("format", "json", "layout", "array"))).orElseThrow();
        assertThat(array.copySql()).endsWith("(format json, array true)");
        run(array);
        assertThat(support.rows("select id, customer from read_json('" + project.resolve("a/a.json")
                + "', format = 'array') order by id")).containsExactly(List.of(1L, "alice"), List.of(2L, "bob, jr"));
    }

    @Test
    void appendNamesANewFileEveryCall() throws Exception {
        LocalFilesSink sink = support.sink("out");
        NativeCopy first = sink.nativeCopy(output("flaky", WriteStrategy.APPEND, options())).orElseThrow();
        NativeCopy second = sink.nativeCopy(output("flaky", WriteStrategy.APPEND, options())).orElseThrow();
        Path firstTarget = first.finalizations().get(0).target();
        assertThat(firstTarget.getFileName().toString()).matches("flaky-[0-9a-f]{32}\\.parquet");
        assertThat(firstTarget).isNotEqualTo(second.finalizations().get(0).target());
        assertThat(first.finalizations().get(0).temporary()).isNotEqualTo(second.finalizations().get(0).temporary());
        run(first);
        run(second);
        assertThat(listing(project.resolve("out/flaky"))).hasSize(2).allMatch(name -> name.startsWith("flaky-"));
    }

    @Test
    void planningCreatesNothing() {
        support.sink("out").nativeCopy(output("totals", WriteStrategy.REPLACE, options("format", "csv")));
        assertThat(project.resolve("out")).doesNotExist();
    }

    @Test
    void absoluteAndRelativeOutputDirectories() {
        Path elsewhere = project.resolve("elsewhere").toAbsolutePath();
        NativeCopy absolute = support.sink("out").nativeCopy(output("o", WriteStrategy.REPLACE,
                options("path", elsewhere.toString()))).orElseThrow();
        assertThat(absolute.finalizations().get(0).target()).isEqualTo(elsewhere.resolve("o.parquet"));
        NativeCopy relative = support.sink("out").nativeCopy(output("o", WriteStrategy.REPLACE,
                options("path", "d/"))).orElseThrow();
        assertThat(relative.finalizations().get(0).target()).isEqualTo(project.resolve("out/d/o.parquet"));
        assertThatThrownBy(() -> support.sink("out").nativeCopy(output("o", WriteStrategy.REPLACE, options("path", "../x"))))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.code()).contains(PzCode.PATH_ESCAPES_ROOT))
                .hasMessage("PZ0365: connection 'files': output 'o' path '../x' resolves outside 'root:' -- use an"
                        + " absolute path, or fix 'root:'");
    }

    @Test
    void mergeIsRefused() {
        assertThatThrownBy(() -> support.sink(null).nativeCopy(output("o", WriteStrategy.MERGE, options())))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.code()).contains(PzCode.WRITE_MODE_UNSUPPORTED))
                .hasMessageStartingWith("PZ0324: output 'o': localfiles does not support strategy 'merge'");
    }

    @Test
    void partitionByIsRefused() {
        assertThatThrownBy(() -> support.sink(null).nativeCopy(output("o", WriteStrategy.REPLACE,
                options("partition_by", "event_time"))))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.TEMPLATING_CAPABILITY_MISSING))
                .hasMessageStartingWith("PZ0314: output 'o':");
    }

    @Test
    void avroIsReadOnly() {
        // acceptance.md A193
        assertThatThrownBy(() -> support.sink(null).nativeCopy(output("users", WriteStrategy.REPLACE, options("format", "avro"))))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.code()).contains(PzCode.FILE_FORMAT_UNSUPPORTED))
                .hasMessage("PZ0361: output 'users': format 'avro' is read-only on localfiles -- write parquet, csv or json instead");
    }

    @Test
    void xlsxNeedsTheExcelExtension() {
        NativeCopy copy = support.sink(null).nativeCopy(output("people", WriteStrategy.REPLACE,
                options("format", "xlsx", "sheet", "People"))).orElseThrow();
        assertThat(copy.copySql()).endsWith(".xlsx' (format xlsx, header true, sheet 'People')");
        assertThat(copy.setupStatements()).containsExactly("install excel", "load excel");
        assertThat(copy.finalizations().get(0).target()).isEqualTo(project.resolve("people/people.xlsx"));
    }

    /** What the engine does with a native copy: directories, COPY over the staged relation, moves. */
    private long run(NativeCopy copy) throws Exception {
        for (Path directory : copy.directories()) {
            Files.createDirectories(directory);
        }
        long rows;
        try (var statement = support.duck.createStatement()) {
            statement.execute(copy.copySql().replace(NativeCopy.SOURCE, "staged"));
            rows = statement.getUpdateCount();
        }
        for (FileMove move : copy.finalizations()) {
            Files.move(move.temporary(), move.target(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        return rows;
    }

    private static List<String> listing(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }
}
