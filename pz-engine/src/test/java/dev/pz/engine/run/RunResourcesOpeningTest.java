package dev.pz.engine.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run's DuckDB opened on a thread of its own: handed over, failing as a direct open, or closed untaken. */
class RunResourcesOpeningTest {
    private static final DuckSettings SETTINGS = new DuckSettings(null, null, null, false);

    @TempDir
    Path temp;

    @Test
    void takeHandsOverTheRunDatabaseMadeFromThePreflightDatabase() {
        Path staging = temp.resolve("staging.duckdb");
        DuckSession preflight = DuckSession.openInMemory(SETTINGS);

        try (RunResourcesOpening opening = RunResourcesOpening.start(staging, SETTINGS, preflight);
                RunResources resources = opening.take();
                DuckConnection connection = resources.session().connect()) {
            connection.execute("create table staging.t as select 42 as v");
            assertThat(connection.queryScalar("select v from staging.t")).contains(42);
            assertThat(preflight.isClosed()).as("the run took the preflight's database over").isTrue();
        }
        assertThat(staging).exists();
    }

    @Test
    void aFailedOpenThrowsWhatADirectOpenThrows() {
        Path staging = temp.resolve("no-such-directory").resolve("staging.duckdb");
        Throwable direct = catchThrowable(() -> RunResources.open(staging, SETTINGS, null).close());

        Throwable background;
        try (RunResourcesOpening opening = RunResourcesOpening.start(staging, SETTINGS, null)) {
            background = catchThrowable(opening::take);
        }

        assertThat(direct).isNotNull();
        assertThat(background).isExactlyInstanceOf(direct.getClass()).hasMessage(direct.getMessage());
    }

    @Test
    void resourcesNobodyTookAreClosedAndTheirStagingFileDeleted() throws Exception {
        Path staging = temp.resolve("staging.duckdb");
        DuckSession preflight = DuckSession.openInMemory(SETTINGS);

        try (RunResourcesOpening opening = RunResourcesOpening.start(staging, SETTINGS, preflight)) {
            assertThat(opening).isNotNull();
        }

        assertThat(preflight.isClosed()).isTrue();
        assertThat(staging).doesNotExist();
        assertThat(Path.of(staging + ".wal")).doesNotExist();
        try (var left = Files.list(temp)) {
            assertThat(left).isEmpty();
        }
    }
}
