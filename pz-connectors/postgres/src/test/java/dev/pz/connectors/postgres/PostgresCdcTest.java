package dev.pz.connectors.postgres;

import static dev.pz.connectors.postgres.PostgresTestData.execute;
import static dev.pz.connectors.postgres.PostgresTestData.options;
import static dev.pz.connectors.postgres.PostgresTestData.query;
import static dev.pz.connectors.postgres.PostgresTestData.uniqueTable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ChangeCaptureAdmin;
import dev.pz.connectors.api.ChangeCapturePartition;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Change capture against the shared server with {@code wal_level = logical}: the first-run
 * snapshot and its slot, the pgoutput poll up to the position captured at its start, what the slot
 * confirms, and the prerequisites and slot problems a user meets, each with its fix.
 */
class PostgresCdcTest {

    private BufferAllocator allocator;
    private Source source;
    private String table;
    private String publication;

    @BeforeEach
    void setUp() throws SQLException {
        PostgresTestServer.logicalEndpoint();
        allocator = new RootAllocator();
        source = new PostgresConnector().openSource(PostgresTestServer.config()).orElseThrow();
        table = uniqueTable("cdc");
        publication = "pub_" + table;
        execute("create table " + table + " (id integer primary key, name text not null, price numeric(12,2),"
                + " active boolean, created_at timestamptz, born date)",
                "insert into " + table + " (id, name) values (1, 'one'), (2, 'two')",
                "create publication " + publication + " for table " + table);
    }

    @AfterEach
    void tearDown() throws SQLException {
        execute("select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = '"
                + PostgresCdc.slotName(spec(null)) + "' and not active", "drop publication if exists " + publication);
        source.close();
        allocator.close();
    }

    private DatasetSpec spec(String token, Object... extraOptions) {
        Map<String, Object> options = options(extraOptions);
        options.put("publication", publication);
        return DatasetSpec.of(PostgresTestServer.CONNECTION, table, options, null)
                .withChangeCapture(new DatasetSpec.ChangeCapture(null, token));
    }

    /** The rows of one read and the token it proposes. */
    private record Read(List<List<Object>> rows, String token, List<String> keys) {
    }

    private Read read(DatasetSpec spec) throws IOException {
        List<ReadPartition> partitions = source.planRead(spec, ReadHints.none());
        assertThat(partitions).hasSize(1);
        ChangeCapturePartition partition = (ChangeCapturePartition) partitions.get(0);
        List<List<Object>> rows = PostgresTestData.readAll(partitions, allocator, BatchOptions.defaults());
        return new Read(rows, partition.resumeToken().orElse(null), partition.changeKeyColumns());
    }

    private Read snapshot() throws IOException {
        return read(spec(null));
    }

    private Read poll(String token) throws IOException {
        return read(spec(token, "poll_idle_timeout", "3s"));
    }

    private String confirmedFlush() throws SQLException {
        return PostgresCdc.formatLsn(org.postgresql.replication.LogSequenceNumber.valueOf((String) query(
                "select confirmed_flush_lsn::text from pg_replication_slots where slot_name = '"
                        + PostgresCdc.slotName(spec(null)) + "'").get(0).get(0)).asLong());
    }

    @Test
    void namesFollowTheReferenceRules() {
        DatasetSpec spec = DatasetSpec.of("My.Src", "My-Orders", Map.of(), null)
                .withChangeCapture(new DatasetSpec.ChangeCapture(null, null));
        assertThat(PostgresCdc.slotName(spec)).isEqualTo("pz_my_src_my_orders");
        assertThat(PostgresCdc.publicationName(spec)).isEqualTo("pz_my_src");
        assertThat(PostgresCdc.slotName(spec.withChangeCapture(new DatasetSpec.ChangeCapture("custom_slot", null))))
                .isEqualTo("custom_slot");
        assertThat(PostgresCdc.sanitize("x".repeat(70))).hasSize(63);
        assertThat(PostgresCdc.formatLsn(0x016B_3C48L)).isEqualTo("00000000016B3C48");
        assertThat(PostgresCdc.parseLsn("00000000016B3C48")).isEqualTo(0x016B_3C48L);
        assertThat(PostgresCdc.changePosition(0x016B_3C48L, 7)).isEqualTo("00000000016B3C48-000000007");
    }

    @Test
    void schemaStartsWithTheChangeColumns() {
        List<String> names = source.schema(spec(null)).getFields().stream().map(Field::getName).toList();
        assertThat(names).containsExactly("_pz_op", "_pz_lsn", "_pz_changed_at", "id", "name", "price", "active",
                "created_at", "born");
    }

