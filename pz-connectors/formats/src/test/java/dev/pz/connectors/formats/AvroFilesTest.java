package dev.pz.connectors.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.error.PzCode;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Avro files written here with the Avro library, read back through Arrow. */
class AvroFilesTest {

    private static final Schema SCHEMA = new Schema.Parser().parse("""
            {"type": "record", "name": "Event", "fields": [
              {"name": "id", "type": "long"},
              {"name": "name", "type": ["null", "string"]},
              {"name": "price", "type": ["null", {"type": "bytes", "logicalType": "decimal", "precision": 10, "scale": 2}]},
              {"name": "day", "type": {"type": "int", "logicalType": "date"}},
              {"name": "at_ms", "type": {"type": "long", "logicalType": "timestamp-millis"}},
              {"name": "at_us", "type": ["null", {"type": "long", "logicalType": "timestamp-micros"}]},
              {"name": "uid", "type": {"type": "string", "logicalType": "uuid"}},
              {"name": "clock", "type": {"type": "int", "logicalType": "time-millis"}},
              {"name": "ratio", "type": "float"},
              {"name": "ok", "type": "boolean"},
              {"name": "kind", "type": {"type": "enum", "name": "Kind", "symbols": ["A", "B"]}},
              {"name": "address", "type": ["null", {"type": "record", "name": "Address", "fields": [
                {"name": "city", "type": "string"}, {"name": "zip", "type": ["null", "int"]}]}]},
              {"name": "tags", "type": {"type": "array", "items": "string"}},
              {"name": "counts", "type": {"type": "map", "values": "long"}}
            ]}""");

    @TempDir
    Path temp;

    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void close() {
        allocator.close();
    }

    private Path events() throws Exception {
        return events(CodecFactory.nullCodec());
    }

