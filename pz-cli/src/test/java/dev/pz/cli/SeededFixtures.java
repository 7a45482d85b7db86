package dev.pz.cli;

import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Catalogue fixtures whose data is binary, seeded through DuckDB as the catalogue says. */
public final class SeededFixtures {

    private SeededFixtures() {
    }

    /** F12 parquet-to-csv with its data/orders.parquet. */
    public static TestProject f12(Path directory) {
        TestProject project = Catalogue.f12(directory);
        try {
            Files.createDirectories(directory.resolve("data"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Duck.execute("COPY (SELECT * FROM (VALUES (1,'alice',10.25),(2,'bob',20.50),(3,'alice',30.75),(4,'carol',5.00),"
                + "(5,'bob',15.25),(6,'alice',25.00),(7,'carol',35.50),(8,'bob',45.25),(9,'alice',25.00),"
                + "(10,'carol',65.00)) t(id, customer, amount)) TO '" + directory.resolve("data/orders.parquet")
                + "' (FORMAT parquet)");
        return project;
    }
}
