package dev.pz.cli.fidelity;

import static dev.pz.cli.fidelity.Reference.watermark;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.PlantedRuns;
import dev.pz.cli.PtyPz;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz state set} without {@code --yes} on a real terminal: pz shows the change, asks, and
 * acts on the answer typed at the pty. A run that takes its lock while the prompt waits still
 * wins: the confirmed edit is refused with PZ0517 and nothing changes.
 */
class StatePromptFidelityTest {
    private static final String PROMPT = "proceed? [y/N] ";
    private static final String STORED = "2026-07-29T02:00:00.000000";

    @TempDir
    Path temp;

    @BeforeEach
    void project() {
        TestProject.in(temp).projectYml("state_test").file(".pz/state/watermarks.json", "{\n  \"version\": 1,\n"
                + "  \"watermarks\": {\n    \"erp.orders\": {\n      \"cursor\": \"updated_at\",\n      \"type\": "
                + "\"timestamp\",\n      \"value\": \"" + STORED + "\",\n      \"runId\": \"20260729T020013422Z-a91c\"\n"
                + "    }\n  }\n}\n");
    }

    private PtyPz setAtThePrompt() throws Exception {
        PtyPz pz = PtyPz.start(temp, Map.of(), "state", "set", "erp.orders", "--value", "2026-07-01");
        assertThat(pz.awaitOutput(text -> text.contains(PROMPT), 120_000)).as(pz.text()).isTrue();
        return pz;
    }

    private String stored() {
        return watermark(temp, "erp.orders").get("value").asText();
    }

    private boolean audited() {
        return Files.exists(temp.resolve(".pz/state/audit.jsonl"));
    }

    // S19
    @Test
    void aDeclinedPromptChangesNothingAndExitsZero() throws Exception {
        try (PtyPz pz = setAtThePrompt()) {
            pz.type("n\n");
            assertThat(pz.waitFor()).as(pz.text()).isZero();
            assertThat(pz.text()).contains("re-extracts", "cancelled — nothing changed");
        }
        assertThat(stored()).isEqualTo(STORED);
        assertThat(audited()).isFalse();
    }

    // S20
    @Test
    void aConfirmedPromptWritesTheValue() throws Exception {
        try (PtyPz pz = setAtThePrompt()) {
            pz.type("y\n");
            assertThat(pz.waitFor()).as(pz.text()).isZero();
            assertThat(pz.text()).contains("done — recorded in .pz/state/audit.jsonl");
        }
        assertThat(stored()).isEqualTo("2026-07-01T00:00:00.000000");
        assertThat(audited()).isTrue();
    }

    // S16
    @Test
    void aRunStartingWhileThePromptWaitsIsRefusedWithPz0517() throws Exception {
        String live = "20260730T140000000Z-bbbb";
        try (PtyPz pz = setAtThePrompt(); PlantedRuns.LiveRun held = PlantedRuns.in(temp).live(live)) {
            pz.type("y\n");
            assertThat(pz.waitFor()).as(pz.text()).isEqualTo(2);
            assertThat(pz.text()).contains("PZ0517", live);
        }
        assertThat(stored()).isEqualTo(STORED);
        assertThat(audited()).isFalse();
    }
}
