package dev.pz.engine.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every backend promises, on the local one: a compare-and-set that refuses a stale version,
 * advancement that never moves a watermark backwards under a concurrent advance yet lets a run that
 * saw no concurrent change store its own value, manual edits refused (PZ0520) when a run got there
 * first, and a lease lock another machine may take over only once it expired.
 */
class StateBackendSemanticsTest {
    @TempDir
    Path project;

    private static Watermark bigint(String value, String runId) {
        return new Watermark("id", "bigint", value, runId);
    }

    @Test
    void aCompareAndSetAgainstAStaleVersionWritesNothing() {
        LocalStateBackend state = LocalStateBackend.of(project);
        assertThat(state.compareAndSet(StateScope.WATERMARKS, "k", null, "{\"value\":\"1\"}")).isTrue();
        StateEntry first = state.get(StateScope.WATERMARKS, "k").orElseThrow();
        assertThat(state.compareAndSet(StateScope.WATERMARKS, "k", null, "{\"value\":\"9\"}")).isFalse();
        assertThat(state.compareAndSet(StateScope.WATERMARKS, "k", first, "{\"value\":\"2\"}")).isTrue();
        assertThat(state.compareAndSet(StateScope.WATERMARKS, "k", first, null)).isFalse();
        assertThat(state.get(StateScope.WATERMARKS, "k").orElseThrow().payload()).isEqualTo("{\"value\":\"2\"}");
    }

    @Test
    void advanceNeverMovesBackOverAConcurrentAdvanceButKeepsARunsOwnLowerValue() {
        WatermarkStore store = WatermarkStore.on(LocalStateBackend.of(project));
        store.set("raw.orders", bigint("10", "run-a"));
        Watermark readAtStart = store.get("raw.orders").orElseThrow();

        // Another run advanced to 20 meanwhile: this run's 15 must not pull it back.
        store.set("raw.orders", bigint("20", "run-b"));
        assertThat(store.advance("raw.orders", bigint("15", "run-c"), readAtStart).orElseThrow().value()).isEqualTo("20");
        // A higher advance wins over the concurrent one.
        assertThat(store.advance("raw.orders", bigint("30", "run-d"), readAtStart).orElseThrow().value()).isEqualTo("30");

        // Nobody changed it since this run read it: a full refresh may store a lower value.
        Watermark now = store.get("raw.orders").orElseThrow();
        assertThat(store.advance("raw.orders", bigint("5", "run-e"), now).orElseThrow())
                .isEqualTo(bigint("5", "run-e"));
    }

    @Test
    void aManualEditRacedByARunIsPz0520AndChangesNothing() {
        WatermarkStore store = WatermarkStore.on(LocalStateBackend.of(project));
        store.set("raw.orders", bigint("10", "run-a"));
        Watermark seen = store.get("raw.orders").orElseThrow();
        store.set("raw.orders", bigint("12", "run-b"));
        assertThatThrownBy(() -> store.replace("raw.orders", seen, bigint("3", Watermark.MANUAL_RUN_ID)))
                .isInstanceOfSatisfying(PzException.class,
                        e -> assertThat(e.error().code()).isEqualTo(PzCode.STATE_CONCURRENCY_CONFLICT));
        assertThat(store.get("raw.orders").orElseThrow().value()).isEqualTo("12");
    }

    @Test
    void anExpiredLeaseIsTakenOverAndALiveOneIsNot() {
        LocalStateBackend state = LocalStateBackend.of(project);
        Instant start = Instant.parse("2026-07-01T10:00:00Z");
        StateBackend.RunLock crashed = LeaseLock.acquire(state, "run-crashed", Clock.fixed(start, ZoneOffset.UTC));
        assertThatThrownBy(() -> LeaseLock.acquire(state, "run-b",
                Clock.fixed(start.plus(Duration.ofSeconds(60)), ZoneOffset.UTC)))
                .isInstanceOfSatisfying(PzException.class, e -> {
                    assertThat(e.error().code()).isEqualTo(PzCode.STATE_RUN_IN_FLIGHT);
                    assertThat(e.getMessage()).contains("run-crashed");
                });
        StateBackend.RunLock taken = LeaseLock.acquire(state, "run-b",
                Clock.fixed(start.plus(LeaseLock.TIME_TO_LIVE).plusSeconds(1), ZoneOffset.UTC));
        assertThat(state.get(StateScope.LOCKS, "run").orElseThrow().payload()).contains("\"runId\":\"run-b\"");
        // The crashed run's late release cannot remove the lease it lost.
        crashed.close();
        assertThat(state.get(StateScope.LOCKS, "run")).isPresent();
        taken.close();
        assertThat(state.get(StateScope.LOCKS, "run")).isEmpty();
    }

