package dev.pz.connectors.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.error.PzCode;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Workbooks made here, read as DuckDB's read_xlsx reads them. */
class XlsxFilesTest {

    @TempDir
    Path temp;

    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void close() {
        allocator.close();
    }

    /** A notes sheet first, then a sales table with every kind of cell; row 5 is missing, so row 6 is not read. */
    private Path sales() throws Exception {
        TestWorkbook book = new TestWorkbook();
        int notes = book.string("read the second sheet");
        String[] names = {"id", "amount", "day", "at", "paid", "name", "twice", "label"};
        StringBuilder header = new StringBuilder("<row r=\"1\">");
        for (int c = 0; c < names.length; c++) {
            header.append("<c r=\"").append((char) ('A' + c)).append("1\" t=\"s\"><v>").append(book.string(names[c]))
                    .append("</v></c>");
        }
        header.append("</row>");
        int zoe = book.string("Zoë ✓ ünïcödé");
        int plain = book.string("plain");
        String rows = header
                + "<row r=\"2\"><c r=\"A2\"><v>1</v></c><c r=\"B2\"><v>1.5</v></c><c r=\"C2\" s=\"1\"><v>45292</v></c>"
                + "<c r=\"D2\" s=\"2\"><v>45292.5</v></c><c r=\"E2\" t=\"b\"><v>1</v></c><c r=\"F2\" t=\"s\"><v>" + zoe
                + "</v></c><c r=\"G2\"><f>A2*2</f><v>2</v></c><c r=\"H2\" t=\"str\"><f>\"x\"&amp;A2</f><v>x1</v></c></row>"
                + "<row r=\"3\"><c r=\"A3\"><v>2</v></c><c r=\"C3\" s=\"1\"><v>45293</v></c>"
                + "<c r=\"D3\" s=\"2\"><v>45293.25</v></c><c r=\"E3\" t=\"b\"><v>0</v></c><c r=\"F3\" t=\"inlineStr\"><is><t>Ω</t></is></c>"
                + "<c r=\"G3\"><f>A3*2</f><v>4</v></c><c r=\"H3\" t=\"str\"><f>\"x\"&amp;A3</f><v>x2</v></c></row>"
                + "<row r=\"4\"><c r=\"A4\"><v>3</v></c><c r=\"B4\"><v>2.25</v></c><c r=\"C4\" s=\"1\"/>"
                + "<c r=\"D4\" s=\"2\"><v>45294</v></c><c r=\"E4\" t=\"b\"><v>1</v></c><c r=\"F4\" t=\"s\"><v>" + plain
                + "</v></c><c r=\"G4\"><f>A4*2</f><v>6</v></c></row>"
                + "<row r=\"6\"><c r=\"A6\"><v>99</v></c></row>";
        return book.sheet("Notes", "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>" + notes + "</v></c></row>")
                .sheet("Sales", rows).write(temp.resolve("sales.xlsx"));
    }

    private List<List<Object>> read(Path file, XlsxReadOptions options, Map<String, ContractTypes> contract)
            throws Exception {
        return ArrowRows.drain(XlsxFiles.open(file, file.getFileName().toString(), options, contract, allocator,
                BatchOptions.defaults()));
    }

    private static List<String> describe(Schema schema) {
        return schema.getFields().stream().map(f -> f.getName() + ":" + f.getType()).toList();
    }

    @Test
    void infersTypesFromTheFirstDataRowAndReadsUntilTheTableEnds() throws Exception {
        Path file = sales();
        XlsxReadOptions options = new XlsxReadOptions("Sales", true);
        assertThat(describe(XlsxFiles.schema(file, "sales.xlsx", options, null))).containsExactly(
                "id:FloatingPoint(DOUBLE)", "amount:FloatingPoint(DOUBLE)", "day:Date(DAY)",
                "at:Timestamp(MICROSECOND, null)", "paid:Bool", "name:Utf8", "twice:FloatingPoint(DOUBLE)", "label:Utf8");
        assertThat(read(file, options, null)).containsExactly(
                Arrays.asList(1.0, 1.5, LocalDate.of(2024, 1, 1), LocalDateTime.of(2024, 1, 1, 12, 0), true,
                        "Zoë ✓ ünïcödé", 2.0, "x1"),
                Arrays.asList(2.0, null, LocalDate.of(2024, 1, 2), LocalDateTime.of(2024, 1, 2, 6, 0), false, "Ω", 4.0,
                        "x2"),
                Arrays.asList(3.0, 2.25, null, LocalDateTime.of(2024, 1, 3, 0, 0), true, "plain", 6.0, null));
    }