    @Test
    void firstRunSnapshotsTheTableAndCreatesTheSlotAtItsToken() throws Exception {
        Read snapshot = snapshot();

        assertThat(snapshot.rows()).hasSize(2);
        assertThat(snapshot.rows()).allSatisfy(row -> {
            assertThat(row.get(0)).isEqualTo("insert");
            assertThat(row.get(1)).isEqualTo("0000000000000000-000000000");
            assertThat(row.get(2)).isNull();
        });
        assertThat(snapshot.keys()).containsExactly("id");
        assertThat(snapshot.token()).matches("[0-9A-F]{16}");
        assertThat(confirmedFlush()).isEqualTo(snapshot.token());
    }

    @Test
    void pollReadsInsertsUpdatesAndDeletesInOrderWithTheirValues() throws Exception {
        String token = snapshot().token();
        execute("insert into " + table + " (id, name, price, active, created_at, born) values (3, 'three', 19.99,"
                + " true, '2026-07-24 12:34:56+02', '2026-01-31')",
                "update " + table + " set name = 'one-updated' where id = 1",
                "delete from " + table + " where id = 2");

        Read poll = poll(token);

        assertThat(poll.rows()).extracting(row -> row.get(0)).containsExactly("insert", "update", "delete");
        List<Object> insert = poll.rows().get(0);
        assertThat(insert.subList(3, 9)).containsExactly(3, "three", new BigDecimal("19.990000000"), true,
                Instant.parse("2026-07-24T10:34:56Z"), java.time.LocalDate.of(2026, 1, 31));
        assertThat(poll.rows().get(1).subList(3, 5)).containsExactly(1, "one-updated");
        assertThat(poll.rows().get(2).subList(3, 5)).containsExactly(2, null);
        List<String> positions = poll.rows().stream().map(row -> (String) row.get(1)).toList();
        assertThat(positions).allMatch(position -> position.matches("[0-9A-F]{16}-[0-9]{9}")).isSorted()
                .doesNotHaveDuplicates();
        assertThat(poll.rows()).allSatisfy(row -> assertThat(row.get(2)).isNotNull());
        assertThat(poll.token()).isEqualTo(positions.get(2).substring(0, 16));
    }

    @Test
    void emptyBacklogProposesNoToken() throws Exception {
        String token = snapshot().token();

        Read poll = poll(token);

        assertThat(poll.rows()).isEmpty();
        assertThat(poll.token()).isNull();
    }

    @Test
    void theSlotIsConfirmedOnlyUpToTheStoredTokenSoAReplayReadsTheSameChanges() throws Exception {
        String snapshotToken = snapshot().token();
        execute("insert into " + table + " (id, name) values (5, 'five')");

        Read first = poll(snapshotToken);
        Read replay = poll(snapshotToken);

        assertThat(first.rows()).hasSize(1);
        assertThat(replay.rows()).isEqualTo(first.rows());
        assertThat(confirmedFlush()).isEqualTo(snapshotToken);

        Read next = poll(first.token());
        assertThat(confirmedFlush()).isEqualTo(first.token());
        // Starting at a commit's position includes that transaction again; a merge absorbs it.
        assertThat(next.rows()).extracting(row -> row.get(3)).containsExactly(5);
    }

    @Test
    void aStoredTokenBehindTheSlotsConfirmedPositionIsRefused() throws Exception {
        String snapshotToken = snapshot().token();
        execute("insert into " + table + " (id, name) values (6, 'six')");
        String next = poll(snapshotToken).token();
        poll(next);

        assertThatThrownBy(() -> poll(snapshotToken)).isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("past the stored token " + snapshotToken).hasMessageContaining("--full-refresh");
    }

    @Test
    void aTransactionOpenAtTheStartOfARunIsReadByTheNextRun() throws Exception {
        String token = snapshot().token();
        try (Connection open = PostgresTestServer.jdbc(); Statement statement = open.createStatement()) {
            open.setAutoCommit(false);
            statement.execute("insert into " + table + " (id, name) values (10, 'ten')");
            statement.execute("update " + table + " set name = 'ten-updated' where id = 10");

            Read during = poll(token);
            assertThat(during.rows()).isEmpty();

            open.commit();
        }
        Read after = poll(token);

        assertThat(after.rows()).extracting(row -> row.get(0), row -> row.get(3), row -> row.get(4))
                .containsExactly(org.assertj.core.groups.Tuple.tuple("insert", 10, "ten"),
                        org.assertj.core.groups.Tuple.tuple("update", 10, "ten-updated"));
        assertThat(after.rows()).extracting(row -> ((String) row.get(1)).substring(17))
                .containsExactly("000000000", "000000001");
    }

    @Test
    void aKeyChangeDeletesTheOldKeyFirst() throws Exception {
        String token = snapshot().token();
        execute("update " + table + " set id = 99 where id = 1");

        Read poll = poll(token);

        assertThat(poll.rows()).extracting(row -> row.get(0), row -> row.get(3))
                .containsExactly(org.assertj.core.groups.Tuple.tuple("delete", 1),
                        org.assertj.core.groups.Tuple.tuple("update", 99));
    }

