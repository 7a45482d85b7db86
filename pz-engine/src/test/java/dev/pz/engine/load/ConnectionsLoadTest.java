package dev.pz.engine.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.PzWarning;
import dev.pz.engine.model.RetrySpec;
import dev.pz.engine.model.SyncDef;
import dev.pz.engine.model.WriteDef;
import dev.pz.testing.Catalogue;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * connections.yml: connections, entities,
 * read/write blocks, interpolation. Errors carry {@code connections.yml:<line>}.
 */
class ConnectionsLoadTest {
    @TempDir
    Path dir;

    private LoadFixture with(String connections) {
        return LoadFixture.f05(dir).file("connections.yml", connections);
    }

    /** F05's connections.yml with {@code orders}' read block replaced by {@code readBlock} (indented 6). */
    private LoadFixture withOrdersRead(String readBlock) {
        return with("""
                files:
                  connector: localfiles
                  entities:
                    orders:
                      read:
                """ + readBlock.indent(8));
    }

    private LoadFixture withOrdersWrite(String writeBlock) {
        return with("""
                lake:
                  connector: localfiles
                  entities:
                    out:
                      write:
                """ + writeBlock.indent(8));
    }

    @Test
    void a060MalformedYaml() {
        PzError error = with("broken:\n  connector: localfiles\n  root: /tmp/pz-data\n  entities: [a, b\n")
                .error(PzCode.YAML_SHAPE, "connections.yml");
        assertThat(error.file()).isEqualTo("connections.yml");
        assertThat(error.line()).isPositive();
    }

    @Test
    void a061Shapes() {
        with("files:\n  connector: localfiles\n  entities: nope\n")
                .error(PzCode.YAML_SHAPE, "entities", "(connections.yml:3)");
        with("files:\n  connector: localfiles\n  entities:\n    orders: {}\n")
                .error(PzCode.YAML_SHAPE, "orders", "declares no direction", "(connections.yml:4)");
        PzError reed = with("files:\n  connector: localfiles\n  entities:\n    orders:\n      reed: {path: x}\n")
                .error(PzCode.YAML_SHAPE, "reed", "(connections.yml:5)");
        assertThat(reed.hint()).contains("did you mean 'read'?");
        with("files:\n  root: /data\n").error(PzCode.YAML_SHAPE,
                "connection 'files' is missing required field 'connector'.", "(connections.yml:1)");
        withOrdersRead("columns: [id, amount]").error(PzCode.YAML_SHAPE, "columns", "mapping", "(connections.yml:6)");
        withOrdersRead("columns: 42").error(PzCode.YAML_SHAPE, "columns", "mapping");
        withOrdersRead("columns:\n  id: {type: bigint}").error(PzCode.YAML_SHAPE, "columns", "mapping", "'id'");
        with("files:\n  connector: localfiles\n  allow_unsigned_extensions: yolo\n")
                .error(PzCode.YAML_SHAPE, "allow_unsigned_extensions", "(connections.yml:3)");
        with("files: [a]\n").error(PzCode.YAML_SHAPE, "connection 'files'", "mapping");
        with("files:\n  connector: localfiles\n  entities:\n    orders:\n      read: [x]\n")
                .error(PzCode.YAML_SHAPE, "'read' must be a mapping");
    }

    @ParameterizedTest
    @ValueSource(strings = {"raw.", "mart..orders", ".orders"})
    void a062EmptyDottedSegment(String entity) {
        with("files:\n  connector: localfiles\n  entities:\n    '" + entity + "':\n      read: {path: x}\n")
                .error(PzCode.ENTITY_NAME_INVALID, "empty dotted segment", "(connections.yml:4)");
    }

    @Test
    void entityNamesWithWhitespaceOrBlankAreInvalid() {
        with("files:\n  connector: localfiles\n  entities:\n    'my orders':\n      read: {path: x}\n")
                .error(PzCode.ENTITY_NAME_INVALID, "whitespace");
        with("files:\n  connector: localfiles\n  entities:\n    ' ':\n      read: {path: x}\n")
                .error(PzCode.ENTITY_NAME_INVALID, "empty");
    }

