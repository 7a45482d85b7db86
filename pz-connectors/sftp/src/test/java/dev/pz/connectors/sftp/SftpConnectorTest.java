package dev.pz.connectors.sftp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.testing.RemoteRows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** sftp against a real SSH server in this JVM: globs, formats, replace/append, auth and host keys. */
class SftpConnectorTest {

    @TempDir
    Path serverRoot;

    @TempDir
    Path project;

    private SftpTestServer server;
    private final SftpConnector connector = new SftpConnector();

    @BeforeEach
    void startServer() {
        server = SftpTestServer.start(serverRoot);
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void aDoubleStarGlobReadsMatchingFilesInEveryDirectoryInKeyOrder() throws IOException {
        write("in/2026/01/orders.csv", "id,amount\n1,2.5\n");
        write("in/2026/02/orders.csv", "id,amount\n2,4.0\n");
        write("in/2026/02/notes.txt", "not data\n");
        write("in/orders.csv", "id,amount\n0,1.0\n");
        DatasetSpec spec = DatasetSpec.of("drop", "orders", Map.of("path", "in/**/orders.csv"), null);
        try (Source source = connector.openSource(config(Map.of("root", "/"))).orElseThrow()) {
            assertThat(RemoteRows.read(source, spec)).containsExactly("1|2.5", "2|4.0");
            assertThat(source.planRead(spec, ReadHints.none())).hasSize(2);
            assertThat(source.schema(spec).getFields()).extracting(field -> field.getType().toString())
                    .as("a csv without a contract lands every column as text").containsExactly("Utf8", "Utf8");
        }
        DatasetSpec oneLevel = DatasetSpec.of("drop", "orders", Map.of("path", "/in/*.csv", "files_per_partition",
                5L), null);
        try (Source source = connector.openSource(config(Map.of())).orElseThrow()) {
            assertThat(RemoteRows.read(source, oneLevel)).containsExactly("0|1.0");
        }
    }

    @Test
    void aContractBindsCsvColumnsByNameAndTypesThem() throws IOException {
        write("data/orders.csv", "amount,id,extra\n2.5,1,x\n4.0,2,y\n");
        DatasetSpec spec = DatasetSpec.of("drop", "orders", Map.of(), RemoteRows.contract("id", "bigint", "amount", "double"));
        try (Source source = connector.openSource(config(Map.of("root", "/data"))).orElseThrow()) {
            assertThat(RemoteRows.read(source, spec)).containsExactly("1|2.5", "2|4.0");
            assertThat(source.schema(spec).getFields()).extracting(field -> field.getName())
                    .containsExactly("id", "amount");
        }
    }

    @Test
    void aBoundedWindowKeepsOnlyRowsInsideIt() throws IOException {
        write("data/events.csv", "id,at\n1,2026-01-01 00:00:00\n2,2026-01-02 00:00:00\n3,2026-01-03 00:00:00\n");
        DatasetSpec spec = new DatasetSpec("drop", "events", Map.of(), RemoteRows.contract("id", "bigint", "at", "timestamp"),
                new DatasetSpec.Watermark("at", "2026-01-01T00:00:00", false, "2026-01-02T00:00:00"));
        try (Source source = connector.openSource(config(Map.of("root", "/data"))).orElseThrow()) {
            assertThat(RemoteRows.read(source, spec)).hasSize(1).allSatisfy(row -> assertThat(row).startsWith("2|"));
        }
    }

    @Test
    void aCalendarWindowListsOnlyTheFoldersItsCoverNames() throws IOException {
        write("data/in/2026/07/09/events.csv", "not,the,same\nheader,at,all\n");
        write("data/in/2026/07/10/events.csv", "id,at\n1,2026-07-10 06:00:00\n");
        write("data/in/2026/07/11/events.csv", "id,at\n2,2026-07-11 06:00:00\n3,2026-07-11 23:00:00\n");
        write("data/in/2026/07/12/events.csv", "id,at\n4,2026-07-12 06:00:00\n");
        DatasetSpec spec = new DatasetSpec("drop", "events", Map.of("path", "in/{yyyy}/{MM}/{dd}/events.csv"),
                RemoteRows.contract("id", "bigint", "at", "timestamp"),
                new DatasetSpec.Watermark("at", "2026-07-10T00:00:00", false, "2026-07-11T12:00:00"));
        try (Source source = connector.openSource(config(Map.of("root", "/data"))).orElseThrow()) {
            assertThat(source.nativeScan(spec)).as("sftp reads on the universal tier only").isEmpty();
            assertThat(source.planRead(spec, ReadHints.none()))
                    .as("the cover names 07/10 and 07/11; 07/09, whose header is not the contract's, is never listed")
                    .hasSize(2);
            assertThat(RemoteRows.read(source, spec)).containsExactly("1|2026-07-10T06:00", "2|2026-07-11T06:00");
        }
    }

    @Test
    void partitionByFansOutOneFilePerDayFolder() throws IOException {
        ConnectorConfig config = config(Map.of("root", "/lake"));
        OutputSpec spec = new OutputSpec("drop", "events", WriteStrategy.REPLACE, SchemaPolicy.FAIL_ON_CHANGE,
                Map.of("path", "days/{yyyy}/{MM}/{dd}", "format", "csv", "partition_by", "at"), List.of(),
                new OutputSpec.WriteAttempt("run", "drop.events", 1));
        try (Sink sink = connector.openSink(config).orElseThrow();
                BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot batch = timestamps(allocator, "2026-07-10T06:00:00", "2026-07-11T06:00:00",
                        "2026-07-11T07:00:00");
                WriteSession session = sink.beginWrite(spec, batch.getSchema())) {
            assertThat(sink.nativeCopy(spec)).isEmpty();
            session.write(batch);
            assertThat(session.commit().rowsWritten()).isEqualTo(3);
        }
        assertThat(names("lake/days/2026/07/10")).containsExactly("events.csv");
        assertThat(Files.readAllLines(serverRoot.resolve("lake/days/2026/07/11/events.csv"))).hasSize(3)
                .first().isEqualTo("id,at");
        try (Sink sink = connector.openSink(config).orElseThrow()) {
            assertThatThrownBy(() -> sink.checkUniversalWrite(new OutputSpec("drop", "events", WriteStrategy.REPLACE,
                    SchemaPolicy.FAIL_ON_CHANGE, Map.of("path", "days", "partition_by", "at"), List.of(), null)))
                    .isInstanceOfSatisfying(PzConnectorException.class,
                            e -> assertThat(e.code()).contains(PzCode.TEMPLATING_CAPABILITY_MISSING));
            assertThatThrownBy(() -> sink.checkUniversalWrite(new OutputSpec("drop", "events", WriteStrategy.MERGE,
                    SchemaPolicy.FAIL_ON_CHANGE, Map.of(), List.of("id"), null)))
                    .isInstanceOfSatisfying(PzConnectorException.class,
                            e -> assertThat(e.code()).contains(PzCode.WRITE_MODE_UNSUPPORTED));
        }
    }

    /** Rows {@code id} 1..n with timestamp {@code at} each of {@code instants} (UTC). */
    private static VectorSchemaRoot timestamps(BufferAllocator allocator, String... instants) {
        VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(List.of(
                Field.nullable("id",
                        new ArrowType.Int(64, true)),
                Field.nullable("at",
                        new ArrowType.Timestamp(
                                TimeUnit.MICROSECOND, null)))), allocator);
        for (int i = 0; i < instants.length; i++) {
            ((BigIntVector) root.getVector("id")).setSafe(i, i + 1);
            Instant at = LocalDateTime.parse(instants[i]).toInstant(ZoneOffset.UTC);
            ((TimeStampMicroVector) root.getVector("at")).setSafe(i,
                    at.getEpochSecond() * 1_000_000L);
        }
        root.setRowCount(instants.length);
        return root;
    }

