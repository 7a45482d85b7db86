package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Calendar path templates end to end on localfiles: each run of a one-day window reads only that
 * day's folder and advances the watermark by a day; a partition_by output lands one file per day folder.
 */
class CalendarPathRunTest {

    @TempDir
    Path temp;

    private static TestProject project(Path directory, boolean universal) {
        TestProject project = TestProject.in(directory)
                .projectYml("calendar", Catalogue.LOCALFILES, "engine:\n  threads: 1"
                        + (universal ? "\n  force_universal: true" : ""))
                .file("connections.yml", """
                        files:
                          connector: localfiles
                          entities:
                            events:
                              read:
                                path: events/{yyyy}/{MM}/{dd}/*.parquet
                                format: parquet
                                columns: {id: bigint, ts: timestamp}
                                sync: {mode: incremental, cursor: ts, max_window: 1d, initial: '2026-07-10'}
                        lake:
                          connector: localfiles
                        """)
                .file("pipelines/daily.sql", "INSERT INTO {{ sink('lake', 'daily', strategy: 'append', duplicates:"
                        + " 'accept', format: 'parquet', path: 'out/{yyyy}/{MM}/{dd}/', partition_by: 'ts') }}\n"
                        + "select id, ts from {{ source('files', 'events') }}\n");
        for (int day = 10; day <= 13; day++) {
            Path folder = directory.resolve("events/2026/07/" + day);
            try {
                java.nio.file.Files.createDirectories(folder);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            Duck.execute("copy (select " + day + " * 100 + range as id, timestamp '2026-07-" + day
                    + " 01:00:00' + to_hours(range) as ts from range(3)) to '" + folder.resolve("part.parquet")
                    + "' (format parquet)");
        }
        return project;
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void eachRunReadsOneDayFolderAndFansItOutByDay(boolean universal) {
        Path directory = temp.resolve(universal ? "universal" : "native");
        TestProject project = project(directory, universal);
        CliRun plan = CliRun.pz(project.path(), "plan");
        assertThat(plan.out()).contains("arrow stream");
        for (int run = 1; run <= 2; run++) {
            CliRun result = CliRun.pz(project.path(), "run", "--all");
            assertThat(result.exitCode()).as(result.toString()).isZero();
            assertThat(result.out()).contains("ok src_files__events 3 rows");
        }
        // (07-10 00:00, 07-11 00:00] then (07-11 00:00, 07-12 00:00]: the 10th's and the 11th's rows (01:00 to
        // 03:00), each day in its own folder; the 12th is beyond both windows.
        assertThat(RunArtifacts.listFiles(directory.resolve("out/2026/07/10"))).singleElement()
                .satisfies(name -> assertThat(name).matches("daily-[0-9a-f]{32}\\.parquet"));
        assertThat(RunArtifacts.listFiles(directory.resolve("out/2026/07/11"))).hasSize(1);
        assertThat(directory.resolve("out/2026/07/12")).doesNotExist();
        assertThat(Duck.rows("select min(id), max(id), count(*) from read_parquet('" + directory.resolve("out")
                + "/**/*.parquet')")).containsExactly("1000|1102|6");
    }

    @Test
    void aDateTemplatedPathWithoutAWindowIsRefusedBeforeAnythingRuns() {
        TestProject project = TestProject.in(temp.resolve("unbounded")).projectYml("unbounded", Catalogue.LOCALFILES)
                .file("connections.yml", """
                        files:
                          connector: localfiles
                          entities:
                            events:
                              read:
                                path: events/{yyyy}/{MM}/*.csv
                                columns: {id: bigint, ts: timestamp}
                                sync: {mode: incremental, cursor: ts}
                        lake:
                          connector: localfiles
                        """)
                .file("pipelines/p.sql", "INSERT INTO {{ sink('lake', 'o', strategy: 'append', duplicates: 'accept') }}"
                        + "\nselect * from {{ source('files', 'events') }}\n");
        for (String verb : new String[] {"validate", "plan"}) {
            CliRun run = CliRun.pz(project.path(), verb);
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).contains("error PZ0221: source 'files.events': a date-templated path requires a"
                    + " bounded window");
        }
        assertThat(project.path().resolve(".pz/runs")).doesNotExist();
    }
}
