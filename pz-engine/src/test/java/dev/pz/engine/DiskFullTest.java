package dev.pz.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.events.EnvironmentFailure;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.RunStatus;
import dev.pz.engine.testing.RecordingListener;
import dev.pz.engine.testing.SmallVolume;
import dev.pz.testing.TestProject;
import dev.pz.testing.memory.MemoryStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run on a volume that fills up leaves {@code pz runs}, {@code pz retry} and the next step it
 * printed agreeing, and no temporary file behind. The project lives on a real 8 MiB tmpfs; the
 * in-memory sink fills it at the moment each case needs (before a write, at commit), as another
 * process would. Without the right to mount (a property of the machine, not a service a test could
 * start) the cases are skipped with the reason printed, under {@code PZ_REQUIRE_SERVICES=1} too.
 */
class DiskFullTest {
    private static final String SINK = "INSERT INTO {{ sink('out', 'totals', strategy: 'replace'%s) }}\n"
            + "select id, amount from {{ source('src', 'orders') }}\n";

    @TempDir
    Path temp;

    private SmallVolume volume;
    private TestProject project;
    private PzEngine engine;

    @BeforeEach
    void projectOnASmallVolume() {
        SmallVolume.Mount mounted = SmallVolume.mount(temp.resolve("volume"), 8);
        if (mounted.volume().isEmpty()) {
            String reason = "no small volume to fill: " + mounted.refusal();
            System.err.println("SKIP DiskFullTest: " + reason);
            Assumptions.abort(reason);
        }
        volume = mounted.volume().get();
        project = MemoryStore.ordersAndOut(volume.path(), 500).projectYml("disk", "engine:\n  threads: 1\nretention: off");
        engine = PzEngine.create(Map.of());
    }

    @AfterEach
    void unmount() {
        if (volume != null) {
            volume.close();
        }
    }

    private RunReport run() {
        CompiledProject compiled = engine.open(ProjectRequest.of(project.path()), Diagnostics.ignore());
        return compiled.run(compiled.target(NodeSelection.everything()), RunSettings.defaults(), new RecordingListener(),
                new RunControl());
    }

    private Optional<RunSummary> latestRun() {
        return engine.runs(project.path(), 1).stream().findFirst();
    }

    private Optional<PzCode> retryRefusal() {
        PzException refused = catchThrowableOfType(PzException.class,
                () -> engine.open(ProjectRequest.of(project.path()), Diagnostics.ignore()).prepareRetry(false));
        return Optional.ofNullable(refused).map(PzException::code);
    }

    private List<Path> temporaries() throws IOException {
        try (Stream<Path> files = Files.walk(project.path())) {
            return files.filter(file -> file.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    @Test
    void aNodeStoppedByAFullDiskIsRecordedAndRetryReRunsIt() throws IOException {
        project.file("pipelines/totals.sql", SINK.formatted(", fill_disk: 'filler.bin', fill_disk_when: 'begin', "
                + "spill_to: 'spill.txt'"));

        RunReport report = run();

        assertThat(report.status()).isEqualTo(RunStatus.COMPLETED_WITH_FAILURES);
        NodeResult sink = report.results().stream().filter(result -> result.name().equals("out.totals")).findFirst()
                .orElseThrow();
        assertThat(sink.error().code()).isEqualTo(PzCode.ENGINE_DISK_FULL);
        assertThat(sink.error().message()).startsWith("sink 'out' output 'totals': disk full: ");
        assertThat(report.notes()).containsExactly("1 node(s) failed with PZ0532 — free space on the volume holding the"
                + " project's .pz directory (or the sink's target), then `pz retry` re-runs what failed");
        assertThat(latestRun()).hasValueSatisfying(run -> assertThat(run.status()).isEqualTo("completed_with_failures"));
        assertThat(retryRefusal()).as("pz retry takes the run up, as the note says").isEmpty();
        assertThat(temporaries()).isEmpty();
    }

    @Test
    void aRunWhoseEndCannotBeRecordedSaysSoAndRetryRefusesItAsInterrupted() throws IOException {
        project.file("pipelines/totals.sql", SINK.formatted(", fill_disk: 'filler.bin'"));

        String nextStep;
        try {
            RunReport report = run();
            assertThat(report.notes()).singleElement().asString()
                    .startsWith("run_results.json could not record this run's end (")
                    .contains("No space left on device")
                    .endsWith("`pz runs` lists it as running and `pz retry` refuses it as interrupted — free space on"
                            + " the volume holding the project's .pz directory (or the sink's target), then run `pz run`"
                            + " again");
            nextStep = report.notes().get(0);
        } catch (EnvironmentFailure stopped) {
            // DuckDB may meet the full disk first, closing the staging database after the last node.
            assertThat(stopped.error().code()).isEqualTo(PzCode.ENGINE_DISK_FULL);
            assertThat(stopped.error().hint()).endsWith("then run `pz run` again; the end of this run could not be"
                    + " recorded, so `pz runs` lists it as running and `pz retry` refuses it");
            nextStep = stopped.error().hint();
        }

        assertThat(nextStep).contains("`pz run`");
        assertThat(latestRun()).hasValueSatisfying(run -> assertThat(run.status()).isEqualTo("running"));
        assertThat(retryRefusal()).contains(PzCode.PRIOR_RUN_INCOMPLETE);
        assertThat(temporaries()).isEmpty();

        Files.delete(project.resolve("filler.bin"));
        project.file("pipelines/totals.sql", SINK.formatted(""));
        assertThat(run().status()).as("after freeing space, pz run works again").isEqualTo(RunStatus.SUCCESS);
    }

    @Test
    void aRunThatFindsTheDiskFullRecordsNothingAndRetryHasNothingToResume() throws IOException {
        project.file("pipelines/totals.sql", SINK.formatted(""));
        Path filler = volume.fill("filler.bin");

        EnvironmentFailure stopped = catchThrowableOfType(EnvironmentFailure.class, this::run);

        assertThat(stopped).isNotNull();
        assertThat(stopped.error().code()).isEqualTo(PzCode.ENGINE_DISK_FULL);
        assertThat(stopped.error().render()).contains("No space left on device");
        assertThat(project.resolve(".pz/runs")).satisfies(runs -> {
            if (Files.isDirectory(runs)) {
                try (Stream<Path> entries = Files.list(runs)) {
                    assertThat(entries.filter(Files::isDirectory)).as("no run directory").isEmpty();
                }
            }
        });
        assertThat(latestRun()).isEmpty();
        assertThat(retryRefusal()).contains(PzCode.NO_PRIOR_RUN);
        assertThat(temporaries()).isEmpty();

        Files.delete(filler);
        assertThat(run().status()).isEqualTo(RunStatus.SUCCESS);
    }
}
