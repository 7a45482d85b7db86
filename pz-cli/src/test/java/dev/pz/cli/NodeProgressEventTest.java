package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code node_progress} (docs/events.md): its field order, and that a universal run emits it every 10 batches. */
class NodeProgressEventTest {

    @TempDir
    Path dir;

    @Test
    void progressEventFieldsAreInTheContractsOrder() {
        StringWriter out = new StringWriter();
        JsonEventRenderer renderer = new JsonEventRenderer(Console.of(out, new StringWriter()).out(),
                new SteppingClock("2026-07-04T10:00:00Z", "2026-07-04T10:00:00.020Z"));
        renderer.runStarted("20260704T100000000Z-ab12", "hello_pz", 1);
        renderer.nodeProgress(TestNode.source("node-a", "src_crm__customers"), 2, 128, 1);
        assertThat(out.toString().split("\n")[1]).isEqualTo("{\"event\":\"node_progress\",\"at\":"
                + "\"2026-07-04T10:00:00.020Z\",\"runId\":\"20260704T100000000Z-ab12\",\"nodeId\":\"node-a\",\"name\":"
                + "\"src_crm__customers\",\"rows\":2,\"bytes\":128,\"batches\":1}");
    }

    @Test
    void aUniversalRunReportsProgressEveryTenBatches() {
        // About 16 MB of rows against 1 MiB batches: well over ten batches on the source side.
        String padding = "x".repeat(400);
        CsvCopyProject.write(dir, 40_000, id -> padding + id, "  force_universal: true", "  batch_bytes: 1048576");
        CliRun run = CliRun.pz(dir, "run", "--all", "--log-format", "json");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<String> progress = Arrays.stream(run.out().split("\n"))
                .filter(line -> line.startsWith("{\"event\":\"node_progress\"")).toList();
        assertThat(progress).isNotEmpty().allMatch(line -> line.matches(".*\"batches\":(10|20|30|40|50|60|70|80|90)\\d*}"));
    }
}
