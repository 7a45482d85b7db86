package dev.pz.engine.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.model.CheckDef;
import dev.pz.engine.model.Materialization;
import dev.pz.engine.model.PipelineDef;
import dev.pz.engine.model.Project;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Pipeline discovery and sidecars: names, duplicates, sidecar keys and every check rule, each error naming {@code pipeline 'p'}.
 */
class SidecarLoadTest {
    private static final String SIDECAR = "pipelines/configs/p.yml";

    @TempDir
    Path dir;

    private LoadFixture project() {
        return new LoadFixture(dir).file("project.yml", "name: x\nversion: 1\n").file("pipelines/p.sql", "select 1\n");
    }

    private LoadFixture withChecks(String checks) {
        return project().file(SIDECAR, "pipeline: p\nchecks:\n" + checks.indent(2));
    }

    @Test
    void pipelinesAreFoundRecursivelyAndConfigsSkipped() {
        Project loaded = project().file("pipelines/marts/b.sql", "select 2\n")
                .file("pipelines/configs/ignored.sql", "select 3\n")
                .file("pipelines/marts/configs/also_ignored.sql", "select 4\n")
                .file("pipelines/notes.txt", "x").load();
        assertThat(loaded.pipelines()).extracting(PipelineDef::name, PipelineDef::file)
                .containsExactly(tuple("b", "pipelines/marts/b.sql"), tuple("p", "pipelines/p.sql"));
    }

    @Test
    void sqlIsReadAsUtf8() {
        assertThat(project().file("pipelines/p.sql", "select 'café' as x\n").load().pipelines().get(0).sql())
                .isEqualTo("select 'café' as x\n");
    }

    @Test
    void a088DuplicatePipelineNames() {
        project().file("pipelines/a/stg_orders.sql", "select 1").file("pipelines/b/stg_orders.sql", "select 2")
                .error(PzCode.DUPLICATE_NAME, "stg_orders", "pipelines/a/stg_orders.sql", "pipelines/b/stg_orders.sql");
    }

    @Test
    void a088DuplicatePipelineNamesIgnoreCase() {
        project().file("pipelines/a/Orders.sql", "select 1").file("pipelines/b/orders.sql", "select 2")
                .error(PzCode.DUPLICATE_NAME, "orders");
    }

    @ParameterizedTest
    @CsvSource({"01_load,load_01", "daily-orders,daily_orders", "my.pipeline,my_pipeline", "my pipeline,my_pipeline",
            "café,caf"})
    void a089InvalidPipelineNames(String stem, String suggestion) {
        PzError error = project().file("pipelines/" + stem + ".sql", "select 1")
                .error(PzCode.INVALID_IDENTIFIER_NAME, "not a valid identifier", stem);
        assertThat(error.hint()).contains("'" + suggestion + ".sql'");
        assertThat(error.file()).isEqualTo("pipelines/" + stem + ".sql");
    }

    @Test
    void a090SidecarForUnknownPipeline() {
        project().file("pipelines/configs/ghost.yml", "pipeline: ghost\n")
                .error(PzCode.SIDECAR_UNKNOWN_PIPELINE, "ghost", "(pipelines/configs/ghost.yml:1)");
    }

    @Test
    void a091Materialization() {
        PzError error = project().file(SIDECAR, "pipeline: p\nmaterialization: banana\n")
                .error(PzCode.MATERIALIZATION_INVALID, "table, view, ephemeral", "(pipelines/configs/p.yml:2)");
        assertThat(error.message()).contains("pipeline 'p'");
        assertThat(project().file(SIDECAR, "pipeline: p\nmaterialization: veiw\n").error().hint())
                .contains("did you mean 'view'?");
        assertThat(project().file(SIDECAR, "pipeline: p\nmaterialization: ephemeral\n").load().pipelines().get(0)
                .materialization()).isEqualTo(Materialization.EPHEMERAL);
    }

    @Test
    void sidecarKeys() {
        assertThat(project().file(SIDECAR, "pipeline: p\ntag: [a]\n").error(PzCode.YAML_SHAPE, "tag").hint())
                .contains("did you mean 'tags'?");
        project().file(SIDECAR, "materialization: view\n").error(PzCode.YAML_SHAPE, "pipeline");
        assertThat(project().file(SIDECAR, "pipeline: p\ntags: nightly\n").load().pipelines().get(0).sidecar().tags())
                .containsExactly("nightly");
    }