    @Test
    void entitiesFoldingToOneStagingNameArePz0110() {
        with("files:\n  connector: localfiles\n  entities:\n    dbo.orders:\n      read: {path: a}\n"
                + "    DBO_orders:\n      read: {path: b}\n")
                .error(PzCode.DUPLICATE_NAME, "dbo.orders", "DBO_orders", "(connections.yml:6)");
    }

    @Test
    void a063SchemaPolicyNearMiss() {
        withOrdersWrite("schema_policy: aditive").error(PzCode.SYNC_MODE_INVALID, "fail_on_change, additive, evolve",
                "did you mean 'additive'", "(connections.yml:6)");
    }

    @Test
    void a064SyncBlocks() {
        withOrdersRead("sync: {}").error(PzCode.SYNC_MODE_INVALID, "missing required field 'mode'", "delete it");
        withOrdersRead("sync: {mode: bogus}").error(PzCode.SYNC_MODE_INVALID, "bogus", "(connections.yml:6)");
        withOrdersRead("sync: {mode: incremental, cursor: u, max_window: [1]}")
                .error(PzCode.SYNC_MODE_INVALID, "max_window");
        withOrdersRead("sync: {mode: auto, cursor: u}").error(PzCode.SYNC_MODE_INVALID, "cursor", "auto");
        withOrdersRead("sync: {mode: incremental}").error(PzCode.SYNC_MODE_INVALID, "cursor");
        withOrdersRead("sync: incremental").error(PzCode.SYNC_MODE_INVALID, "sync");
        withOrdersRead("sync: {mode: incrementl, cursor: u}").error(PzCode.SYNC_MODE_INVALID, "did you mean 'incremental'?");
    }

    @Test
    void syncModesParse() {
        Project project = with("""
                files:
                  connector: localfiles
                  entities:
                    a:
                      read: {sync: {mode: incremental, cursor: updated_at, max_window: 7d, initial: 2024-01-01, until: 1.10}}
                    b:
                      read: {sync: {mode: cdc, slot: pz_slot}}
                    c:
                      read: {sync: {mode: auto}}
                """).load();
        var entities = project.connections().get("files").entities();
        assertThat(entities.get("a").read().sync())
                .isEqualTo(new SyncDef(SyncDef.Mode.INCREMENTAL, "updated_at", "7d", "2024-01-01", "1.10", null));
        assertThat(entities.get("b").read().sync()).isEqualTo(new SyncDef(SyncDef.Mode.CDC, null, null, null, null, "pz_slot"));
        assertThat(entities.get("c").read().sync().mode()).isEqualTo(SyncDef.Mode.AUTO);
    }