    private Path events(CodecFactory codec) throws Exception {
        Path file = temp.resolve("events-" + codec + ".avro");
        Schema address = SCHEMA.getField("address").schema().getTypes().get(1);
        try (DataFileWriter<GenericRecord> writer = new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(SCHEMA))) {
            writer.setCodec(codec);
            writer.create(SCHEMA, file.toFile());
            GenericRecord first = new GenericData.Record(SCHEMA);
            first.put("id", 1L);
            first.put("name", "Zoë ✓");
            first.put("price", ByteBuffer.wrap(new BigDecimal("12.34").unscaledValue().toByteArray()));
            first.put("day", (int) LocalDate.of(2024, 2, 29).toEpochDay());
            first.put("at_ms", 1_709_164_800_123L);
            first.put("at_us", 1_709_164_800_123_456L);
            first.put("uid", "6f1c2d3e-0000-4000-8000-000000000001");
            first.put("clock", 45_296_789);
            first.put("ratio", 0.5f);
            first.put("ok", true);
            first.put("kind", new GenericData.EnumSymbol(SCHEMA.getField("kind").schema(), "B"));
            GenericRecord home = new GenericData.Record(address);
            home.put("city", "Kraków");
            home.put("zip", null);
            first.put("address", home);
            first.put("tags", List.of("a", "b"));
            first.put("counts", Map.of("x", 3L));
            writer.append(first);
            GenericRecord second = new GenericData.Record(SCHEMA);
            second.put("id", 2L);
            second.put("name", null);
            second.put("price", null);
            second.put("day", 0);
            second.put("at_ms", 0L);
            second.put("at_us", null);
            second.put("uid", "6f1c2d3e-0000-4000-8000-000000000002");
            second.put("clock", 0);
            second.put("ratio", -1.25f);
            second.put("ok", false);
            second.put("kind", new GenericData.EnumSymbol(SCHEMA.getField("kind").schema(), "A"));
            second.put("address", null);
            second.put("tags", List.of());
            second.put("counts", Map.of());
            writer.append(second);
        }
        return file;
    }

    @Test
    void everyFieldMapsToAnArrowColumn() throws Exception {
        Path file = events();
        assertThat(AvroFiles.schema(file, "events.avro", null).getFields().stream()
                .map(f -> f.getName() + ":" + f.getType()).toList()).containsExactly(
                "id:Int(64, true)", "name:Utf8", "price:Decimal(10, 2, 128)", "day:Date(DAY)",
                "at_ms:Timestamp(MICROSECOND, null)", "at_us:Timestamp(MICROSECOND, null)", "uid:Utf8",
                "clock:Time(MICROSECOND, 64)", "ratio:FloatingPoint(SINGLE)", "ok:Bool", "kind:Utf8", "address:Struct",
                "tags:List", "counts:Map(false)");
        List<List<Object>> rows = ArrowRows.drain(AvroFiles.open(file, "events.avro", null, allocator,
                BatchOptions.defaults()));
        assertThat(rows).hasSize(2);
        List<Object> first = rows.get(0);
        assertThat(first.subList(0, 11)).containsExactly(1L, "Zoë ✓", new BigDecimal("12.34"), LocalDate.of(2024, 2, 29),
                LocalDateTime.of(2024, 2, 29, 0, 0, 0, 123_000_000), LocalDateTime.of(2024, 2, 29, 0, 0, 0, 123_456_000),
                "6f1c2d3e-0000-4000-8000-000000000001", LocalTime.of(12, 34, 56, 789_000_000).toNanoOfDay() / 1000,
                0.5f, true, "B");
        assertThat(first.get(11).toString()).isEqualTo("{\"city\":\"Kraków\"}");
        assertThat(first.get(12).toString()).isEqualTo("[\"a\",\"b\"]");
        assertThat(first.get(13).toString()).contains("\"key\":\"x\"", "\"value\":3");
        assertThat(rows.get(1)).containsExactly(2L, null, null, LocalDate.of(1970, 1, 1), LocalDateTime.of(1970, 1, 1, 0, 0),
                null, "6f1c2d3e-0000-4000-8000-000000000002", 0L, -1.25f, false, "A", null, rows.get(1).get(12),
                rows.get(1).get(13));
        assertThat(rows.get(1).get(12).toString()).isEqualTo("[]");
    }

    @Test
    void aContractSelectsAndCastsFields() throws Exception {
        Map<String, ContractTypes> contract = new LinkedHashMap<>();
        contract.put("PRICE", ContractTypes.DECIMAL);
        contract.put("id", ContractTypes.INT);
        contract.put("at_us", ContractTypes.DATE);
        contract.put("ratio", ContractTypes.VARCHAR);
        contract.put("uid", ContractTypes.VARCHAR);
        List<List<Object>> rows = ArrowRows.drain(AvroFiles.open(events(), "events.avro", contract, allocator,
                BatchOptions.defaults()));
        assertThat(rows).containsExactly(
                Arrays.asList(new BigDecimal("12.340000000"), 1, LocalDate.of(2024, 2, 29), "0.5",
                        "6f1c2d3e-0000-4000-8000-000000000001"),
                Arrays.asList(null, 2, null, "-1.25", "6f1c2d3e-0000-4000-8000-000000000002"));
        assertThatThrownBy(() -> AvroFiles.schema(events(), "events.avro", Map.of("address", ContractTypes.VARCHAR)))
                .isInstanceOfSatisfying(FormatFailure.class, e -> assertThat(e.planCode())
                        .isEqualTo(PzCode.NATIVE_PATH_CONTRACT_MISMATCH))
                .hasMessageContaining("declares 'address' as varchar, but the file's column is a nested value");
    }

    @Test
    void truncatedAndForeignFilesFailNamingTheFile() throws Exception {
        byte[] bytes = Files.readAllBytes(events());
        Path truncated = Files.write(temp.resolve("cut.avro"), Arrays.copyOf(bytes, bytes.length - 40));
        assertThatThrownBy(() -> AvroFiles.schema(truncated, "cut.avro", null))
                .isInstanceOfSatisfying(FormatFailure.class, e -> assertThat(e.planCode())
                        .isEqualTo(PzCode.NATIVE_PATH_CONTRACT_MISMATCH))
                .hasMessage("avro file 'cut.avro' is truncated: it does not end with its sync marker, as every"
                        + " complete Avro file does -- copy the whole file again");
        assertThatThrownBy(() -> AvroFiles.open(truncated, "cut.avro", null, allocator, BatchOptions.defaults()))
                .isInstanceOf(FormatFailure.class).hasMessageStartingWith("avro file 'cut.avro' is truncated");
        Path header = Files.write(temp.resolve("header.avro"), Arrays.copyOf(bytes, 12));
        assertThatThrownBy(() -> AvroFiles.schema(header, "header.avro", null))
                .isInstanceOfSatisfying(FormatFailure.class, e -> assertThat(e.planCode())
                        .isEqualTo(PzCode.NATIVE_PATH_CONTRACT_MISMATCH))
                .hasMessageStartingWith("avro file 'header.avro' is not a readable Avro data file (");
        Path csv = Files.write(temp.resolve("csv.avro"), "id\n1\n".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> AvroFiles.schema(csv, "csv.avro", null)).hasMessageStartingWith(
                "avro file 'csv.avro' is not a readable Avro data file (");
        assertThatThrownBy(() -> AvroFiles.schema(temp.resolve("gone.avro"), "gone.avro", null))
                .hasMessage("avro file not found: 'gone.avro'");
    }

    @Test
    void unsupportedCodecsAndUnionsAreRefused() throws Exception {
        Path deflated = events(CodecFactory.deflateCodec(6));
        assertThat(ArrowRows.drain(AvroFiles.open(deflated, "deflated.avro", null, allocator, BatchOptions.defaults())))
                .hasSize(2);
        // The same file claiming snappy, which needs a native library pz does not ship.
        String text = new String(Files.readAllBytes(deflated), StandardCharsets.ISO_8859_1);
        assertThat(text).contains("avro.codec\u000Edeflate");
        Path snappy = Files.write(temp.resolve("snappy.avro"), text.replace("avro.codec\u000Edeflate",
                "avro.codec\u000Csnappy").getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> AvroFiles.schema(snappy, "snappy.avro", null))
                .isInstanceOfSatisfying(FormatFailure.class, e -> assertThat(e.planCode())
                        .isEqualTo(PzCode.FILE_FORMAT_UNSUPPORTED))
                .hasMessage("avro file 'snappy.avro' is compressed with codec 'snappy', which this build of pz cannot"
                        + " decompress (it reads bzip2, deflate, null) -- rewrite the file with one of them");
        Schema union = new Schema.Parser().parse("{\"type\": \"record\", \"name\": \"U\", \"fields\": ["
                + "{\"name\": \"v\", \"type\": [\"null\", \"int\", \"string\"]}]}");
        Path file = temp.resolve("union.avro");
        try (DataFileWriter<GenericRecord> writer = new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(union))) {
            writer.create(union, file.toFile());
        }
        assertThatThrownBy(() -> AvroFiles.schema(file, "union.avro", null))
                .hasMessage("avro file 'union.avro': field 'v' is a union of int, string, which has no single column type");
    }
}
