package dev.pz.engine.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.model.CheckDef;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.DriftPolicy;
import dev.pz.engine.model.EngineConfig;
import dev.pz.engine.model.Materialization;
import dev.pz.engine.model.PipelineDef;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.RetentionConfig;
import dev.pz.engine.model.SourceLocation;
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
 * Loading a whole project and the project.yml rules (the acceptance catalogue's F02 and
 * A046–A059). Each error scenario pins code, message fragments and {@code file:line}.
 */
class ProjectLoaderTest {
    @TempDir
    Path dir;

    private LoadFixture f05WithProject(String extra) {
        return LoadFixture.f05(dir).file("project.yml", Catalogue.F05_PROJECT.replace("engine:\n  threads: 1\n", "")
                + extra);
    }

    @Test
    void f02HelloPzLoadsIntoTheModel() {
        Project project = LoadFixture.f02(dir)
                .env("DATA_DIR", "/tmp/pz-data").env("OUT_DIR", "/tmp/pz-out")
                .load();

        assertThat(project.directory()).isEqualTo(dir.toAbsolutePath().normalize());
        assertThat(project.name()).isEqualTo("hello_pz");
        assertThat(project.version()).isEqualTo("0.1.0");
        assertThat(project.connectors()).containsExactly(new Project.ConnectorRequirement("Pz.Connector.LocalFiles", "0.1.0",
                project.connectors().get(0).line()));
        assertThat(project.vars()).containsExactly(Map.entry("min_amount", 10L),
                Map.entry("statuses", List.of("shipped", "returned")));
        assertThat(project.engine()).isEqualTo(new EngineConfig(2, null, false, true,
                new EngineConfig.DuckDbSettings("1GiB", null, null, Map.of("memory_limit",
                        new SourceLocation("project.yml", 15))), null, null));
        assertThat(project.retention()).isEqualTo(RetentionConfig.defaults());
        assertThat(project.state().backend()).isEqualTo("local");
        assertThat(project.state().fromDefault()).isTrue();
        assertThat(project.onSourceDrift()).isEqualTo(DriftPolicy.IGNORE);
        assertThat(project.warnings()).isEmpty();

        assertThat(project.connections()).containsOnlyKeys("crm", "lake");
        ConnectionDef crm = project.connections().get("crm");
        assertThat(crm.connector()).isEqualTo("localfiles");
        assertThat(crm.config()).containsExactly(Map.entry("root", "/tmp/pz-data"));
        assertThat(crm.location()).isEqualTo(new dev.pz.engine.model.SourceLocation("connections.yml", 1));
        assertThat(crm.entities()).containsOnlyKeys("customers", "orders");
        var customers = crm.entities().get("customers");
        assertThat(customers.write()).isNull();
        assertThat(customers.read().options()).containsExactly(Map.entry("path", "customers.csv"), Map.entry("format", "csv"));
        assertThat(customers.read().columns()).containsExactly(Map.entry("id", "bigint"), Map.entry("email", "varchar"));
        assertThat(customers.read().sync()).isNull();
        assertThat(customers.read().location().line()).isEqualTo(6);
        assertThat(crm.entities().get("orders").read().columns()).isNull();
        assertThat(project.connections().get("lake").config()).containsExactly(Map.entry("root", "/tmp/pz-out"));
        assertThat(project.connections().get("lake").entities()).isEmpty();

        assertThat(project.pipelines()).extracting(PipelineDef::name, PipelineDef::file)
                .containsExactly(tuple("order_totals", "pipelines/order_totals.sql"),
                        tuple("orders_enriched", "pipelines/orders_enriched.sql"),
                        tuple("stg_orders", "pipelines/stg_orders.sql"));
        assertThat(project.pipelines().get(2).sql()).startsWith("select\n    id,").contains("var('min_amount')");
        assertThat(project.pipelines().get(0).sidecar()).isNull();
        PipelineDef enriched = project.pipelines().get(1);
        assertThat(enriched.materialization()).isEqualTo(Materialization.TABLE);
        assertThat(enriched.sidecar().tags()).containsExactly("daily", "crm");
        assertThat(enriched.sidecar().file()).isEqualTo("pipelines/configs/orders_enriched.yml");
        assertThat(enriched.sidecar().checks()).extracting(CheckDef::type, CheckDef::columns)
                .containsExactly(tuple("not_null", List.of("id", "email")), tuple("unique", List.of("id")));
        assertThat(enriched.sidecar().checks().get(0).location().line()).isEqualTo(5);
    }