    @Test
    void replaceOverwritesOneStableFileAndAppendAddsOnePerRun() throws IOException {
        ConnectorConfig config = config(Map.of("root", "/lake"));
        write(OutputSpecs.replace("daily", "parquet"), 3, config);
        write(OutputSpecs.replace("daily", "parquet"), 2, config);
        assertThat(names("lake/out")).containsExactly("daily.parquet");
        DatasetSpec back = DatasetSpec.of("drop", "daily", Map.of("path", "out/daily.parquet", "format", "parquet"), null);
        try (Source source = connector.openSource(config).orElseThrow()) {
            assertThat(RemoteRows.read(source, back)).containsExactly("1|n1", "2|null");
        }
        write(OutputSpecs.append("events", "json"), 3, config);
        write(OutputSpecs.append("events", "json"), 3, config);
        assertThat(names("lake/out")).hasSize(3).filteredOn(name -> name.startsWith("events-"))
                .allMatch(name -> name.matches("events-[0-9a-f]{32}\\.json"));
        DatasetSpec events = DatasetSpec.of("drop", "events", Map.of("path", "out/events-*.json", "format", "json"),
                RemoteRows.contract("id", "bigint", "name", "varchar"));
        try (Source source = connector.openSource(config).orElseThrow()) {
            assertThat(RemoteRows.read(source, events)).hasSize(6).contains("2|null", "3|n3");
        }
        try (Stream<Path> spool = Files.walk(project.resolve(".pz/spool/sftp"))) {
            assertThat(spool.filter(Files::isRegularFile)).as("nothing left in the local spool").isEmpty();
        }
    }

