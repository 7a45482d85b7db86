package dev.pz.connectors.localfiles;

import static dev.pz.connectors.localfiles.LocalFilesTestSupport.columns;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.dataset;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Native read fragments executed on a real DuckDB: each format lands
 * the file's rows, a contract types and prunes, and the csv guards refuse what DuckDB would load
 * wrongly or cannot load at all.
 */
class LocalFilesScanTest {

    @TempDir
    Path project;

    private LocalFilesTestSupport support;

    @BeforeEach
    void open() throws SQLException {
        support = new LocalFilesTestSupport(project);
    }

    @AfterEach
    void close() throws SQLException {
        support.close();
    }

    @Test
    void csvWithoutContractIsAutoDetected() throws Exception {
        write("data/orders.csv", "id,customer,amount\n1,alice,10.25\n2,bob,20.50\n");
        NativeScan scan = support.source(null).nativeScan(dataset("orders", options("path", "data/orders.csv"), null))
                .orElseThrow();
        assertThat(scan.sqlFragment()).isEqualTo("read_csv('" + project.resolve("data/orders.csv")
                + "', header = true, auto_detect = true)");
        assertThat(scan.mechanism()).isEqualTo("read_csv");
        assertThat(scan.location()).isEqualTo("data/orders.csv");
        assertThat(scan.schemaInferred()).isTrue();
        assertThat(scan.setupStatements()).isEmpty();
        assertThat(support.land(scan)).containsExactly(
                List.of(1L, "alice", 10.25), List.of(2L, "bob", 20.5));
    }

    @Test
    void csvContractTypesAndNamesEveryColumn() throws Exception {
        write("orders.csv", "id,customer,amount,day\n1,alice,10.25,2026-01-02\n2,,20.50,2026-01-03\n");
        DatasetSpec spec = dataset("orders", options(),
                columns("id", "int", "customer", "varchar", "amount", "decimal", "day", "date"));
        NativeScan scan = support.source(null).nativeScan(spec).orElseThrow();
        assertThat(scan.sqlFragment()).isEqualTo("read_csv('" + project.resolve("orders.csv")
                + "', header = true, auto_detect = false, columns = {'id': 'INTEGER', 'customer': 'VARCHAR',"
                + " 'amount': 'DECIMAL(38,9)', 'day': 'DATE'}, delim = ',', quote = '\"', escape = '\"')");
        assertThat(scan.location()).isEqualTo("orders.csv");
        assertThat(scan.schemaInferred()).isFalse();
        List<List<Object>> rows = support.land(scan);
        assertThat(rows.get(0)).containsExactly(1, "alice", new BigDecimal("10.250000000"), LocalDate.of(2026, 1, 2));
        assertThat(rows.get(1).get(1)).isNull();
        assertThat(support.rows("select typeof(id), typeof(amount), typeof(day) from t limit 1"))
                .containsExactly(List.of("INTEGER", "DECIMAL(38,9)", "DATE"));
    }

    @Test
    void csvContractErrorNamesTheLine() throws Exception {
        write("bad.csv", "id,amount\n1,10.5\n2,not-a-number\n");
        NativeScan scan = support.source(null).nativeScan(dataset("bad", options(), columns("id", "bigint", "amount", "double")))
                .orElseThrow();
        assertThatThrownBy(() -> support.land(scan)).hasMessageContaining("Line: 3").hasMessageContaining("amount");
    }

    @Test
    void csvDelimiterOption() throws Exception {
        write("semi.csv", "id;name\n1;a\n");
        NativeScan inferred = support.source(null).nativeScan(dataset("semi", options("delimiter", ";"), null)).orElseThrow();
        assertThat(inferred.sqlFragment()).endsWith("header = true, auto_detect = true, delim = ';')");
        assertThat(support.land(inferred)).containsExactly(List.of(1L, "a"));
        NativeScan contracted = support.source(null)
                .nativeScan(dataset("semi", options("delimiter", ";"), columns("id", "bigint", "name", "varchar")))
                .orElseThrow();
        assertThat(support.land(contracted)).containsExactly(List.of(1L, "a"));
    }