    @Test
    void missingProjectYmlIsTheOnlyError() {
        PzError error = new LoadFixture(dir).file("connections.yml", "x: [").error(PzCode.YAML_SHAPE,
                "project.yml is missing.");
        assertThat(error.hint()).contains("pz init <name>");
    }

    @Test
    void projectFilesLargerThanEightMebibytesAreRefusedUnread() {
        String huge = "-- " + "x".repeat(ProjectFiles.MAX_BYTES) + "\n";
        List<PzError> errors = LoadFixture.f05(dir).file("pipelines/big.sql", huge)
                .file("connections.yml", Catalogue.F05_CONNECTIONS + "# " + "y".repeat(ProjectFiles.MAX_BYTES)).errors();
        assertThat(errors).extracting(PzError::code).containsExactly(PzCode.YAML_SHAPE, PzCode.TEMPLATE_ERROR);
        assertThat(errors.get(1).render()).isEqualTo("PZ0104: pipelines/big.sql is 8388612 bytes; pz reads project"
                + " files of up to 8388608 bytes. (pipelines/big.sql) — hint: split it, or move data out of the"
                + " project files");
    }

    @Test
    void nameAndVersionAreRequired() {
        List<PzError> errors = new LoadFixture(dir).file("project.yml", "pz: \">=0.1\"\n").errors();
        assertThat(errors).extracting(PzError::message).containsExactly(
                "project.yml is missing required field 'name'.", "project.yml is missing required field 'version'.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1"})
    void a046ThreadsBelowOne(String value) {
        PzError error = f05WithProject("engine:\n  threads: " + value + "\n")
                .error(PzCode.INVALID_ENGINE_CONFIG, "project.yml", value, "(project.yml:7)");
        assertThat(error.hint()).isEqualTo("threads must be >= 1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"threads: banana", "threads: 99999999999", "threads: \"4\"", "batch_bytes: many",
            "force_universal: yes", "check_samples: sure", "duckdb: fast", "fusion: sometimes"})
    void a047EngineValuesOfTheWrongShape(String line) {
        String key = line.substring(0, line.indexOf(':'));
        f05WithProject("engine:\n  " + line + "\n").error(PzCode.INVALID_ENGINE_CONFIG, key, "(project.yml:7)");
    }

    @Test
    void a047EngineMustBeAMapping() {
        f05WithProject("engine: banana\n").error(PzCode.INVALID_ENGINE_CONFIG, "engine", "banana", "(project.yml:6)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1023", "1073741825"})
    void a048BatchBytesOutOfRange(String value) {
        f05WithProject("engine:\n  batch_bytes: " + value + "\n")
                .error(PzCode.INVALID_ENGINE_CONFIG, value, "1048576", "536870912");
    }

    @Test
    void fusionFusesChainsUnlessTurnedOffAndChainsOfSeveralSourcesWhenTurnedOn() {
        assertThat(f05WithProject("engine:\n  threads: 2\n").load().engine().fusion())
                .isEqualTo(EngineConfig.FusionScope.CHAINS);
        assertThat(f05WithProject("engine:\n  fusion: false\n").load().engine().fusion())
                .isEqualTo(EngineConfig.FusionScope.NONE);
        assertThat(f05WithProject("engine:\n  fusion: true\n").load().engine().fusion())
                .isEqualTo(EngineConfig.FusionScope.ALL_CHAINS);
    }

    @Test
    void a048BatchBytesInRangeIsKept() {
        assertThat(f05WithProject("engine:\n  batch_bytes: 33554432\n").load().engine().batchBytes()).isEqualTo(33554432L);
    }