    @Test
    void replaceOverwritesOnAVersion3ServerWithoutPosixRename() throws IOException {
        server.close();
        server = SftpTestServer.startPlainVersion3(serverRoot);
        ConnectorConfig config = config(Map.of("root", "/v3"));
        write(OutputSpecs.replace("daily", "csv"), 3, config);
        write(OutputSpecs.replace("daily", "csv"), 1, config);
        assertThat(names("v3/out")).containsExactly("daily.csv");
        assertThat(Files.readString(serverRoot.resolve("v3/out/daily.csv"))).isEqualTo("id,name\n1,n1\n");
    }

    @Test
    void aTsvAndACsvWithItsOwnDelimiterRoundTrip() throws IOException {
        ConnectorConfig config = config(Map.of("root", "/t"));
        write(OutputSpecs.with("semi", "csv", Map.of("delimiter", ";")), 3, config);
        assertThat(Files.readString(serverRoot.resolve("t/out/semi.csv"))).startsWith("id;name\n1;n1\n");
        write(OutputSpecs.with("tabs", "tsv", Map.of()), 2, config);
        assertThat(Files.readString(serverRoot.resolve("t/out/tabs.tsv"))).startsWith("id\tname\n1\tn1\n");
        try (Source source = connector.openSource(config).orElseThrow()) {
            assertThat(RemoteRows.read(source, DatasetSpec.of("drop", "tabs", Map.of("path", "out/tabs.tsv", "format",
                    "tsv"), RemoteRows.contract("id", "int")))).containsExactly("1", "2");
        }
    }

    @Test
    void anAbortedWriteLeavesTheOldFileAndNoTemporary() throws IOException {
        ConnectorConfig config = config(Map.of("root", "/lake"));
        write(OutputSpecs.replace("daily", "csv"), 2, config);
        String before = Files.readString(serverRoot.resolve("lake/out/daily.csv"));
        try (Sink sink = connector.openSink(config).orElseThrow();
                BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot batch = RemoteRows.batch(allocator, 5)) {
            WriteSession session = sink.beginWrite(OutputSpecs.replace("daily", "csv"), batch.getSchema());
            session.write(batch);
            session.abort();
            session.close();
        }
        assertThat(Files.readString(serverRoot.resolve("lake/out/daily.csv"))).isEqualTo(before);
        assertThat(names("lake/out")).containsExactly("daily.csv");
    }

    @Test
    void anEncryptedPrivateKeyLogsInAndAWrongPassphraseIsNamedWithoutIt() {
        Path key = server.writeClientKey(project.resolve("id_ecdsa"), "key-passphrase-xyz");
        Map<String, Object> options = new HashMap<>(keyLogin("id_ecdsa"));
        options.put("private_key_passphrase", "key-passphrase-xyz");
        assertThat(connector.checkConnection(new ConnectorConfig("drop", options)).ok()).isTrue();

        options.put("private_key_passphrase", "not-the-passphrase");
        ConnectionCheck wrong = connector.checkConnection(new ConnectorConfig("drop", options));
        assertThat(wrong.ok()).isFalse();
        assertThat(wrong.message()).contains("'private_key_path' could not be loaded from '" + key + "'")
                .doesNotContain("not-the-passphrase");
    }

    @Test
    void aPlainPrivateKeyLogsInAndAnUnknownKeyIsRefused() {
        server.writeClientKey(project.resolve("id_plain"), null);
        assertThat(connector.checkConnection(new ConnectorConfig("drop", keyLogin("id_plain"))).ok()).isTrue();
        ConnectionCheck missing = connector.checkConnection(new ConnectorConfig("drop", keyLogin("nope")));
        assertThat(missing.message()).contains("could not be loaded").contains("no such file");
    }

    @Test
    void thePinnedHostKeyIsCheckedBeforeAnyCredentialIsSent() {
        String presented = HostKeyFingerprint.of(server.hostKey());
        ConnectionCheck unpinned = connector.checkConnection(config(Map.of()));
        assertThat(unpinned.ok()).isTrue();
        assertThat(unpinned.message()).contains("accepting any SSH host key").contains(presented);

        ConnectionCheck pinned = connector.checkConnection(config(Map.of("host_key_fingerprint",
                presented.substring("SHA256:".length()) + "=")));
        assertThat(pinned.ok()).isTrue();
        assertThat(pinned.message()).contains("matches");

        String other = "SHA256:" + "A".repeat(43);
        ConnectionCheck mismatch = connector.checkConnection(config(Map.of("host_key_fingerprint", other)));
        assertThat(mismatch.ok()).isFalse();
        assertThat(mismatch.message()).startsWith("permanent: ").contains(presented).contains(other)
                .doesNotContain(SftpTestServer.PASSWORD);
    }

