package dev.pz.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.DagCompiler;
import dev.pz.engine.compile.RenderContext;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.load.ProjectLoader;
import dev.pz.engine.model.Project;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The planner's static gates for calendar paths and native-only connectors (PZ0314, PZ0312), and its
 * plan-time probe of what the universal tier can carry: every refusal is reported before any node runs.
 */
class PlannerGatesTest {

    @TempDir
    Path project;

    /** A connector whose capabilities and universal refusals the test chooses; its native paths always exist. */
    private static final class Gated implements Connector {
        private final Set<ConnectorCapability> capabilities;
        private final String universalRefusal;

        Gated(Set<ConnectorCapability> capabilities, String universalRefusal) {
            this.capabilities = capabilities;
            this.universalRefusal = universalRefusal;
        }

        @Override public String name() { return "gated"; }
        @Override public String version() { return "0"; }
        @Override public Set<ConnectorCapability> capabilities() { return capabilities; }
        @Override public OptionSet connectionOptions() { return OptionSet.none(); }
        @Override public OptionSet readOptions() { return OptionSet.none(); }
        @Override public OptionSet writeOptions() { return OptionSet.none(); }
        @Override public ConnectionCheck checkConnection(ConnectorConfig config) { return ConnectionCheck.passed(); }

        @Override
        public Optional<Source> openSource(ConnectorConfig config) {
            return Optional.of(new Source() {
                @Override public Optional<NativeScan> nativeScan(DatasetSpec spec) {
                    return Optional.of(new NativeScan("(select 1 as id)", List.of(), "select", "x", false));
                }
                @Override public Schema schema(DatasetSpec spec) { throw new UnsupportedOperationException(); }
                @Override public void checkUniversalRead(DatasetSpec spec) {
                    if (universalRefusal != null) {
                        throw new PzConnectorException(PzCode.NATIVE_PATH_REQUIRED, universalRefusal);
                    }
                }
                @Override public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) { return List.of(); }
                @Override public void close() { }
            });
        }

        @Override
        public Optional<Sink> openSink(ConnectorConfig config) {
            return Optional.of(new Sink() {
                @Override public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
                    return Optional.of(new NativeCopy("format csv", List.of(), "COPY", null, finished -> { }));
                }
                @Override public void checkUniversalWrite(OutputSpec spec) {
                    if (universalRefusal != null) {
                        throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, universalRefusal);
                    }
                }
                @Override public WriteSession beginWrite(OutputSpec spec, Schema schema) {
                    throw new UnsupportedOperationException();
                }
                @Override public void close() { }
            });
        }
    }

    private List<PzError> planErrors(Connector connector, String engine, String readOptions, String sinkKwargs)
            throws Exception {
        Files.writeString(project.resolve("project.yml"), "name: t\nversion: 0.1.0\n" + engine);
        Files.writeString(project.resolve("connections.yml"), """
                src:
                  connector: gated
                  entities:
                    orders:
                      read:
                %s
                dst:
                  connector: gated
                """.formatted(readOptions.indent(8).stripTrailing()));
        Files.createDirectories(project.resolve("pipelines"));
        Files.writeString(project.resolve("pipelines/p.sql"), "INSERT INTO {{ sink('dst', 'out', strategy: 'append',"
                + " duplicates: 'accept'" + sinkKwargs + ") }}\nselect * from {{ source('src', 'orders') }}\n");
        Project loaded = ProjectLoader.load(project, Map.of(), Map.of());
        CompiledDag dag = DagCompiler.compile(loaded, RenderContext.forCompile(Map.of()),
                name -> connector.capabilities());
        PzValidationException failure = catchThrowableOfType(PzValidationException.class,
                () -> Planner.plan(dag, loaded, ConnectorRegistry.of(List.of(connector)), true, id -> true));
        return failure == null ? List.of() : failure.errors();
    }

    private static final String TEMPLATED = """
            path: e/{yyyy}/{MM}/{dd}/*.parquet
            columns: {ts: timestamp}
            sync: {mode: incremental, cursor: ts, max_window: 1d, initial: '2026-01-01'}
            """;

    @Test
    void aTemplatedPathNeedsPathTemplating() throws Exception {
        List<PzError> errors = planErrors(new Gated(EnumSet.of(ConnectorCapability.BOUNDED_WINDOW), null), "",
                TEMPLATED, "");
        assertThat(errors).singleElement().satisfies(error -> {
            assertThat(error.code()).isEqualTo(PzCode.TEMPLATING_CAPABILITY_MISSING);
            assertThat(error.message()).isEqualTo("source 'src.orders' has a date-templated path, but connector"
                    + " 'gated' does not support path templating");
        });
        assertThat(planErrors(new Gated(EnumSet.of(ConnectorCapability.BOUNDED_WINDOW,
                ConnectorCapability.PATH_TEMPLATING), null), "", TEMPLATED, "")).isEmpty();
    }

    @Test
    void partitionByNeedsTheCapabilityThatOwnsTheLayout() throws Exception {
        Gated plain = new Gated(EnumSet.noneOf(ConnectorCapability.class), null);
        assertThat(planErrors(plain, "", "path: x", ", path: 'e/{yyyy}/', partition_by: 'ts'"))
                .singleElement().satisfies(error -> assertThat(error.message())
                        .isEqualTo("output 'dst.out': connector 'gated' cannot write this partition_by output (it does"
                                + " not declare PathTemplating)"));
        assertThat(planErrors(plain, "", "path: x", ", partition_by: ['a', 'b']"))
                .singleElement().satisfies(error -> assertThat(error.message()).endsWith("ColumnPartitionedWrites)"));
    }

    @Test
    void aNativeOnlySourceRefusesFilesPerPartitionAndForceUniversal() throws Exception {
        Gated nativeOnly = new Gated(EnumSet.of(ConnectorCapability.NATIVE_ONLY_READ), null);
        assertThat(planErrors(nativeOnly, "", "files_per_partition: 4", "")).singleElement()
                .satisfies(error -> {
                    assertThat(error.code()).isEqualTo(PzCode.NATIVE_PATH_REQUIRED);
                    assertThat(error.message()).contains("reads natively only", "files_per_partition");
                });
        assertThat(planErrors(nativeOnly, "engine:\n  force_universal: true\n", "path: x", "")).singleElement()
                .satisfies(error -> assertThat(error.message()).contains("engine.force_universal asks for the"
                        + " universal tier"));
    }

    @Test
    void forceUniversalAsksEachConnectorWhatItsUniversalTierCanCarry() throws Exception {
        List<PzError> errors = planErrors(new Gated(EnumSet.noneOf(ConnectorCapability.class), "cannot"),
                "engine:\n  force_universal: true\n", "path: x", "");
        assertThat(errors).extracting(PzError::code)
                .containsExactly(PzCode.NATIVE_PATH_REQUIRED, PzCode.FILE_FORMAT_UNSUPPORTED);
        assertThat(errors).extracting(PzError::message).containsOnly("cannot");
    }
}