    @Test
    void a049Breaker() {
        f05WithProject("engine:\n  breaker: {failure_threshold: 0, cool_down: 2m}\n")
                .error(PzCode.INVALID_ENGINE_CONFIG, "failure_threshold", "must be between 1 and 2147483647");
        f05WithProject("engine:\n  breaker: {failure_threshold: 9999999999, cool_down: 2m}\n")
                .error(PzCode.INVALID_ENGINE_CONFIG, "must be between 1 and 2147483647");
        f05WithProject("engine:\n  breaker: {failure_threshold: 3, cool_down: fast}\n")
                .error(PzCode.INVALID_ENGINE_CONFIG, "cool_down", "fast");
        assertThat(f05WithProject("engine:\n  breaker: {}\n").errors()).extracting(PzError::message)
                .anySatisfy(m -> assertThat(m).contains("failure_threshold is missing"))
                .anySatisfy(m -> assertThat(m).contains("cool_down is missing"))
                .hasSize(2);
        assertThat(f05WithProject("engine:\n  breaker: {failure_threshold: 5, cool_down: 2m}\n").load().engine().breaker())
                .isEqualTo(new EngineConfig.BreakerConfig(5, Duration.ofMinutes(2)));
    }

    @Test
    void anEmptyBreakerOrNodeTimeoutIsRefusedNotIgnored() {
        f05WithProject("engine:\n  breaker:\n").error(PzCode.INVALID_ENGINE_CONFIG, "engine.breaker.failure_threshold",
                "is missing");
        f05WithProject("engine:\n  node_timeout:\n").error(PzCode.INVALID_ENGINE_CONFIG, "engine.node_timeout",
                "got nothing");
    }

    @ParameterizedTest
    @ValueSource(strings = {"soon", "0s", "30", "[1m]", "-5s", "1.5s", "5m2s", "2 minutes"})
    void a050NodeTimeout(String value) {
        f05WithProject("engine:\n  node_timeout: " + value + "\n").error(PzCode.INVALID_ENGINE_CONFIG, "engine.node_timeout");
    }

    @Test
    void a050NodeTimeoutValidAndAbsent() {
        assertThat(f05WithProject("engine:\n  node_timeout: 45m\n").load().engine().nodeTimeout())
                .isEqualTo(Duration.ofMinutes(45));
        assertThat(f05WithProject("").load().engine().nodeTimeout()).isNull();
    }

    @Test
    void engineUnknownKeyHasNearMiss() {
        PzError error = f05WithProject("engine:\n  thread: 2\n").error(PzCode.INVALID_ENGINE_CONFIG, "thread");
        assertThat(error.hint()).contains("did you mean 'threads'?");
    }

    @Test
    void engineDuckDbSettings() {
        EngineConfig engine = f05WithProject("engine:\n  duckdb:\n    memory_limit: 512\n    threads: 2\n"
                + "    temp_directory: /tmp/spill\n").load().engine();
        assertThat(engine.duckdb()).isEqualTo(new EngineConfig.DuckDbSettings("512", 2, "/tmp/spill", Map.of(
                "memory_limit", new SourceLocation("project.yml", 8), "threads", new SourceLocation("project.yml", 9),
                "temp_directory", new SourceLocation("project.yml", 10))));
        f05WithProject("engine:\n  duckdb:\n    threads: 0\n").error(PzCode.INVALID_ENGINE_CONFIG, "engine.duckdb.threads");
    }