    @Test
    void theSqlServerDialectSpeaksTSql() {
        SqlStateDialect sql = new SqlStateDialect.SqlServer();
        assertThat(sql.setup("pz")).containsExactly(
                "if schema_id(N'pz') is null exec(N'create schema [pz]')",
                "if object_id(N'[pz].[state_entries]', N'U') is null create table [pz].[state_entries] (scope nvarchar(64)"
                        + " not null, state_key nvarchar(450) not null, payload nvarchar(max) not null, version char(36)"
                        + " not null, updated_at datetime2 not null, constraint pk_state_entries primary key (scope,"
                        + " state_key))");
        assertThat(sql.insert("pz")).isEqualTo("insert into [pz].[state_entries] (scope, state_key, payload, version,"
                + " updated_at) values (?, ?, ?, ?, sysutcdatetime())");
        assertThat(sql.update("pz")).isEqualTo("update [pz].[state_entries] set payload = ?, version = ?, updated_at ="
                + " sysutcdatetime() where scope = ? and state_key = ? and version = ?");
        assertThat(sql.delete("pz")).isEqualTo("delete from [pz].[state_entries] where scope = ? and state_key = ? and"
                + " version = ?");
        assertThat(sql.selectKey("odd]name")).isEqualTo("select payload, version from [odd]]name].[state_entries] where"
                + " scope = ? and state_key = ?");
        assertThat(sql.tryLock()).isEqualTo("declare @result int; exec @result = sp_getapplock @Resource = ?,"
                + " @LockMode = 'Exclusive', @LockOwner = 'Session', @LockTimeout = 0; select @result");
        assertThat(sql.unlock()).isEqualTo("exec sp_releaseapplock @Resource = ?, @LockOwner = 'Session'");
        assertThat(sql.lockResource("pz")).isEqualTo("pz-run:pz");
        assertThat(sql.isDuplicateKey(new java.sql.SQLException("dup", "23000", 2627))).isTrue();
        assertThat(sql.isDuplicateKey(new java.sql.SQLException("other", "23000", 547))).isFalse();
    }

    @Test
    void thePostgresDialectQuotesAndInsertsLikePostgres() {
        SqlStateDialect sql = new SqlStateDialect.Postgres();
        assertThat(sql.table("my\"schema")).isEqualTo("\"my\"\"schema\".\"state_entries\"");
        assertThat(sql.insert("pz")).endsWith("values (?, ?, ?, ?, now())");
        assertThat(sql.isDuplicateKey(new java.sql.SQLException("dup", "23505"))).isTrue();
        assertThat(sql.lockResource("pz")).isEqualTo(sql.lockResource("pz")).isNotEqualTo(sql.lockResource("other"));
    }

    @Test
    void aLibpqUriMovesItsCredentialsOutOfTheJdbcUrl() {
        java.util.Properties credentials = new java.util.Properties();
        String url = StateBackends.postgresUrl("postgresql://ann:p%40ss@db.example:6543/state?sslmode=require",
                credentials);
        assertThat(url).isEqualTo("jdbc:postgresql://db.example:6543/state?sslmode=require");
        assertThat(credentials.getProperty("user")).isEqualTo("ann");
        assertThat(credentials.getProperty("password")).isEqualTo("p@ss");
        assertThatThrownBy(() -> StateBackends.postgresUrl("Server=x;Password=y", new java.util.Properties()))
                .isInstanceOfSatisfying(PzException.class, e -> {
                    assertThat(e.error().code()).isEqualTo(PzCode.STATE_CONNECTION_INVALID);
                    assertThat(e.getMessage()).doesNotContain("Password=y");
                });
    }
}
