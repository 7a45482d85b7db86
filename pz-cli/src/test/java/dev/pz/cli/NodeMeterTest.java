package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.engine.CompiledProject;
import dev.pz.engine.Diagnostics;
import dev.pz.engine.NodeSelection;
import dev.pz.engine.ProjectRequest;
import dev.pz.engine.PzEngine;
import dev.pz.engine.RunControl;
import dev.pz.engine.RunReport;
import dev.pz.engine.RunSettings;
import dev.pz.engine.events.NodeMeter;
import dev.pz.engine.events.NodeMeter.NodeCounters;
import dev.pz.engine.events.NodeRef;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.events.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The meters a run hands a listener that asks for them, read when each node completes: a universal
 * read counts the rows it landed and the bytes of the file it consumed, out of the file's size; a
 * universal write counts its rows; a file DuckDB reads itself has its size known (its rows are
 * counted only when DuckDB is done). A listener that does not ask gets none.
 */
class NodeMeterTest {
    private static final int ROWS = 30_000;

    @TempDir
    Path dir;

    /** Reads every meter as its node completes. */
    private static final class MeterReader implements RunListener {
        private final boolean wants;
        private final Map<String, NodeMeter> meters = new ConcurrentHashMap<>();
        private final Map<String, NodeCounters> atCompletion = new ConcurrentHashMap<>();

        MeterReader(boolean wants) {
            this.wants = wants;
        }

        @Override
        public boolean wantsMeters() {
            return wants;
        }

        @Override
        public void nodeMetered(NodeRef node, NodeMeter meter) {
            meters.put(node.name(), meter);
        }

        @Override
        public void nodeCompleted(NodeResult result) {
            NodeMeter meter = meters.get(result.name());
            if (meter != null) {
                atCompletion.put(result.name(), meter.read());
            }
        }
    }

    @Test
    void universalReadAndWriteCountRowsAndTheReadCountsTheFilesBytes() throws IOException {
        Path project = project("  force_universal: true");
        long size = Files.size(project.resolve("items.csv"));

        MeterReader reader = run(project, true);

        assertThat(reader.atCompletion).containsOnlyKeys("src_files__items", "lake.copy");
        assertThat(reader.atCompletion.get("src_files__items")).isEqualTo(new NodeCounters(ROWS, size, size));
        assertThat(reader.atCompletion.get("lake.copy"))
                .isEqualTo(new NodeCounters(ROWS, NodeCounters.UNKNOWN, NodeCounters.UNKNOWN));
    }

    @Test
    void aFileDuckDbReadsItselfHasItsSizeKnown() throws IOException {
        Path project = project("  threads: 1");
        long size = Files.size(project.resolve("items.csv"));

        MeterReader reader = run(project, true);

        assertThat(reader.atCompletion).containsOnlyKeys("src_files__items");
        NodeCounters counters = reader.atCompletion.get("src_files__items");
        assertThat(counters.rows()).isEqualTo(NodeCounters.UNKNOWN);
        assertThat(counters.bytesTotal()).isEqualTo(size);
    }

    @Test
    void aListenerThatDoesNotAskGetsNoMeters() {
        MeterReader reader = run(project("  force_universal: true"), false);
        assertThat(reader.meters).isEmpty();
    }

    private static MeterReader run(Path project, boolean wants) {
        MeterReader reader = new MeterReader(wants);
        CompiledProject compiled = PzEngine.create(Map.of()).open(ProjectRequest.of(project), Diagnostics.ignore());
        RunReport report = compiled.run(compiled.target(NodeSelection.everything()), RunSettings.defaults(), reader,
                new RunControl());
        assertThat(report.status()).isEqualTo(RunStatus.SUCCESS);
        return reader;
    }

    private Path project(String engineLine) {
        return CsvCopyProject.write(dir.resolve("p"), ROWS, id -> "item-" + id, engineLine);
    }
}