    @Test
    void changesToOtherTablesOfThePublicationAreIgnored() throws Exception {
        String other = uniqueTable("cdc_other");
        execute("create table " + other + " (id integer primary key, name text)",
                "alter publication " + publication + " add table " + other);
        String token = snapshot().token();
        execute("insert into " + other + " values (1, 'other')", "update " + other + " set name = 'x'",
                "truncate table " + other);

        assertThat(poll(token).rows()).isEmpty();
    }

    @Test
    void aTruncateFailsThePollAndSaysHowToRecover() throws Exception {
        String token = snapshot().token();
        execute("truncate table " + table);

        assertThatThrownBy(() -> poll(token)).isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("truncated").hasMessageContaining("--full-refresh")
                .hasMessageContaining("destination");
    }

    @Test
    void missingPrerequisitesAreReportedWithTheStatementThatFixesThem() throws Exception {
        execute("drop publication " + publication, "alter table " + table + " replica identity nothing");

        assertThatThrownBy(this::snapshot).isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("CREATE PUBLICATION \"" + publication + "\" FOR TABLE \"public\".\"" + table + "\";")
                .hasMessageContaining("ALTER TABLE \"public\".\"" + table + "\" REPLICA IDENTITY DEFAULT;")
                .satisfies(e -> assertThat(((PzConnectorException) e).isTransient()).isFalse());
        assertThat(query("select 1 from pg_replication_slots where slot_name = '" + PostgresCdc.slotName(spec(null))
                + "'")).isEmpty();
    }

    @Test
    void aPublicationThatDoesNotCoverTheTableOrListsColumnsIsRefused() throws Exception {
        execute("alter publication " + publication + " drop table " + table);
        assertThatThrownBy(this::snapshot).hasMessageContaining("ALTER PUBLICATION \"" + publication + "\" ADD TABLE");

        if (((Number) query("select current_setting('server_version_num')::int").get(0).get(0)).intValue() < 150_000) {
            return; // Column lists came with PostgreSQL 15; the embedded server is 14.
        }
        execute("alter publication " + publication + " add table " + table + " (id, name)");
        assertThatThrownBy(this::snapshot).hasMessageContaining("declares a column list");
    }

    @Test
    void aSlotOfAnotherPluginIsAConflictAndAPgoutputSlotIsRecreatedOnAFirstRun() throws Exception {
        String slot = PostgresCdc.slotName(spec(null));
        execute("select pg_create_logical_replication_slot('" + slot + "', 'test_decoding')");
        assertThatThrownBy(this::snapshot).hasMessageContaining("slot conflict").hasMessageContaining(slot)
                .hasMessageContaining("pz cdc drop");

        execute("select pg_drop_replication_slot('" + slot + "')",
                "select pg_create_logical_replication_slot('" + slot + "', 'pgoutput')");
        assertThat(snapshot().rows()).hasSize(2);
    }

    @Test
    void aSlotDroppedBehindPzsBackFailsThePollAndNamesFullRefresh() throws Exception {
        String token = snapshot().token();
        execute("select pg_drop_replication_slot('" + PostgresCdc.slotName(spec(null)) + "')");

        assertThatThrownBy(() -> poll(token)).isInstanceOf(PzConnectorException.class).hasMessageContaining("is gone")
                .hasMessageContaining("--full-refresh");
    }

    @Test
    void forbiddenOptionsAreRefusedOffline() {
        assertThatThrownBy(() -> source.checkUniversalRead(spec(null, "partition_column", "id", "partitions", 4L)))
                .hasMessageContaining("partition_column, partitions cannot be used with sync: {mode: cdc}");
    }

    @Test
    void statusAndDropManageTheSlot() throws Exception {
        ChangeCaptureAdmin admin = (ChangeCaptureAdmin) source;
        String slot = PostgresCdc.slotName(spec(null));

        ChangeCaptureAdmin.Status before = admin.status(spec(null));
        assertThat(before.healthy()).isFalse();
        assertThat(before.positionName()).isEqualTo(slot);
        assertThat(before.detail()).anyMatch(line -> line.contains("slot not created yet"));

        String token = snapshot().token();
        ChangeCaptureAdmin.Status healthy = admin.status(spec(token));
        assertThat(healthy.healthy()).isTrue();
        assertThat(healthy.retainedBytes()).isNotNull().isGreaterThanOrEqualTo(0L);
        assertThat(healthy.detail()).isEmpty();

        assertThat(admin.drop(spec(token)).serverSideDropped()).isTrue();
        admin.drop(spec(token));
        ChangeCaptureAdmin.Status gone = admin.status(spec(token));
        assertThat(gone.healthy()).isFalse();
        assertThat(gone.detail()).anyMatch(line -> line.contains("is GONE") && line.contains("--full-refresh"));
    }

}