    @Test
    void a051VarsMustBeAMapping() {
        f05WithProject("vars: [1, 2]\n").error(PzCode.VARS_INVALID, "vars", "(project.yml:6)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"connectors: banana\n", "connectors: [banana]\n"})
    void a052ConnectorsOfTheWrongShape(String yaml) {
        new LoadFixture(dir).file("project.yml", "name: x\nversion: 1\n" + yaml)
                .error(PzCode.YAML_SHAPE, "connectors");
    }

    @Test
    void unquotedDecimalConnectorVersionIsRefused() {
        PzError error = new LoadFixture(dir).file("project.yml", "name: x\nversion: 1\nconnectors:\n"
                + "  - package: Acme\n    version: 1.10\n").error(PzCode.YAML_SHAPE, "version");
        assertThat(error.hint()).contains("\"1.10\"");
    }

    @Test
    void a053UnknownTopLevelKey() {
        f05WithProject("frobnicate: 1\n").error(PzCode.YAML_SHAPE, "frobnicate", "(project.yml:6)");
    }

    @Test
    void unknownTopLevelKeyHasNearMiss() {
        assertThat(f05WithProject("enigne: {}\n").error().hint()).contains("did you mean 'engine'?");
    }

    @Test
    void a054OutputsBlock() {
        assertThat(f05WithProject("outputs:\n  x: 1\n").error(PzCode.RETIRED_OUTPUTS_BLOCK).hint())
                .contains("connections.yml");
    }

    @Test
    void a055Feeds() {
        PzError error = f05WithProject("feeds: [https://x]\n").error(PzCode.FEEDS_REMOVED, "removed");
        assertThat(error.hint()).contains("PZ_FEEDS");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{keep_last: 0}", "{keep_last: -1}", "nope", "{nothing: 3}", "on", "maybe", "true",
            "{keep_last: two}"})
    void a056RetentionInvalid(String value) {
        List<PzError> errors = f05WithProject("retention: " + value + "\n").errors();
        assertThat(errors).isNotEmpty().allSatisfy(e -> assertThat(e.code()).isEqualTo(PzCode.RETENTION_CONFIG_INVALID));
    }

    @Test
    void a056RetentionKeepLastMessage() {
        f05WithProject("retention:\n  keep_last: 0\n").error(PzCode.RETENTION_CONFIG_INVALID,
                "retention.keep_last must be an integer >= 1 (got 0)", "retention: off", "(project.yml:7)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"off", "Off", "OFF", "no", "false", "FALSE", "\"off\""})
    void a056RetentionDisabled(String value) {
        assertThat(f05WithProject("retention: " + value + "\n").load().retention()).isEqualTo(RetentionConfig.off());
    }

    @Test
    void a056RetentionDefaultAndExplicit() {
        assertThat(f05WithProject("").load().retention().keepLast()).isEqualTo(10);
        assertThat(f05WithProject("retention: {keep_last: 3}\n").load().retention())
                .isEqualTo(new RetentionConfig(true, 3));
    }

    @Test
    void a057OnSourceDrift() {
        f05WithProject("on_source_drift: banana\n").error(PzCode.DRIFT_POLICY_INVALID, "banana", "(project.yml:6)");
        assertThat(f05WithProject("on_source_drift: warn\n").load().onSourceDrift()).isEqualTo(DriftPolicy.WARN);
        assertThat(f05WithProject("on_source_drift: fail\n").load().onSourceDrift()).isEqualTo(DriftPolicy.FAIL);
    }

    @Test
    void a058ErrorsOfOnePassAreAllReported() {
        List<PzError> errors = new LoadFixture(dir).file("project.yml", """
                name: x
                version: 1
                retention: maybe
                engine:
                  threads: 0
                """).errors();
        assertThat(errors).extracting(PzError::code, PzError::line).containsExactly(
                tuple(PzCode.RETENTION_CONFIG_INVALID, 3), tuple(PzCode.INVALID_ENGINE_CONFIG, 5));
    }

    @Test
    void a059BodylessKeysMeanDefaults() {
        Project project = new LoadFixture(dir).file("project.yml", """
                name: x
                version: 0.1.0
                pz: ">=0.1 <1.0"
                vars:
                engine:
                connectors:
                retention:
                state:
                on_source_drift:
                """).load();
        assertThat(project.engine().threads()).isEqualTo(4);
        assertThat(project.engine()).isEqualTo(EngineConfig.defaults());
        assertThat(project.vars()).isEmpty();
        assertThat(project.connectors()).isEmpty();
        assertThat(project.connections()).isEmpty();
        assertThat(project.pipelines()).isEmpty();
    }

    @Test
    void a076VarsAreInterpolatedAndRetyped() {
        Project project = f05WithProject("""
                vars:
                  min_amount: ${MIN_AMOUNT}
                  label: prefix-${MIN_AMOUNT}
                  quoted: "${MIN_AMOUNT}"
                  literal: $${MIN_AMOUNT}
                  nested:
                    a:
                      - ${MIN_AMOUNT}
                """).env("MIN_AMOUNT", "25").load();
        assertThat(project.vars()).containsEntry("min_amount", 25L).containsEntry("label", "prefix-25")
                .containsEntry("quoted", "25").containsEntry("literal", "${MIN_AMOUNT}")
                .containsEntry("nested", Map.of("a", List.of(25L)));
    }

    @Test
    void a076VarsOverridesReplaceKeysOneByOne() {
        Project project = f05WithProject("vars:\n  min_amount: 10\n  other: keep\n")
                .vars(VarsOverrides.parse("{\"min_amount\":25,\"count\":3}")).load();
        assertThat(project.vars()).containsEntry("min_amount", 25L).containsEntry("other", "keep")
                .containsEntry("count", 3L);
    }

    @Test
    void unsetVarInVarsIsPz0103() {
        PzError error = f05WithProject("vars:\n  a: ${NOPE}\n").error(PzCode.UNDECLARED_ENV_VAR,
                "Undeclared environment variable 'NOPE' referenced in project.yml.", "(project.yml:7)");
        assertThat(error.hint()).isEqualTo(
                "Set the NOPE environment variable before running pz, or remove the reference from project.yml.");
    }

    @Test
    void stateBackendRules() {
        f05WithProject("state: {backend: nosql}\n").error(PzCode.STATE_BACKEND_CONFIG_INVALID, "nosql");
        f05WithProject("state: [a]\n").error(PzCode.STATE_BACKEND_CONFIG_INVALID, "state must be a mapping");
        f05WithProject("state: {backend: local, token: x}\n").error(PzCode.STATE_BACKEND_CONFIG_INVALID, "token");
        f05WithProject("state: {backend: sqlserver}\n").error(PzCode.STATE_CONNECTION_INVALID, "sqlserver");
        f05WithProject("state: {backend: sqlserver, connection: files}\n")
                .error(PzCode.STATE_CONNECTION_INVALID, "files", "localfiles");
        f05WithProject("state: {backend: sqlserver, connection: nope}\n").error(PzCode.STATE_CONNECTION_INVALID, "nope");
        f05WithProject("state: {backend: http}\n").error(PzCode.STATE_CONNECTION_INVALID, "url");
        f05WithProject("state: {backend: http, url: relative/path}\n").error(PzCode.STATE_CONNECTION_INVALID, "url");
        f05WithProject("state: {backend: http, url: 'https://s.example', artifacts: true}\n")
                .error(PzCode.STATE_BACKEND_CONFIG_INVALID, "artifacts");
        f05WithProject("state: {backend: sqlserver, artifacts: false, events: true}\n")
                .env("PZ_STATE_CONNECTION_STRING", "Server=x").error(PzCode.STATE_BACKEND_CONFIG_INVALID, "events");
    }

    @Test
    void stateSettingsResolveFromYamlThenEnvironment() {
        Project project = f05WithProject("state: {url: 'https://state.example/pz'}\n")
                .env("PZ_STATE_BACKEND", "http").env("PZ_STATE_TIMEOUT_SECONDS", "30").load();
        assertThat(project.state().backend()).isEqualTo("http");
        assertThat(project.state().fromDefault()).isFalse();
        assertThat(project.state().settings()).containsEntry("url", "https://state.example/pz")
                .containsEntry("timeout_seconds", 30).containsEntry("artifacts", false);

        Project sql = f05WithProject("state: {backend: sqlserver}\n").env("PZ_STATE_CONNECTION_STRING", "Server=x")
                .env("PZ_STATE_SCHEMA", "ops").load();
        assertThat(sql.state().settings()).containsEntry("schema", "ops").containsEntry("artifacts", true)
                .containsEntry("events", false);

        f05WithProject("").env("PZ_STATE_BACKEND", "sqlserver").env("PZ_STATE_CONNECTION_STRING", "x")
                .env("PZ_STATE_ARTIFACTS", "maybe").error(PzCode.STATE_BACKEND_CONFIG_INVALID, "PZ_STATE_ARTIFACTS");
    }

    @Test
    void httpTokenOverPlainHttpWarns() {
        Project project = f05WithProject("state: {backend: http, url: 'http://state.example/pz'}\n")
                .env("PZ_STATE_TOKEN", "secret").load();
        assertThat(project.warnings()).singleElement()
                .satisfies(w -> assertThat(w.code()).isEqualTo(PzCode.HTTP_STATE_TOKEN_OVER_INSECURE_URL))
                .satisfies(w -> assertThat(w.render()).doesNotContain("secret"));
    }
}
