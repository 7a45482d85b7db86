package dev.pz.connectors.sqlserver;

import static dev.pz.connectors.sqlserver.SqlServerLive.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.ChangeCaptureAdmin;
import dev.pz.connectors.api.ChangeCapturePartition;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.error.PzConnectorException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SQL Server change capture against a live server (skipped where none runs, see
 * {@link SqlServerTestServer}); the server needs its SQL Server Agent running, which captures the
 * changes. The login enables change capture on the test database when it is off (sysadmin).
 */
class SqlServerLiveCdcTest {

    private BufferAllocator allocator;
    private SqlServerSource source;
    private String table;

    @BeforeEach
    void open() throws Exception {
        allocator = new RootAllocator();
        source = (SqlServerSource) new SqlServerConnector().openSource(SqlServerTestServer.config()).orElseThrow();
        table = SqlServerTestServer.uniqueTable("cdc");
        SqlServerTestServer.execute("if (select is_cdc_enabled from sys.databases where name = db_name()) = 0"
                + " exec sys.sp_cdc_enable_db",
                "create table dbo." + table + " (id int not null primary key, name nvarchar(40), amount decimal(12,2))",
                "insert into dbo." + table + " values (1, N'one', 1.50), (2, N'two', 2.50)");
    }

    @AfterEach
    void close() {
        if (source != null) {
            source.close();
        }
        allocator.close();
    }

    private DatasetSpec spec(String token) {
        return new DatasetSpec("ms", "dbo." + table, Map.of(), null, null, new DatasetSpec.ChangeCapture(null, token));
    }

    @Test
    void aSnapshotThenInsertsUpdatesAndDeletesInCommitOrder() throws Exception {
        enableCapture();
        ChangeCapturePartition snapshot = partition(spec(null));
        List<List<Object>> first = read(List.of(snapshot), allocator);
        assertThat(first).extracting(row -> row.get(0).toString() + row.get(3)).containsExactlyInAnyOrder("insert1",
                "insert2");
        assertThat(first).allSatisfy(row -> assertThat(row.get(1).toString()).isEqualTo(
                SqlServerCdcSql.SNAPSHOT_POSITION));
        assertThat(snapshot.changeKeyColumns()).containsExactly("id");
        String token = snapshot.resumeToken().orElseThrow();
        assertThat(token).matches("[0-9A-F]{20}-0{20}");

        SqlServerTestServer.execute("insert into dbo." + table + " values (3, N'three', 3.25)",
                "update dbo." + table + " set name = N'uno' where id = 1", "delete from dbo." + table + " where id = 2");
        awaitCaptured(token, 3);

        ChangeCapturePartition changes = partition(spec(token));
        List<List<Object>> rows = read(List.of(changes), allocator);
        assertThat(rows).extracting(row -> row.get(0).toString() + row.get(3)).containsExactly("insert3", "update1",
                "delete2");
        assertThat(rows).extracting(row -> row.get(1).toString()).isSorted();
        assertThat(rows).allSatisfy(row -> assertThat(row.get(2)).isNotNull());
        String next = changes.resumeToken().orElseThrow();
        assertThat(next).isGreaterThan(token);

        ChangeCapturePartition nothing = partition(spec(next));
        assertThat(read(List.of(nothing), allocator)).isEmpty();
        assertThat(nothing.resumeToken()).isEmpty();

        ChangeCaptureAdmin.Status status = source.status(spec(next));
        assertThat(status.healthy()).as(status.detail().toString()).isTrue();
        assertThat(status.positionName()).isEqualTo("dbo_" + table);
        ChangeCaptureAdmin.Dropped dropped = source.drop(spec(next));
        assertThat(dropped.serverSideDropped()).isFalse();
        assertThat(SqlServerLive.rows("select count(*) from cdc.change_tables where capture_instance = N'dbo_" + table
                + "'").get(0).get(0)).as("pz never disables the capture").isEqualTo(1);
    }

    @Test
    void aTableWithoutCaptureIsRefusedWithTheStatementThatEnablesIt() {
        assertThatThrownBy(() -> source.planRead(spec(null), ReadHints.none())).isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("change capture prerequisites are not met")
                .hasMessageContaining("EXEC sys.sp_cdc_enable_table @source_schema = N'dbo', @source_name = N'" + table
                        + "', @role_name = NULL;");
        ChangeCaptureAdmin.Status status = source.status(spec(null));
        assertThat(status.healthy()).isFalse();
        assertThat(status.detail()).anySatisfy(line -> assertThat(line).contains("sp_cdc_enable_table"));
    }

    private void enableCapture() throws Exception {
        SqlServerTestServer.execute("exec sys.sp_cdc_enable_table @source_schema = N'dbo', @source_name = N'" + table
                + "', @role_name = NULL");
    }

    private ChangeCapturePartition partition(DatasetSpec spec) {
        List<ReadPartition> partitions = source.planRead(spec, ReadHints.none());
        assertThat(partitions).hasSize(1);
        return (ChangeCapturePartition) partitions.get(0);
    }

    /**
     * Waits until the Agent's capture job has captured {@code expected} changes after {@code token}:
     * capture is asynchronous, and only what it captured can be read.
     */
    private void awaitCaptured(String token, int expected) throws Exception {
        String count = "select count(*) from cdc.[fn_cdc_get_all_changes_dbo_" + table + "](sys.fn_cdc_increment_lsn(0x"
                + SqlServerCdcSql.startLsn(token) + "), sys.fn_cdc_get_max_lsn(), N'all')";
        Instant deadline = Instant.now().plus(Duration.ofMinutes(1));
        while (((Number) SqlServerLive.rows(count).get(0).get(0)).intValue() < expected) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("the capture job did not capture " + expected + " changes within a minute;"
                        + " is the SQL Server Agent running?");
            }
            Thread.onSpinWait();
        }
    }
}