    @Test
    void a065RetiredIncrementalKey() {
        PzError error = withOrdersRead("incremental: updated_at").error(PzCode.RETIRED_READ_SURFACE, "incremental");
        assertThat(error.hint()).contains("sync:\n          mode: incremental\n          cursor: updated_at");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-3", "two"})
    void a066MaxConcurrency(String value) {
        with("files:\n  connector: localfiles\n  max_concurrency: " + value + "\n")
                .error(PzCode.CONCURRENCY_CONFIG_INVALID, "max_concurrency", "(connections.yml:3)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"nope", "{max_attempts: 0}", "{max_attempts: eight}", "{base_delay: fast}",
            "{base_delay: 0s}", "{max_delay: -3s}", "{base_delay: 5m, max_delay: 2s}"})
    void a067ConnectionRetry(String value) {
        PzError error = with("files:\n  connector: localfiles\n  retry: " + value + "\n")
                .error(PzCode.RETRY_CONFIG_INVALID, "connection 'files'");
        assertThat(error.file()).isEqualTo("connections.yml");
        assertThat(error.line()).isEqualTo(3);
    }

    @Test
    void a067RetryUnknownKeyAndDatasetLevel() {
        with("files:\n  connector: localfiles\n  retry: {max_attempts: 3, bogus: 1}\n")
                .error(PzCode.RETRY_CONFIG_INVALID, "bogus");
        withOrdersRead("retry:\n  max_attempts: 0").error(PzCode.RETRY_CONFIG_INVALID, "entity 'orders'",
                "(connections.yml:7)");
    }

    @Test
    void retryCascadeFieldsAreKept() {
        Project project = with("""
                files:
                  connector: localfiles
                  retry: {max_attempts: 5, base_delay: 2s}
                  entities:
                    orders:
                      read: {retry: {max_delay: 1m}}
                """).load();
        ConnectionDef files = project.connections().get("files");
        assertThat(files.retry()).isEqualTo(new RetrySpec(5, Duration.ofSeconds(2), null));
        assertThat(files.entities().get("orders").read().retry().over(files.retry()).over(RetrySpec.ENGINE_DEFAULT))
                .isEqualTo(new RetrySpec(5, Duration.ofSeconds(2), Duration.ofMinutes(1)));
    }

    @Test
    void a068RateLimit() {
        with("files:\n  connector: localfiles\n  rate_limit: {requests_per_minute: 60, bogus: 1}\n")
                .error(PzCode.RATE_LIMIT_CONFIG_INVALID, "bogus");
        withOrdersRead("rate_limit: {requests_per_minute: 60}").error(PzCode.RATE_LIMIT_CONFIG_INVALID, "rate_limit");
        with("files:\n  connector: localfiles\n  rate_limit: {burst: 5}\n")
                .error(PzCode.RATE_LIMIT_CONFIG_INVALID, "requests_per_minute");
        with("files:\n  connector: localfiles\n  rate_limit: {requests_per_minute: 1000001}\n")
                .error(PzCode.RATE_LIMIT_CONFIG_INVALID, "1000000");
        assertThat(with("files:\n  connector: localfiles\n  rate_limit: {requests_per_minute: 60, burst: 10}\n")
                .load().connections().get("files").rateLimit()).isEqualTo(new ConnectionDef.RateLimitSpec(60, 10));
    }

    @Test
    void a069OutputsBlock() {
        with(Catalogue.F05_CONNECTIONS + "outputs:\n  x: {}\n").error(PzCode.RETIRED_OUTPUTS_BLOCK, "outputs");
    }

    @Test
    void a070RetiredSourcesDirectory() {
        PzError error = LoadFixture.f05(dir).file("sources/crm.yml", """
                connector: localfiles
                max_concurrency: 2
                datasets:
                  customers:
                    path: data/customers.csv
                    columns:
                      id: bigint
                """).error(PzCode.RETIRED_CONNECTION_DIRECTORY, "sources/crm.yml");
        assertThat(error.file()).isEqualTo("sources/crm.yml");
        assertThat(error.hint()).contains("crm:", "connector: localfiles", "max_concurrency: 2", "entities:",
                "customers:", "read:", "path: data/customers.csv", "columns:", "id: bigint");
    }

    @Test
    void a070OneErrorPerRetiredFile() {
        List<PzError> errors = LoadFixture.f05(dir).file("sources/crm.yml", "connector: localfiles\n")
                .file("sinks/warehouse.yml", "connector: postgres\noutputs:\n  orders: {table: x}\n").errors();
        assertThat(errors).extracting(PzError::code, PzError::file).containsExactly(
                tuple(PzCode.RETIRED_CONNECTION_DIRECTORY, "sinks/warehouse.yml"),
                tuple(PzCode.RETIRED_CONNECTION_DIRECTORY, "sources/crm.yml"));
        assertThat(errors.get(0).hint()).contains("warehouse:", "write:");
    }

    @Test
    void a071EntityQualifiers() {
        PzError error = withOrdersRead("schema: dbo\ntable: orders").errors().get(0);
        assertThat(error.code()).isEqualTo(PzCode.RETIRED_ENTITY_QUALIFIER);
        assertThat(error.hint()).contains("'schema.table'", "'dbo.orders'");
        withOrdersWrite("table: orders").errors().forEach(e -> assertThat(e.code()).isEqualTo(PzCode.RETIRED_ENTITY_QUALIFIER));
    }

    @Test
    void a072ConnectionNames() {
        PzError error = with("my__conn:\n  connector: localfiles\n").error(PzCode.INVALID_IDENTIFIER_NAME, "my__conn");
        assertThat(error.hint()).contains("'my_conn'");
        assertThat(with("daily-orders:\n  connector: localfiles\n")
                .error(PzCode.INVALID_IDENTIFIER_NAME, "daily-orders", "(connections.yml:1)").hint())
                .contains("'daily_orders'");
    }

    @Test
    void a073AbsentConnectionsYmlIsAnEmptyProject() {
        Project project = new LoadFixture(dir).file("project.yml", Catalogue.F05_PROJECT).load();
        assertThat(project.connections()).isEmpty();
    }

    @Test
    void commentOnlyConnectionsYmlIsEmpty() {
        assertThat(new LoadFixture(dir).file("project.yml", Catalogue.F05_PROJECT)
                .file("connections.yml", "# nothing yet\n# files:\n#   connector: localfiles\n").load().connections())
                .isEmpty();
    }

    @Test
    void a074YamlExtensionWarns() {
        Project project = LoadFixture.f05(dir).file("pipelines/configs/totals.yaml", "pipeline: totals\n")
                .file("connections.yaml", "x: 1\n").load();
        assertThat(project.warnings()).extracting(PzWarning::code, PzWarning::file).containsExactlyInAnyOrder(
                tuple(PzCode.YAML_EXTENSION_IGNORED, "pipelines/configs/totals.yaml"),
                tuple(PzCode.YAML_EXTENSION_IGNORED, "connections.yaml"));
        assertThat(project.pipelines().get(0).sidecar()).isNull();
    }

    @Test
    void flatConfigIsInterpolatedAndRetyped() {
        Project project = with("""
                db:
                  connector: postgres
                  host: ${PG_HOST}
                  port: ${PG_PORT}
                  quoted_port: "${PG_PORT}"
                  zip: ${ZIP}
                  ratio: ${RATIO}
                  exp: ${EXP}
                  flag: ${FLAG}
                  url: postgres://${PG_HOST}:${PG_PORT}/db
                  literal: $${PG_HOST}
                  plain_number: 5432
                  headers:
                    Authorization: Bearer ${TOKEN}
                """).env("PG_HOST", "localhost").env("PG_PORT", "5432").env("ZIP", "0123456").env("RATIO", "1.10")
                .env("EXP", "1e5").env("FLAG", "true").env("TOKEN", "t0k").load();
        assertThat(project.connections().get("db").config())
                .containsEntry("host", "localhost").containsEntry("port", 5432L).containsEntry("quoted_port", "5432")
                .containsEntry("zip", "0123456").containsEntry("ratio", "1.10").containsEntry("exp", "1e5")
                .containsEntry("flag", true).containsEntry("url", "postgres://localhost:5432/db")
                .containsEntry("literal", "${PG_HOST}").containsEntry("plain_number", 5432L)
                .containsEntry("headers", Map.of("Authorization", "Bearer t0k"))
                .doesNotContainKeys("connector", "entities");
    }

    @Test
    void everyUnsetVariableIsReported() {
        List<PzError> errors = with("db:\n  connector: postgres\n  host: ${PG_HOST}\n  user: ${PG_USER}\n"
                + "  other: ${PG_HOST}\n").errors();
        assertThat(errors).extracting(PzError::code, PzError::message, PzError::line).containsExactly(
                tuple(PzCode.UNDECLARED_ENV_VAR, "Undeclared environment variable 'PG_HOST' referenced in connections.yml.", 3),
                tuple(PzCode.UNDECLARED_ENV_VAR, "Undeclared environment variable 'PG_USER' referenced in connections.yml.", 4));
    }

    @Test
    void entityOptionsAreNotInterpolatedButWarn() {
        Project project = withOrdersRead("path: ${DATA}/orders.csv").env("DATA", "/d").load();
        assertThat(project.connections().get("files").entities().get("orders").read().options())
                .containsEntry("path", "${DATA}/orders.csv");
        assertThat(project.warnings()).singleElement().satisfies(w -> {
            assertThat(w.code()).isEqualTo(PzCode.ENV_REF_NOT_INTERPOLATED_IN_ENTITY);
            assertThat(w.message()).contains("connection 'files'", "entities.orders.read.path", "${DATA}");
            assertThat(w.file()).isEqualTo("connections.yml");
        });
    }

    @Test
    void writeBlockParses() {
        Project project = withOrdersWrite("""
                strategy: merge
                keys: [id]
                on_delete: soft
                schema_policy: additive
                format: parquet
                path: out/
                retry: {max_attempts: 2}
                """).load();
        WriteDef write = project.connections().get("lake").entities().get("out").write();
        assertThat(write.strategy()).isEqualTo(WriteStrategy.MERGE);
        assertThat(write.keys()).containsExactly("id");
        assertThat(write.onDelete()).isEqualTo("soft");
        assertThat(write.schemaPolicy()).isEqualTo(dev.pz.connectors.api.SchemaPolicy.ADDITIVE);
        assertThat(write.options()).containsExactly(Map.entry("format", "parquet"), Map.entry("path", "out/"));
        assertThat(write.retry()).isEqualTo(new RetrySpec(2, null, null));
        assertThat(write.location().line()).isEqualTo(5);
    }

    @Test
    void writeBlockDefaults() {
        Project project = with("lake:\n  connector: localfiles\n  entities:\n    out:\n      write:\n        format: csv\n")
                .load();
        WriteDef write = project.connections().get("lake").entities().get("out").write();
        assertThat(write.strategy()).isEqualTo(WriteStrategy.APPEND);
        assertThat(write.keys()).isEmpty();
        assertThat(write.duplicatesAccepted()).isFalse();
        assertThat(write.schemaPolicy()).isEqualTo(dev.pz.connectors.api.SchemaPolicy.FAIL_ON_CHANGE);
    }

    @Test
    void writeBlockRules() {
        withOrdersWrite("strategy: upsert").error(PzCode.SYNC_MODE_INVALID, "upsert");
        withOrdersWrite("keys: id").error(PzCode.YAML_SHAPE, "keys");
        withOrdersWrite("duplicates: yes").error(PzCode.SYNC_MODE_INVALID, "accept");
        withOrdersWrite("on_delete: soft").error(PzCode.SYNC_MODE_INVALID, "on_delete requires strategy: 'merge'");
        withOrdersWrite("strategy: merge\nkeys: [id]\non_delete: wipe").error(PzCode.SYNC_MODE_INVALID, "wipe");
        withOrdersWrite("mode: replace").error(PzCode.RETIRED_WRITE_SURFACE, "mode");
        withOrdersWrite("accept_duplicates: true").error(PzCode.RETIRED_WRITE_SURFACE, "accept_duplicates");
        withOrdersWrite("input: stg_orders").error(PzCode.REMOVED_INPUT_FIELD, "input");
        withOrdersWrite("rate_limit: {requests_per_minute: 1}").error(PzCode.RATE_LIMIT_CONFIG_INVALID, "rate_limit");
        assertThat(withOrdersWrite("duplicates: accept").load().connections().get("lake").entities().get("out").write()
                .duplicatesAccepted()).isTrue();
    }

    @Test
    void errorsOfBothFilesAreReportedTogether() {
        List<PzError> errors = LoadFixture.f05(dir)
                .file("project.yml", Catalogue.F05_PROJECT.replace("threads: 1", "threads: 0"))
                .file("connections.yml", "files:\n  connector: localfiles\n  max_concurrency: 0\n").errors();
        assertThat(errors).extracting(PzError::code, PzError::file).containsExactly(
                tuple(PzCode.CONCURRENCY_CONFIG_INVALID, "connections.yml"),
                tuple(PzCode.INVALID_ENGINE_CONFIG, "project.yml"));
    }
}
