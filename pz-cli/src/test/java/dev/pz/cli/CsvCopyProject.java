package dev.pz.cli;

import dev.pz.testing.TestProject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntFunction;

/**
 * A project that copies one localfiles csv ({@code files.items}: {@code id bigint, name varchar},
 * in {@code items.csv}) to {@code lake.copy} as csv: the smallest run with a read, a pipeline and
 * a write, for tests about what a run reports while it moves rows.
 */
final class CsvCopyProject {

    private CsvCopyProject() {
    }

    /**
     * Writes the project into {@code directory} with {@code rows} rows whose name is
     * {@code name.apply(id)}, and {@code engineLines} under {@code engine:} in project.yml.
     */
    static Path write(Path directory, int rows, IntFunction<String> name, String... engineLines) {
        try {
            Files.createDirectories(directory);
            try (Writer csv = Files.newBufferedWriter(directory.resolve("items.csv"))) {
                csv.write("id,name\n");
                for (int i = 1; i <= rows; i++) {
                    csv.write(i + "," + name.apply(i) + "\n");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String[] projectLines = new String[engineLines.length + 1];
        projectLines[0] = "engine:";
        System.arraycopy(engineLines, 0, projectLines, 1, engineLines.length);
        TestProject.in(directory).projectYml("copy", projectLines)
                .file("connections.yml", """
                        files:
                          connector: localfiles
                          entities:
                            items:
                              read:
                                path: items.csv
                                format: csv
                                columns: {id: bigint, name: varchar}
                        lake:
                          connector: localfiles
                        """)
                .file("pipelines/copy.sql", "INSERT INTO {{ sink('lake', 'copy', strategy: 'replace', format: 'csv') }}\n"
                        + "select * from {{ source('files', 'items') }}\n");
        return directory;
    }
}
