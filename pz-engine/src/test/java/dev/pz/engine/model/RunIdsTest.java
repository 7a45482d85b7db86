package dev.pz.engine.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

class RunIdsTest {

    @Test
    void aNewIdCarriesItsStartToTheMillisecond() {
        Instant now = Instant.parse("2026-12-01T23:59:58.123456Z");
        String id = RunIds.next(now);
        assertThat(id).startsWith("20261201T235958123Z-");
        assertThat(RunIds.isRunId(id)).isTrue();
        assertThat(RunIds.startedAt(id)).contains(now.truncatedTo(ChronoUnit.MILLIS));
    }

    @Test
    void theStartIsReadFromTheStampWhateverFollowsIt() {
        assertThat(RunIds.startedAt("20240229T000000000Z-shard-run")).contains(Instant.parse("2024-02-29T00:00:00Z"));
    }

    @Test
    void namesThatAreNotRunIdsHaveNoStart() {
        for (String name : new String[] {"", "latest", "20261201T235958123", "20261201T235958123-abcd",
                "20261201X235958123Z-abcd", "2026120AT235958123Z-abcd", "20261301T235958123Z-abcd",
                "20230230T000000000Z-abcd", "20261201T245958123Z-abcd", "+2026120T235958123Z-abcd"}) {
            assertThat(RunIds.startedAt(name)).as(name).isEmpty();
        }
    }
}