    @Test
    void theFirstSheetIsTheDefault() throws Exception {
        Path file = sales();
        assertThat(read(file, XlsxReadOptions.defaults(), null)).isEmpty();
        assertThat(describe(XlsxFiles.schema(file, "sales.xlsx", XlsxReadOptions.defaults(), null)))
                .containsExactly("read the second sheet:FloatingPoint(DOUBLE)");
    }

    @Test
    void withoutAHeaderColumnsAreNamedByTheirFirstCell() throws Exception {
        TestWorkbook book = new TestWorkbook();
        int a = book.string("a");
        int b = book.string("b");
        Path file = book.sheet("Raw", "<row r=\"2\"><c r=\"B2\"><v>1</v></c><c r=\"C2\" t=\"s\"><v>" + a + "</v></c></row>"
                + "<row r=\"3\"><c r=\"B3\"><v>2</v></c><c r=\"C3\" t=\"s\"><v>" + b + "</v></c></row>")
                .write(temp.resolve("raw.xlsx"));
        XlsxReadOptions options = new XlsxReadOptions(null, false);
        assertThat(describe(XlsxFiles.schema(file, "raw.xlsx", options, null)))
                .containsExactly("B2:FloatingPoint(DOUBLE)", "C2:Utf8");
        assertThat(read(file, options, null)).containsExactly(List.of(1.0, "a"), List.of(2.0, "b"));
    }

    @Test
    void headerNamesAreTrimmedAndRepeatsSuffixed() throws Exception {
        TestWorkbook book = new TestWorkbook();
        String row = "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t xml:space=\"preserve\"> a </t></is></c>"
                + "<c r=\"B1\" t=\"inlineStr\"><is><t>a</t></is></c><c r=\"C1\" t=\"inlineStr\"><is><t>A</t></is></c></row>"
                + "<row r=\"2\"><c r=\"A2\" t=\"inlineStr\"><is><t>TRUE</t></is></c><c r=\"B2\"><v>1</v></c>"
                + "<c r=\"C2\" t=\"e\"><v>#DIV/0!</v></c></row>";
        Path file = book.sheet("S", row).write(temp.resolve("names.xlsx"));
        assertThat(describe(XlsxFiles.schema(file, "names.xlsx", XlsxReadOptions.defaults(), null)))
                .containsExactly("a:Bool", "a_1:FloatingPoint(DOUBLE)", "A_2:Utf8");
        assertThat(read(file, XlsxReadOptions.defaults(), null)).containsExactly(List.of(true, 1.0, "#DIV/0!"));
    }

    @Test
    void aContractPicksColumnsByNameAndCastsThemAsDuckDbWould() throws Exception {
        Map<String, ContractTypes> contract = new LinkedHashMap<>();
        contract.put("NAME", ContractTypes.VARCHAR);
        contract.put("id", ContractTypes.INT);
        contract.put("amount", ContractTypes.VARCHAR);
        contract.put("day", ContractTypes.TIMESTAMP);
        contract.put("paid", ContractTypes.BIGINT);
        contract.put("twice", ContractTypes.DECIMAL);
        Path file = sales();
        XlsxReadOptions options = new XlsxReadOptions("Sales", true);
        assertThat(XlsxFiles.schema(file, "sales.xlsx", options, contract).getFields().stream().map(Field::getName))
                .containsExactly("NAME", "id", "amount", "day", "paid", "twice");
        assertThat(read(file, options, contract)).containsExactly(
                Arrays.asList("Zoë ✓ ünïcödé", 1, "1.5", LocalDateTime.of(2024, 1, 1, 0, 0), 1L, new BigDecimal("2.000000000")),
                Arrays.asList("Ω", 2, null, LocalDateTime.of(2024, 1, 2, 0, 0), 0L, new BigDecimal("4.000000000")),
                Arrays.asList("plain", 3, "2.25", null, 1L, new BigDecimal("6.000000000")));
    }

    @Test
    void aContractTheSheetCannotSatisfyIsRefusedBeforeReading() throws Exception {
        Path file = sales();
        XlsxReadOptions options = new XlsxReadOptions("Sales", true);
        assertThatThrownBy(() -> XlsxFiles.schema(file, "sales.xlsx", options, Map.of("gone", ContractTypes.INT)))
                .isInstanceOfSatisfying(FormatFailure.class, e -> assertThat(e.planCode())
                        .isEqualTo(PzCode.NATIVE_PATH_CONTRACT_MISMATCH))
                .hasMessage("xlsx file 'sales.xlsx' sheet 'Sales': columns: contract declares 'gone', which the file does"
                        + " not have (columns: id, amount, day, at, paid, name, twice, label)");
        assertThatThrownBy(() -> XlsxFiles.schema(file, "sales.xlsx", options, Map.of("amount", ContractTypes.DATE)))
                .hasMessageContaining("declares 'amount' as date, but the file's column is DOUBLE and DuckDB has no cast");
    }