    @Test
    void validCheckForms() {
        Project loaded = withChecks("""
                - not_null: [a, b]
                - not_null: {columns: [c], sample_values: false}
                - unique: {column: id}
                - row_count: {min: 1}
                - row_count: {max: 10}
                - freshness: {column: updated_at, max_age: 24h, sample_values: true}
                - accepted_values: {column: status, values: [shipped, returned, 1]}
                - custom_sql: {name: no_negative, sql: "select * from {{ this }} where amount < 0"}
                """).load();
        List<CheckDef> checks = loaded.pipelines().get(0).sidecar().checks();
        assertThat(checks).extracting(CheckDef::type, CheckDef::columns, CheckDef::sampleValues).containsExactly(
                tuple("not_null", List.of("a", "b"), null),
                tuple("not_null", List.of("c"), false),
                tuple("unique", List.of("id"), null),
                tuple("row_count", List.of(), null),
                tuple("row_count", List.of(), null),
                tuple("freshness", List.of("updated_at"), true),
                tuple("accepted_values", List.of("status"), null),
                tuple("custom_sql", List.of(), null));
        assertThat(checks.get(3).options()).containsExactly(Map.entry("min", 1L));
        assertThat(checks.get(5).options()).containsExactly(Map.entry("max_age", "24h"));
        assertThat(checks.get(6).options()).containsExactly(Map.entry("values", List.of("shipped", "returned", 1L)));
        assertThat(checks.get(7).options()).containsOnlyKeys("name", "sql");
        assertThat(checks.get(0).location()).isEqualTo(new dev.pz.engine.model.SourceLocation(SIDECAR, 3));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "- bogus: [id]|unknown check type 'bogus'",
            "- not_null: []|declares no columns",
            "- unique: []|declares no columns",
            "- row_count: {}|at least one of min/max",
            "- row_count: {min: 10, max: 2}|exceeds max",
            "- row_count: {min: abc}|must be an integer",
            "- freshness: {max_age: 24h}|exactly one 'column'",
            "- freshness: {column: u}|must be a positive duration",
            "- freshness: {column: u, max_age: nope}|must be a positive duration",
            "- freshness: {column: u, max_age: 0s}|must be a positive duration",
            "- accepted_values: {values: [a]}|exactly one 'column'",
            "- accepted_values: {column: s}|must be a non-empty list",
            "- accepted_values: {column: s, values: []}|must be a non-empty list",
            "- custom_sql: {sql: select 1}|requires 'name'",
            "- custom_sql: {name: Bad-Name, sql: select 1}|requires 'name'",
            "- custom_sql: {name: ok}|non-empty 'sql'",
            "- not_null: {columns: [a], stray: 1}|unknown option 'stray'",
            "- freshness: {column: [a, b], max_age: 1h}|must be a single column name",
            "- freshness: {column: '', max_age: 1h}|must be a single column name",
            "- custom_sql: {name: ok, sql: select 1, columns: [a]}|does not take columns",
            "- freshness|must be a mapping",
            "- {}|must be a mapping",
            "- {not_null: [a], unique: [a]}|one check per list item",
            "- not_null: {column: a, columns: [b]}|both 'column' and 'columns'",
    })
    void a094InvalidChecks(String check, String fragment) {
        PzError error = withChecks(check).error(PzCode.INVALID_CHECK, "pipeline 'p'", fragment);
        assertThat(error.file()).isEqualTo(SIDECAR);
        assertThat(error.line()).isEqualTo(3);
    }

    @Test
    void a094TwoKeysAreBothNamed() {
        withChecks("- {not_null: [a], unique: [a]}").error(PzCode.INVALID_CHECK, "'not_null'", "'unique'");
    }

    @Test
    void a094DuplicateChecks() {
        withChecks("- custom_sql: {name: same, sql: select 1}\n- custom_sql: {name: same, sql: select 2}")
                .error(PzCode.INVALID_CHECK, "duplicate custom_sql name 'same'", "(pipelines/configs/p.yml:4)");
        withChecks("- not_null: [id]\n- not_null: {columns: [id]}")
                .error(PzCode.INVALID_CHECK, "duplicate not_null check on [id]");
    }

    @Test
    void a094EveryBadCheckIsReported() {
        List<PzError> errors = withChecks("- bogus: [id]\n- not_null: []\n- row_count: {}").errors();
        assertThat(errors).extracting(PzError::code, PzError::line).containsExactly(
                tuple(PzCode.INVALID_CHECK, 3), tuple(PzCode.INVALID_CHECK, 4), tuple(PzCode.INVALID_CHECK, 5));
    }

    @Test
    void checksMustBeAList() {
        project().file(SIDECAR, "pipeline: p\nchecks: {not_null: [a]}\n").error(PzCode.INVALID_CHECK, "list");
    }
}