    @Test
    void aWrongPasswordAndAMissingRootFailTheCheckPermanently() {
        ConnectionCheck wrong = connector.checkConnection(config(Map.of("password", "bad")));
        assertThat(wrong.message()).startsWith("permanent: ").contains("authentication of user 'pz' was refused");
        ConnectionCheck root = connector.checkConnection(config(Map.of("root", "/absent")));
        assertThat(root.message()).isEqualTo("permanent: sftp host '127.0.0.1': root '/absent' does not exist or is"
                + " not a directory");
    }

    @Test
    void anUnreachableServerIsATransientFailure() {
        int port = server.port();
        server.close();
        assertThatThrownBy(() -> {
            try (Source source = connector.openSource(config(Map.of("port", (long) port))).orElseThrow()) {
                source.schema(DatasetSpec.of("drop", "orders", Map.of(), null));
            }
        }).isInstanceOfSatisfying(PzConnectorException.class, e -> {
            assertThat(e.isTransient()).isTrue();
            assertThat(e.getMessage()).startsWith("sftp host '127.0.0.1': cannot connect to port " + port);
        });
    }

    @Test
    void offlineRulesNameEachProblem() {
        assertThat(connector.validate(new ConnectorConfig("c", Map.of("host", "h", "username", "u"))))
                .containsExactly("sftp connection requires 'password' or 'private_key_path'");
        assertThat(connector.validate(new ConnectorConfig("c", Map.of("host", "h", "username", "u", "password", "p",
                "private_key_path", "k")))).containsExactly("sftp connection must declare exactly one of 'password'"
                        + " and 'private_key_path', not both");
        assertThat(connector.validate(new ConnectorConfig("c", Map.of("host", "h", "username", "u", "password", "p",
                "private_key_passphrase", "x")))).containsExactly("sftp connection 'private_key_passphrase' requires"
                        + " 'private_key_path'");
        assertThat(connector.connectionOptions().check(Map.of("host", "h", "username", "u", "port", 70000L,
                "host_key_fingerprint", "md5:ab"), java.util.Set.of())).extracting(OptionProblem::option)
                .containsExactlyInAnyOrder("port", "host_key_fingerprint");
        assertThat(connector.validateRead(DatasetSpec.of("c", "x", Map.of("format", "parquet", "delimiter", ";"), null)))
                .extracting(OptionProblem::code).containsExactly(PzCode.FILE_FORMAT_OPTION_INVALID);
        assertThat(connector.validateRead(DatasetSpec.of("c", "x", Map.of("path", "in/{yyyy}/{MM}/x.csv"), null)))
                .as("a calendar template is a path sftp lists by its window's cover").isEmpty();
        assertThat(connector.readOptions().check(Map.of("format", "xlsx"), java.util.Set.of()))
                .extracting(OptionProblem::code).containsExactly(PzCode.FILE_FORMAT_UNSUPPORTED);
    }

    private Map<String, Object> keyLogin(String keyFile) {
        return Map.of("host", "127.0.0.1", "port", (long) server.port(), "username", SftpTestServer.USER,
                "private_key_path", keyFile, ConnectorConfig.BASE_DIR, project.toString());
    }

    private ConnectorConfig config(Map<String, Object> extra) {
        Map<String, Object> options = new HashMap<>(server.passwordLogin());
        options.put(ConnectorConfig.BASE_DIR, project.toString());
        options.putAll(extra);
        return new ConnectorConfig("drop", options);
    }

    private void write(String file, String text) throws IOException {
        Path path = serverRoot.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
    }

    private void write(OutputSpec spec, int rows, ConnectorConfig config) {
        try (Sink sink = connector.openSink(config).orElseThrow();
                BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot batch = RemoteRows.batch(allocator, rows);
                WriteSession session = sink.beginWrite(spec, batch.getSchema())) {
            session.write(batch);
            session.commit();
        }
    }

    private List<String> names(String directory) throws IOException {
        try (Stream<Path> files = Files.list(serverRoot.resolve(directory))) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    /** Outputs under {@code out/}. */
    private static final class OutputSpecs {
        static OutputSpec replace(String entity, String format) {
            return of(entity, WriteStrategy.REPLACE, format, Map.of());
        }

        static OutputSpec append(String entity, String format) {
            return of(entity, WriteStrategy.APPEND, format, Map.of());
        }

        static OutputSpec with(String entity, String format, Map<String, Object> options) {
            return of(entity, WriteStrategy.REPLACE, format, options);
        }

        private static OutputSpec of(String entity, WriteStrategy strategy, String format, Map<String, Object> more) {
            Map<String, Object> options = new HashMap<>(more);
            options.put("path", "out");
            options.put("format", format);
            return new OutputSpec("drop", entity, strategy, SchemaPolicy.FAIL_ON_CHANGE, options, List.of(),
                    new OutputSpec.WriteAttempt("run", "drop." + entity, 1));
        }
    }
}
