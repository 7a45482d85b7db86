package dev.pz.connectors.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.http.HttpTestServer.Reply;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes against a real server: append batches as JSON arrays or NDJSON, merge per key, nothing
 * sent before commit, and what a failure at each point leaves at the destination.
 */
class HttpWriteTest {

    private final HttpTestServer server = HttpTestServer.start();
    private final BufferAllocator allocator = new RootAllocator();

    @TempDir
    Path project;

    @AfterEach
    void stop() {
        server.close();
        allocator.close();
    }

    private ConnectorConfig config() {
        return new ConnectorConfig("api", Map.of("base_url", server.baseUrl(), ConnectorConfig.BASE_DIR,
                project.toString()));
    }

    static OutputSpec output(WriteStrategy strategy, Map<String, Object> options, List<String> keys) {
        return new OutputSpec("api", "out", strategy, SchemaPolicy.FAIL_ON_CHANGE, options, keys,
                new OutputSpec.WriteAttempt("run", "api.out", 1));
    }

    /** Rows id 0..n-1 with a name; row 1's name is null. */
    static VectorSchemaRoot rows(BufferAllocator allocator, int count) {
        Schema schema = new Schema(List.of(Field.nullable("id", new org.apache.arrow.vector.types.pojo.ArrowType.Int(64,
                true)), Field.nullable("name", org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE)));
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        root.allocateNew();
        for (int i = 0; i < count; i++) {
            ((BigIntVector) root.getVector(0)).setSafe(i, i);
            if (i != 1) {
                ((VarCharVector) root.getVector(1)).setSafe(i, ("row " + i + " \"q\"/é").getBytes(StandardCharsets.UTF_8));
            }
        }
        root.setRowCount(count);
        return root;
    }

    private WriteResult write(OutputSpec spec, int count) {
        try (var sink = new HttpConnector().openSink(config()).orElseThrow();
                VectorSchemaRoot batch = rows(allocator, count);
                WriteSession session = sink.beginWrite(spec, batch.getSchema())) {
            session.write(batch);
            return session.commit();
        }
    }

    @Test
    void appendSendsJsonArraysOfRowsPerRequest() {
        server.route("/ingest", (request, index) -> Reply.json("{}"));
        WriteResult result = write(output(WriteStrategy.APPEND, Map.of("path", "/ingest", "rows_per_request", 3L),
                List.of()), 8);
        assertThat(result).isEqualTo(new WriteResult(8, 3));
        List<HttpTestServer.Request> posts = server.requests();
        assertThat(posts).extracting(HttpTestServer.Request::method).containsOnly("POST");
        assertThat(posts.get(0).header("Content-Type")).contains("application/json");
        assertThat(posts.get(0).body()).isEqualTo("[{\"id\":0,\"name\":\"row 0 \\\"q\\\"/é\"},{\"id\":1,\"name\":null},"
                + "{\"id\":2,\"name\":\"row 2 \\\"q\\\"/é\"}]");
        assertThat(posts.get(2).body()).startsWith("[{\"id\":6,").endsWith("}]");
        assertThat(spoolFiles()).isEmpty();
    }

    @Test
    void appendCanSendNdjsonWithAnotherMethod() {
        server.route("/ingest", (request, index) -> Reply.status(202, ""));
        write(output(WriteStrategy.APPEND, Map.of("path", "/ingest", "body_format", "ndjson", "method", "put"),
                List.of()), 2);
        HttpTestServer.Request request = server.requests().get(0);
        assertThat(request.method()).isEqualTo("PUT");
        assertThat(request.header("Content-Type")).contains("application/x-ndjson");
        assertThat(request.body()).isEqualTo("{\"id\":0,\"name\":\"row 0 \\\"q\\\"/é\"}\n{\"id\":1,\"name\":null}\n");
    }