    @Test
    void tsvReadsTabs() throws Exception {
        write("people.tsv", "id\tname\n1\tann\n2\tbo\n");
        NativeScan scan = support.source(null).nativeScan(dataset("people", options("format", "tsv"), null)).orElseThrow();
        assertThat(scan.sqlFragment()).endsWith("header = true, auto_detect = true, delim = '\\t')");
        assertThat(scan.location()).isEqualTo("people.tsv");
        assertThat(support.land(scan)).containsExactly(List.of(1L, "ann"), List.of(2L, "bo"));
        NativeScan contracted = support.source(null)
                .nativeScan(dataset("people", options("format", "tsv"), columns("id", "bigint", "name", "varchar")))
                .orElseThrow();
        assertThat(support.land(contracted)).containsExactly(List.of(1L, "ann"), List.of(2L, "bo"));
    }

    @Test
    void ndjsonWithAndWithoutContract() throws Exception {
        write("events.json", "{\"id\":1,\"name\":\"x\",\"extra\":true}\n{\"id\":2,\"name\":null}\n");
        NativeScan contracted = support.source(null)
                .nativeScan(dataset("events", options("format", "json"), columns("id", "bigint", "name", "varchar")))
                .orElseThrow();
        assertThat(contracted.sqlFragment()).isEqualTo("read_json('" + project.resolve("events.json")
                + "', columns = {'id': 'BIGINT', 'name': 'VARCHAR'}, format = 'newline_delimited')");
        assertThat(contracted.mechanism()).isEqualTo("read_json");
        assertThat(support.land(contracted)).containsExactly(List.of(1L, "x"), java.util.Arrays.asList(2L, null));
        NativeScan inferred = support.source(null).nativeScan(dataset("events", options("format", "json"), null))
                .orElseThrow();
        assertThat(inferred.sqlFragment()).endsWith("auto_detect = true, format = 'newline_delimited')");
        assertThat(inferred.schemaInferred()).isTrue();
        assertThat(support.land(inferred)).hasSize(2);
    }

    @Test
    void jsonArrayLayout() throws Exception {
        write("arr.json", "[{\"id\": 1, \"name\": \"x\"}, {\"id\": 2, \"name\": \"y\"}]");
        NativeScan scan = support.source(null).nativeScan(dataset("arr",
                options("format", "json", "layout", "array"), columns("id", "bigint", "name", "varchar"))).orElseThrow();
        assertThat(scan.sqlFragment()).endsWith("format = 'array')");
        assertThat(support.land(scan)).containsExactly(List.of(1L, "x"), List.of(2L, "y"));
    }

    @Test
    void parquetIgnoresTheContract() throws Exception {
        Path file = project.resolve("lake/orders.parquet");
        Files.createDirectories(file.getParent());
        support.execute("copy (select range::bigint as id, 'c' || range as customer from range(3)) to '" + file
                + "' (format parquet)");
        NativeScan scan = support.source(null).nativeScan(dataset("orders",
                options("format", "parquet", "path", "lake/orders.parquet"), columns("id", "bigint"))).orElseThrow();
        assertThat(scan.sqlFragment()).isEqualTo("read_parquet('" + file + "')");
        assertThat(scan.mechanism()).isEqualTo("read_parquet");
        assertThat(scan.schemaInferred()).isFalse();
        assertThat(support.land(scan)).containsExactly(List.of(0L, "c0"), List.of(1L, "c1"), List.of(2L, "c2"));
    }

    @Test
    void windowedReadKeepsOnlyTheWindow() throws Exception {
        write("ticks.csv", "id,v\n1,a\n2,b\n3,c\n4,d\n");
        DatasetSpec spec = new DatasetSpec("files", "ticks", options(), columns("id", "bigint", "v", "varchar"),
                new DatasetSpec.Watermark("id", "1", false, "3"));
        NativeScan scan = support.source(null).nativeScan(spec).orElseThrow();
        assertThat(scan.sqlFragment()).startsWith("(select * from read_csv(").endsWith(" where \"id\" > '1' and \"id\" <= '3')");
        assertThat(support.land(scan)).containsExactly(List.of(2L, "b"), List.of(3L, "c"));
    }

