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
import dev.pz.engine.events.NodeRef;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.events.RunStatus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A127 through the engine's run listener: engine.threads and max_concurrency bound what runs at once. */
class RunConcurrencyTest {

    @TempDir
    Path temp;

    /** Records the peak number of nodes running at once, overall and for connection 'files' sources. */
    static final class Peak implements RunListener {
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger peak = new AtomicInteger();
        final AtomicInteger sources = new AtomicInteger();
        final AtomicInteger sourcePeak = new AtomicInteger();
        final List<String> completed = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void nodeStarted(NodeRef node) {
            peak.accumulateAndGet(running.incrementAndGet(), Math::max);
            if (node.name().startsWith("src_files__")) {
                sourcePeak.accumulateAndGet(sources.incrementAndGet(), Math::max);
            }
        }

        @Override
        public void nodeCompleted(NodeResult result) {
            if (!result.status().word().equals("skipped")) {
                running.decrementAndGet();
                if (result.name().startsWith("src_files__")) {
                    sources.decrementAndGet();
                }
            }
            completed.add(result.name());
        }
    }

    private RunReport run(Path project, Peak peak) {
        CompiledProject compiled = PzEngine.create(Map.of()).open(ProjectRequest.of(project), Diagnostics.ignore());
        return compiled.run(compiled.target(NodeSelection.everything()), RunSettings.defaults(), peak, new RunControl());
    }

    private TestProject wide(String connectionExtra) {
        StringBuilder entities = new StringBuilder();
        TestProject project = TestProject.in(temp).projectYml("wide", Fixtures.LOCALFILES, "engine:\n  threads: 2");
        for (int i = 0; i < 6; i++) {
            entities.append("    t").append(i).append(":\n      read:\n        path: data/t").append(i)
                    .append(".csv\n        format: csv\n");
            project.file("data/t" + i + ".csv", "id\n1\n2\n")
                    .file("pipelines/p" + i + ".sql", "select id, (select count(*) from range(3000000)) as n from "
                            + "{{ source('files', 't" + i + "') }}\n");
        }
        return project.file("connections.yml", "files:\n  connector: localfiles\n" + connectionExtra + "  entities:\n"
                + entities);
    }

    @Test
    void neverMoreNodesAtOnceThanEngineThreads() {
        Peak peak = new Peak();
        RunReport result = run(wide("").path(), peak);

        assertThat(result.status()).isEqualTo(RunStatus.SUCCESS);
        assertThat(peak.completed).hasSize(12);
        assertThat(peak.peak.get()).isEqualTo(2);
    }

    @Test
    void maxConcurrencyOneSerialisesTheConnectionsSourceLoads() {
        Peak peak = new Peak();
        RunReport result = run(wide("  max_concurrency: 1\n").path(), peak);

        assertThat(result.status()).isEqualTo(RunStatus.SUCCESS);
        assertThat(peak.completed).hasSize(12);
        assertThat(peak.sourcePeak.get()).isEqualTo(1);
        assertThat(peak.peak.get()).as("pipelines still overlap the serialised loads").isEqualTo(2);
    }
}