    @Test
    void aCellItsColumnCannotHoldFailsNamingTheCell() throws Exception {
        TestWorkbook book = new TestWorkbook();
        int text = book.string("n/a");
        Path file = book.sheet("S", "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>qty</t></is></c></row>"
                + "<row r=\"2\"><c r=\"A2\"><v>1</v></c></row><row r=\"3\"><c r=\"A3\" t=\"s\"><v>" + text + "</v></c></row>")
                .write(temp.resolve("bad.xlsx"));
        assertThatThrownBy(() -> read(file, XlsxReadOptions.defaults(), null))
                .isInstanceOf(FormatFailure.class)
                .hasMessage("xlsx file 'bad.xlsx' sheet 'S': cell A3 (column 'qty'): could not convert the text to DOUBLE");
    }

    @Test
    void badFilesAndSheetsAreRefusedNamingTheFile() throws Exception {
        Path file = sales();
        assertThatThrownBy(() -> XlsxFiles.schema(file, "sales.xlsx", new XlsxReadOptions("Sale", true), null))
                .isInstanceOfSatisfying(FormatFailure.class, e -> assertThat(e.planCode())
                        .isEqualTo(PzCode.FILE_FORMAT_OPTION_INVALID))
                .hasMessage("xlsx file 'sales.xlsx': sheet 'Sale' not found (sheets: Notes, Sales) -- name one of them"
                        + " in sheet:");
        Path corrupt = Files.write(temp.resolve("corrupt.xlsx"), "id,name\n1,a\n".getBytes());
        assertThatThrownBy(() -> XlsxFiles.schema(corrupt, "corrupt.xlsx", XlsxReadOptions.defaults(), null))
                .isInstanceOfSatisfying(FormatFailure.class, e -> assertThat(e.planCode())
                        .isEqualTo(PzCode.NATIVE_PATH_CONTRACT_MISMATCH))
                .hasMessageStartingWith("xlsx file 'corrupt.xlsx' is not a readable workbook (");
        byte[] bytes = Files.readAllBytes(file);
        Path truncated = Files.write(temp.resolve("truncated.xlsx"), Arrays.copyOf(bytes, bytes.length / 2));
        assertThatThrownBy(() -> XlsxFiles.schema(truncated, "truncated.xlsx", XlsxReadOptions.defaults(), null))
                .isInstanceOf(FormatFailure.class).hasMessageStartingWith("xlsx file 'truncated.xlsx'");
        Path empty = new TestWorkbook().sheet("Blank", "").write(temp.resolve("empty.xlsx"));
        assertThatThrownBy(() -> XlsxFiles.schema(empty, "empty.xlsx", XlsxReadOptions.defaults(), null))
                .hasMessageStartingWith("xlsx file 'empty.xlsx' sheet 'Blank' has no rows");
        assertThatThrownBy(() -> XlsxFiles.schema(temp.resolve("gone.xlsx"), "gone.xlsx", XlsxReadOptions.defaults(), null))
                .hasMessage("xlsx file not found: 'gone.xlsx'");
    }

    @Test
    void writtenWorkbooksReadBackWithTheirValues() throws Exception {
        Path file = temp.resolve("written.xlsx");
        try (var root = TestBatches.allTypes(allocator); OutputStream out = Files.newOutputStream(file)) {
            XlsxWriter writer = XlsxWriter.start(out, root.getSchema(), "Out", true, "written.xlsx");
            writer.write(root);
            writer.finish();
        }
        XlsxReadOptions options = new XlsxReadOptions("Out", true);
        assertThat(describe(XlsxFiles.schema(file, "written.xlsx", options, null))).containsExactly(
                "i:FloatingPoint(DOUBLE)", "l:FloatingPoint(DOUBLE)", "d:FloatingPoint(DOUBLE)",
                "m:FloatingPoint(DOUBLE)", "s:Utf8", "b:Bool", "day:Date(DAY)", "ts:Timestamp(MICROSECOND, null)");
        assertThat(read(file, options, TestBatches.contract())).isEqualTo(TestBatches.allTypesRows());
    }

    @Test
    void sheetNamesFollowExcelsRules() {
        assertThat(XlsxWriter.sheetNameProblem("Sales 2024")).isEmpty();
        assertThat(XlsxWriter.sheetNameProblem("a:b")).isPresent();
        assertThat(XlsxWriter.sheetNameProblem("x".repeat(32))).isPresent();
        assertThat(XlsxWriter.sheetNameProblem("'quoted'")).isPresent();
    }
}
