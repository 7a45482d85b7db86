package dev.pz.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.testing.RecordingListener;
import dev.pz.testing.TestProject;
import dev.pz.testing.memory.MemoryConnector;
import dev.pz.testing.memory.MemoryStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Validation through the facade: validate, plan and run refuse a bad project alike, with the code and
 * the file:line where the value was written, before any run directory exists; and one invocation
 * creates each connector once.
 */
class FacadePreflightTest {

    @TempDir
    Path temp;

    private TestProject project;

    @BeforeEach
    void memoryProject() {
        project = MemoryStore.ordersAndOut(temp, 4).projectYml("preflight", "engine:\n  threads: 2")
                .file("pipelines/totals.sql", """
                        INSERT INTO {{ sink('out', 'totals', strategy: 'replace') }}
                        select sum(amount) as total from {{ source('src', 'orders') }}
                        """);
    }

    /** The one error each verb refuses the project with; asserts all three agree and nothing ran. */
    private PzError refusedAlike() {
        List<PzError> seen = new ArrayList<>();
        List<Consumer<CompiledProject>> verbs = List.of(compiled -> compiled.validate(false),
                compiled -> compiled.plan(NodeSelection.everything()),
                compiled -> compiled.run(compiled.target(NodeSelection.everything()), RunSettings.defaults(),
                        new RecordingListener(), new RunControl()));
        for (Consumer<CompiledProject> verb : verbs) {
            CompiledProject compiled = PzEngine.create(Map.of()).open(ProjectRequest.of(project.path()),
                    Diagnostics.ignore());
            PzValidationException refused = catchThrowableOfType(PzValidationException.class, () -> verb.accept(compiled));
            assertThat(refused).as("refused").isNotNull();
            assertThat(refused.errors()).hasSize(1);
            seen.add(refused.errors().get(0));
            assertThat(project.resolve(".pz/runs")).doesNotExist();
        }
        assertThat(seen).as("validate, plan and run agree").containsOnly(seen.get(0));
        return seen.get(0);
    }

    @Test
    void aValidProjectPassesAndValidateWritesNothing() {
        CompiledProject compiled = PzEngine.create(Map.of()).open(ProjectRequest.of(project.path()), Diagnostics.ignore());
        assertThat(compiled.validate(false)).isEqualTo(new ValidationReport(1, 2));
        assertThat(project.resolve(".pz")).doesNotExist();
        PlanReport plan = compiled.plan(NodeSelection.everything());
        assertThat(plan.rows()).extracting(PlanReport.Row::strategy).containsExactly("arrow_stream", "duck_sql",
                "arrow_stream");
        assertThat(project.resolve(".pz/target/plan.json")).exists();
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void anUnknownReadOptionIsRefusedAtItsLine() {
        project.file("connections.yml", project.read("connections.yml").replace("        rows: 4\n",
                "        rows: 4\n        rowz: 5\n"));
        PzError error = refusedAlike();
        assertThat(error.code()).isEqualTo(PzCode.CONNECTOR_CONFIG_INVALID);
        assertThat(error.render()).isEqualTo("PZ0301: dataset 'orders': unknown option 'rowz' (connections.yml:9)"
                + " — hint: did you mean 'rows'? accepted options: batches, rows, fail, transient_failures, fail_after,"
                + " transient, bad_schema, sleep_ms, leak, block, ignore_cancel, announce, probe");
    }

    @Test
    void aStrategyTheConnectorLacksIsRefusedAtTheSinkCall() {
        project.file("pipelines/totals.sql", """
                INSERT INTO {{ sink('out', 'totals', strategy: 'merge', keys: ['total']) }}
                select sum(amount) as total from {{ source('src', 'orders') }}
                """);
        PzError error = refusedAlike();
        assertThat(error.code()).isEqualTo(PzCode.WRITE_MODE_UNSUPPORTED);
        assertThat(error.file()).isEqualTo("pipelines/totals.sql");
        assertThat(error.line()).isEqualTo(1);
    }

    @Test
    void aContractTheUniversalTierCannotCarryIsRefusedBeforeTheRun() {
        project.file("connections.yml", project.read("connections.yml").replace("amount: double", "amount: date"));
        PzError error = refusedAlike();
        assertThat(error.code()).isEqualTo(PzCode.CONNECTOR_CONFIG_INVALID);
        assertThat(error.message()).isEqualTo("dataset 'orders': memory cannot carry column 'amount' of type date");
        assertThat(error.file()).isEqualTo("connections.yml");
        assertThat(error.line()).isEqualTo(6);
    }

    @Test
    void aMemoryLimitDuckDbRefusesIsAnEngineSettingErrorAtItsLine() {
        project.projectYml("preflight", "engine:\n  threads: 2\n  duckdb:\n    memory_limit: lots");
        PzError error = refusedAlike();
        assertThat(error.code()).isEqualTo(PzCode.INVALID_ENGINE_CONFIG);
        assertThat(error.message()).startsWith("project.yml: engine.duckdb.memory_limit 'lots' is refused by DuckDB: ");
        assertThat(error.line()).isEqualTo(6);
    }

    @Test
    void aRefusedEngineSettingWinsOverALaterStagesError() {
        // DuckDB opens beside the connector-option check and the plan; the first stage still reports first.
        project.projectYml("preflight", "engine:\n  threads: 2\n  duckdb:\n    memory_limit: lots");
        project.file("connections.yml", project.read("connections.yml").replace("        rows: 4\n",
                "        rows: 4\n        rowz: 5\n"));
        PzError error = refusedAlike();
        assertThat(error.code()).isEqualTo(PzCode.INVALID_ENGINE_CONFIG);
        assertThat(error.message()).startsWith("project.yml: engine.duckdb.memory_limit 'lots' is refused by DuckDB: ");
    }

    @Test
    void anSqlErrorIsRefusedWithItsPipeline() {
        project.file("pipelines/totals.sql", """
                INSERT INTO {{ sink('out', 'totals', strategy: 'replace') }}
                select sum(price) as total from {{ source('src', 'orders') }}
                """);
        PzError error = refusedAlike();
        assertThat(error.code()).isEqualTo(PzCode.SQL_DRY_COMPILE);
        assertThat(error.file()).isEqualTo("pipelines/totals.sql");
    }

    @Test
    void oneInvocationCreatesEachConnectorOnce() {
        int before = MemoryConnector.Factory.CREATED.get();
        PzEngine engine = PzEngine.create(Map.of());
        engine.load(ProjectRequest.of(project.path()), Diagnostics.ignore());
        assertThat(MemoryConnector.Factory.CREATED.get()).as("loading needs no connector").isEqualTo(before);
        CompiledProject compiled = engine.open(ProjectRequest.of(project.path()), Diagnostics.ignore());

        compiled.validate(false);
        compiled.plan(NodeSelection.everything());
        compiled.run(compiled.target(NodeSelection.everything()), RunSettings.defaults(), new RecordingListener(),
                new RunControl());
        engine.connectors();

        assertThat(MemoryConnector.Factory.CREATED.get() - before).isEqualTo(1);
    }
}
