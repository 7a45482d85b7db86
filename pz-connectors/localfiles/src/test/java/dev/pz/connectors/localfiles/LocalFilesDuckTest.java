package dev.pz.connectors.localfiles;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the localfiles tests that compare pz's own readers and writers with DuckDB need: a project
 * directory, an Arrow allocator (closing it after each test fails the test on a leaked buffer), an
 * in-memory DuckDB session with one connection, and the connector's test support.
 */
abstract class LocalFilesDuckTest {

    @TempDir
    Path project;

    BufferAllocator allocator;
    DuckSession session;
    DuckConnection duck;
    LocalFilesTestSupport support;

    @BeforeEach
    void openDuck() throws Exception {
        allocator = new RootAllocator();
        session = DuckSession.openInMemory(DuckSettings.defaults());
        duck = session.connect();
        support = new LocalFilesTestSupport(project);
    }

    @AfterEach
    void closeDuck() throws Exception {
        duck.close();
        support.close();
        session.close();
        allocator.close();
    }
}