    @Test
    void mergeRefusesARowWithoutAKeyBeforeSendingAnything() {
        server.route("/items/", (request, index) -> Reply.json("{}"));
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> write(output(
                WriteStrategy.MERGE, Map.of("path", "/items/{key}"), List.of("name")), 3));
        assertThat(failure.getMessage()).isEqualTo("output 'out': a row has a null or empty merge key 'name'; every"
                + " merged row needs one");
        assertThat(server.requests()).isEmpty();
        assertThat(spoolFiles()).isEmpty();
    }

    @Test
    void mergePutsOrPatchesEachRowAtItsEscapedKey() {
        server.route("/items/", (request, index) -> Reply.json("{}"));
        WriteResult result = write(output(WriteStrategy.MERGE, Map.of("path", "/items/{key}", "method", "patch"),
                List.of("id")), 3);
        assertThat(result).isEqualTo(new WriteResult(3, 3));
        assertThat(server.requests()).extracting(request -> request.method() + " " + request.uri().getRawPath())
                .containsExactly("PATCH /items/0", "PATCH /items/1", "PATCH /items/2");
        assertThat(server.requests().get(1).body()).isEqualTo("{\"id\":1,\"name\":null}");
        assertThat(HttpWriteSession.pathSegment("a b/c?d")).isEqualTo("a%20b%2Fc%3Fd");
    }

    @Test
    void nothingIsSentBeforeCommitAndAbortSendsNothing() {
        server.route("/ingest", (request, index) -> Reply.json("{}"));
        try (var sink = new HttpConnector().openSink(config()).orElseThrow();
                VectorSchemaRoot batch = rows(allocator, 5);
                WriteSession session = sink.beginWrite(output(WriteStrategy.APPEND, Map.of("path", "/ingest"), List.of()),
                        batch.getSchema())) {
            session.write(batch);
            session.write(batch);
            assertThat(server.requests()).isEmpty();
            assertThat(spoolFiles()).hasSize(1);
            session.abort();
        }
        assertThat(server.requests()).isEmpty();
        assertThat(spoolFiles()).isEmpty();
    }

    @Test
    void aRetryableFailureBeforeAnyDeliveryStaysTransient() {
        server.route("/ingest", (request, index) -> Reply.status(429, "{}").with("Retry-After", "7"));
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> write(output(
                WriteStrategy.APPEND, Map.of("path", "/ingest"), List.of()), 2));
        assertThat(failure.isTransient()).isTrue();
        assertThat(failure.retryAfter()).contains(java.time.Duration.ofSeconds(7));
    }

    @Test
    void aFailureAfterSomeAppendedRowsSaysWhatWasDeliveredAndIsNotRetried() {
        server.route("/ingest", (request, index) -> index < 2 ? Reply.json("{}") : Reply.status(500, "{}"));
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> write(output(
                WriteStrategy.APPEND, Map.of("path", "/ingest", "rows_per_request", 2L), List.of()), 7));
        assertThat(failure.isTransient()).isFalse();
        assertThat(failure.getMessage()).contains("HTTP 500", "4 of 7 rows were delivered before it");
        assertThat(server.requests()).hasSize(3);
        assertThat(spoolFiles()).isEmpty();
    }

    @Test
    void aMergeFailureKeepsItsTransienceBecauseARetryRewritesTheSameKeys() {
        server.route("/items/", (request, index) -> index < 1 ? Reply.json("{}") : Reply.status(503, "{}"));
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> write(output(
                WriteStrategy.MERGE, Map.of("path", "/items/{key}"), List.of("id")), 3));
        assertThat(failure.isTransient()).isTrue();
    }

    @Test
    void aPermanentStatusDoesNotEchoTheBody() {
        server.route("/ingest", (request, index) -> Reply.status(422, "{\"secret\":\"do-not-echo\"}"));
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> write(output(
                WriteStrategy.APPEND, Map.of("path", "/ingest"), List.of()), 1));
        assertThat(failure.isTransient()).isFalse();
        assertThat(failure.getMessage()).isEqualTo("output 'out': HTTP 422 from " + server.baseUrl() + "ingest (check the"
                + " endpoint path and auth config)");
    }

    @Test
    void replaceAndBadOptionsAreRefusedWhenTheWriteBegins() {
        try (var sink = new HttpConnector().openSink(config()).orElseThrow();
                VectorSchemaRoot batch = rows(allocator, 1)) {
            PzConnectorException replace = catchThrowableOfType(PzConnectorException.class, () -> sink.beginWrite(
                    output(WriteStrategy.REPLACE, Map.of("path", "/x"), List.of()), batch.getSchema()));
            assertThat(replace.code()).contains(PzCode.WRITE_MODE_UNSUPPORTED);
            PzConnectorException merge = catchThrowableOfType(PzConnectorException.class, () -> sink.beginWrite(
                    output(WriteStrategy.MERGE, Map.of("path", "/items/{key}", "body_format", "ndjson",
                            "rows_per_request", 100L), List.of("id")), batch.getSchema()));
            assertThat(merge.getMessage()).contains("'body_format' and 'rows_per_request' apply to append only");
            PzConnectorException key = catchThrowableOfType(PzConnectorException.class, () -> sink.beginWrite(
                    output(WriteStrategy.MERGE, Map.of("path", "/items/{key}"), List.of("missing")), batch.getSchema()));
            assertThat(key.getMessage()).isEqualTo("output 'out': merge key 'missing' is not a column of the written data");
        }
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void everyV0TypeIsSentInItsJsonForm() {
        server.route("/ingest", (request, index) -> Reply.json("{}"));
        Schema schema = new Schema(List.of(
                new Field("d", FieldType.nullable(new org.apache.arrow.vector.types.pojo.ArrowType.Decimal(38, 9, 128)),
                        null),
                Field.nullable("f", new org.apache.arrow.vector.types.pojo.ArrowType.FloatingPoint(
                        org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)),
                Field.nullable("b", org.apache.arrow.vector.types.pojo.ArrowType.Bool.INSTANCE),
                Field.nullable("day", new org.apache.arrow.vector.types.pojo.ArrowType.Date(
                        org.apache.arrow.vector.types.DateUnit.DAY)),
                Field.nullable("ts", new org.apache.arrow.vector.types.pojo.ArrowType.Timestamp(
                        org.apache.arrow.vector.types.TimeUnit.MICROSECOND, "+00:00"))));
        try (var sink = new HttpConnector().openSink(config()).orElseThrow();
                VectorSchemaRoot batch = VectorSchemaRoot.create(schema, allocator);
                WriteSession session = sink.beginWrite(output(WriteStrategy.APPEND, Map.of("path", "/ingest"), List.of()),
                        schema)) {
            batch.allocateNew();
            ((DecimalVector) batch.getVector(0)).setSafe(0, new BigDecimal("12.500000000"));
            ((Float8Vector) batch.getVector(1)).setSafe(0, Double.NaN);
            ((Float8Vector) batch.getVector(1)).setSafe(1, 0.25);
            ((BitVector) batch.getVector(2)).setSafe(0, 1);
            ((DateDayVector) batch.getVector(3)).setSafe(0, (int) LocalDate.of(2026, 1, 31).toEpochDay());
            ((TimeStampMicroTZVector) batch.getVector(4)).setSafe(0, 1_767_225_600_000_001L);
            batch.setRowCount(2);
            session.write(batch);
            session.commit();
        }
        assertThat(server.requests().get(0).body()).isEqualTo("[{\"d\":12.500000000,\"f\":null,\"b\":true,"
                + "\"day\":\"2026-01-31\",\"ts\":\"2026-01-01T00:00:00.000001Z\"},"
                + "{\"d\":null,\"f\":0.25,\"b\":null,\"day\":null,\"ts\":null}]");
    }

    private List<Path> spoolFiles() {
        Path spool = project.resolve(".pz/spool/http/.pz-tmp");
        if (!Files.isDirectory(spool)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(spool)) {
            return files.toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
