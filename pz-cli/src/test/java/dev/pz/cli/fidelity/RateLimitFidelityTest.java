package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.CliRun;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connection-level {@code rate_limit:} block as the reference's RateLimitParsingTests pin it: a
 * malformed block is PZ0318 with the reference's wording, every problem of the block at once, and the
 * block belongs to the connection only. A well-formed block is refused with PZ0317 by this build
 * (catalogue entry CO7: no connector of this build paces its requests).
 */
class RateLimitFidelityTest {
    private static final String PIPELINE = "select * from {{ source('pg', 'orders') }}\n";

    @TempDir
    Path temp;

    private int projects;

    private TestProject project(String connections) {
        return TestProject.in(temp.resolve("p" + projects++)).projectYml("t").file("connections.yml", connections)
                .file("pipelines/p.sql", PIPELINE);
    }

    private static String pg(String rateLimit) {
        return "pg:\n  connector: postgres\n  host: h\n  database: d\n" + rateLimit
                + "  entities:\n    orders:\n      read:\n        columns: {id: bigint}\n";
    }

    /** The PZ0318 errors of a {@code pz validate} that must fail with exit 2 and leave no run directory. */
    private static List<String> refusals(TestProject project, String code) {
        CliRun run = CliRun.pz(project.path(), "validate");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(project.resolve(".pz/runs")).doesNotExist();
        return LoaderFidelityTest.errors(run).stream().filter(e -> e.startsWith("error " + code + ": ")).toList();
    }

    // RL1, RL2, RL6: a well-formed block, with or without burst, on a connection that reads or writes,
    // is pz's key, not connector config; this build refuses it with PZ0317 (CO7).
    @Test
    void aWellFormedBlockIsPzsAndRefusedForWantOfPacing() {
        for (String block : new String[] {"  rate_limit:\n    requests_per_minute: 60\n    burst: 10\n",
                "  rate_limit:\n    requests_per_minute: 120\n", "  rate_limit: {requests_per_minute: 90, burst: 3}\n"}) {
            CliRun run = CliRun.pz(project(pg(block)).path(), "validate");
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).contains("error PZ0317: connection 'pg': ", "rate_limit cannot apply (connections.yml:5)")
                    .doesNotContain("PZ0301", "PZ0318");
        }
        CliRun sink = CliRun.pz(project("pg:\n  connector: postgres\n  host: h\n  database: d\n  entities:\n"
                + "    orders:\n      read:\n        columns: {id: bigint}\nout:\n  connector: postgres\n  host: h\n"
                + "  database: d\n  rate_limit:\n    requests_per_minute: 90\n    burst: 3\n").path(), "validate");
        assertThat(sink.exitCode()).as(sink.toString()).isEqualTo(2);
        assertThat(sink.err()).contains("error PZ0317: connection 'out': ").doesNotContain("PZ0318");
    }

    // RL3: requests_per_minute is required.
    @Test
    void requestsPerMinuteIsRequired() {
        assertThat(refusals(project(pg("  rate_limit:\n    burst: 5\n")), "PZ0318")).singleElement()
                .satisfies(e -> assertThat(e).contains("connection 'pg'", "requests_per_minute"));
    }

    // RL4: both bounds are checked in one pass: requests_per_minute 0 and burst 2000000 are two errors.
    @Test
    void boundsAreCheckedTogether() {
        assertThat(refusals(project(pg("  rate_limit:\n    requests_per_minute: 0\n    burst: 2000000\n")), "PZ0318"))
                .hasSize(2).anySatisfy(e -> assertThat(e).contains("requests_per_minute", "(got '0')"))
                .anySatisfy(e -> assertThat(e).contains("burst", "(got '2000000')"));
    }

    // RL5: the block is a mapping.
    @Test
    void theBlockMustBeAMapping() {
        assertThat(refusals(project(pg("  rate_limit: 60\n")), "PZ0318")).singleElement()
                .satisfies(e -> assertThat(e).contains("must be a mapping"));
    }

    // RL7: under an entity's read: block it is refused as instance-level, and the project does not load.
    @Test
    void underAReadBlockItIsRefusedAsInstanceLevel() {
        String connections = pg("").replace("        columns: {id: bigint}\n",
                "        columns: {id: bigint}\n        rate_limit:\n          requests_per_minute: 60\n");
        assertThat(refusals(project(connections), "PZ0318")).singleElement()
                .satisfies(e -> assertThat(e).contains("instance-level"));
    }
}