    @Test
    void unwindowedIncrementalReadIsNotFiltered() throws Exception {
        write("ticks.csv", "id\n1\n2\n");
        DatasetSpec spec = new DatasetSpec("files", "ticks", options(), null, new DatasetSpec.Watermark("id", "1", false, null));
        assertThat(support.land(support.source(null).nativeScan(spec).orElseThrow())).hasSize(2);
    }

    @Test
    void headerContradictingContractIsRefused() throws Exception {
        write("orders.csv", "customer,id,amount\nalice,1,10\n");
        DatasetSpec spec = dataset("orders", options(), columns("id", "bigint", "customer", "varchar"));
        assertThatThrownBy(() -> support.source(null).nativeScan(spec))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.NATIVE_PATH_CONTRACT_MISMATCH))
                .hasMessage("dataset 'orders': the header of csv file 'orders.csv' does not match the columns: contract:"
                        + " extra 'amount' (header: customer,id,amount; contract: id,customer) -- a native csv read binds"
                        + " the columns: contract to the header by position: make the contract list the header's columns"
                        + " in order, or remove it to let DuckDB auto-detect the schema");
    }

    @Test
    void headerMismatchesNameMissingExtraRenamedAndReorderedColumns() throws Exception {
        write("orders.csv", "id,amt,notes,customer\n1,10,x,alice\n");
        assertThatThrownBy(() -> support.source(null).nativeScan(dataset("orders", options(),
                columns("id", "bigint", "amount", "double", "customer", "varchar", "region", "varchar"))))
                .hasMessageStartingWith("dataset 'orders': the header of csv file 'orders.csv' does not match the"
                        + " columns: contract: 'amount' is named 'amt' in the file; missing 'region'; extra 'notes'"
                        + " (header: id,amt,notes,customer; contract: id,amount,customer,region) -- ");
        write("orders.csv", "customer,id\nalice,1\n");
        assertThatThrownBy(() -> support.source(null).nativeScan(dataset("orders", options(),
                columns("id", "bigint", "customer", "varchar"))))
                .hasMessageContaining("contract: the same columns in another order (header: customer,id;");
        write("orders.csv", "id;customer\n1;alice\n");
        assertThatThrownBy(() -> support.source(null).nativeScan(dataset("orders", options(),
                columns("id", "bigint", "customer", "varchar"))))
                .hasMessageContaining("'id' is named 'id;customer' in the file; missing 'customer'")
                .hasMessageEndingWith("; the header looks ';'-delimited: set delimiter: ';'");
    }

    @Test
    void contractMatchingTheHeaderIgnoringCaseQuotesAndBomIsAccepted() throws Exception {
        write("orders.csv", "\uFEFF\"id\",customer,amount\n1,alice,10\n");
        DatasetSpec spec = dataset("orders", options(), columns("ID", "bigint", "customer", "varchar", "Amount", "double"));
        assertThat(support.land(support.source(null).nativeScan(spec).orElseThrow()))
                .containsExactly(List.of(1L, "alice", 10.0));
    }

    @Test
    void contractlessCsvWithARaggedRowIsRefusedBeforeDuckDbMisreadsIt() throws Exception {
        write("more.csv", "id,name,amount\n1,a,10\n2,b,20,extra\n3,c,30\n");
        assertThatThrownBy(() -> support.source(null).nativeScan(dataset("more", options(), null)))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.NATIVE_PATH_CONTRACT_MISMATCH))
                .hasMessageStartingWith("dataset 'more': csv file 'more.csv' line 3 has 4 fields where its header has 3"
                        + " (delimiter ','), so DuckDB's auto-detection would read the file in a wrong shape");
        // What DuckDB would have made of it: one text column named after the header line.
        support.execute("create table sniffed as select * from read_csv('" + project.resolve("more.csv")
                + "', header = true, auto_detect = true)");
        assertThat(support.rows("select column_name from (describe sniffed)")).containsExactly(List.of("id,name,amount"));

        write("fewer.csv", "id;name;amount\n1;a;10\n2;b\n");
        assertThatThrownBy(() -> support.source(null).nativeScan(dataset("fewer", options("delimiter", ";"), null)))
                .hasMessageContaining("line 3 has 2 fields where its header has 3 (delimiter ';')");
    }

    @Test
    void contractlessCsvThatDuckDbCanSniffIsAccepted() throws Exception {
        write("semi.csv", "id;name\n1;\"a,b\"\n\n2;\"multi\nline\"\n");
        write("single.csv", "just one column\nx,y\n");
        for (String name : List.of("semi", "single")) {
            assertThat(support.source(null).nativeScan(dataset(name, options(), null))).as(name).isPresent();
        }
    }

    @Test
    void emptyCsvWithoutContractIsRefused() throws Exception {
        write("feed.csv", "");
        assertThatThrownBy(() -> support.source(null).nativeScan(dataset("feed", options(), null)))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.NATIVE_PATH_CONTRACT_MISMATCH))
                .hasMessageStartingWith("dataset 'feed': csv file 'feed.csv' is empty (0 bytes) -- there is no header")
                .hasMessageEndingWith("or declare a columns: contract if an empty feed is expected");
    }

    @Test
    void headerOnlyFileWithContractLandsNoRows() throws Exception {
        write("feed.csv", "id,name\n");
        NativeScan scan = support.source(null).nativeScan(dataset("feed", options(), columns("id", "bigint", "name", "varchar")))
                .orElseThrow();
        assertThat(support.land(scan)).isEmpty();
    }

    @Test
    void guardsWaitForTheFileToExist() {
        assertThat(support.source(null).nativeScan(dataset("later", options(), null))).isPresent();
        assertThat(support.source(null).nativeScan(dataset("later", options(), columns("id", "bigint")))).isPresent();
    }

    @Test
    void xlsxAndAvroHaveNoNativeScanAndThePlanSaysWhy() {
        DatasetSpec xlsx = dataset("people", options("format", "xlsx", "sheet", "People"),
                columns("id", "bigint", "name", "varchar"));
        assertThat(support.source(null).nativeScan(xlsx)).isEmpty();
        assertThat(support.source(null).universalReason(xlsx)).contains(
                "localfiles reads xlsx itself (DuckDB's excel extension is not built in; no download is attempted)");
        DatasetSpec avro = dataset("users", options("format", "avro"), null);
        assertThat(support.source(null).nativeScan(avro)).isEmpty();
        assertThat(support.source(null).universalReason(avro)).contains(
                "localfiles reads avro itself (DuckDB's avro extension is not built in; no download is attempted)");
        assertThat(support.source(null).universalReason(dataset("orders", options(), null))).isEmpty();
    }

    @Test
    void unknownContractTypeIsRefused() {
        assertThatThrownBy(() -> support.source(null).nativeScan(dataset("orders", options(), columns("id", "uuid"))))
                .hasMessage("dataset 'orders': column 'id': unknown columns: contract type 'uuid'")
                .extracting(failure -> ((PzConnectorException) failure).hint().orElseThrow())
                .isEqualTo("use one of: int, bigint, double, decimal, varchar, boolean, date, timestamp (decimal is"
                        + " DECIMAL(38,9); for another precision declare varchar or double and cast in the pipeline's SQL)");
    }

    @Test
    void pathsWithQuotesAreQuoted() throws Exception {
        write("it's/o.csv", "id\n7\n");
        NativeScan scan = support.source(null).nativeScan(dataset("o", options("path", "it's/o.csv"), null)).orElseThrow();
        assertThat(support.land(scan)).containsExactly(List.of(7L));
    }

    @Test
    void universalReadOfJsonIsRefusedAsNativeOnlyAtPlanTime() {
        DatasetSpec spec = dataset("orders", options("format", "json"), columns("id", "bigint"));
        LocalFilesSource source = support.source(null);
        assertThatThrownBy(() -> source.checkUniversalRead(spec))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.NATIVE_PATH_REQUIRED))
                .hasMessage("dataset 'orders': localfiles json source is native-scan only; it cannot run on the"
                        + " universal tier");
        assertThatThrownBy(() -> source.planRead(spec, dev.pz.connectors.api.ReadHints.none()))
                .hasMessageStartingWith("dataset 'orders': localfiles json");
    }

    private void write(String relative, String content) throws Exception {
        Path file = project.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }
}
