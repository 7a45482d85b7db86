package dev.pz.engine.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A test-only pause at the one moment crash safety is about: every sink of the run has committed,
 * and no watermark or sync-state token has been written yet. It is inert unless the environment
 * variable {@value #VARIABLE} names a file; then the run reads that file to its end before it
 * advances any state. A test names a FIFO: its own open for writing returns exactly when the run
 * has reached the pause (no polling, no sleeps), and the run stays blocked in the read until the
 * test kills it with SIGKILL, or closes the FIFO to let it go on. A regular file is read and the
 * run goes on at once.
 */
final class StateWritePause {
    static final String VARIABLE = "PZ_TEST_PAUSE_BEFORE_STATE_WRITE";

    private StateWritePause() {
    }

    /** Blocks as described when {@value #VARIABLE} is set; returns at once otherwise. */
    static void here() {
        String named = System.getenv(VARIABLE);
        if (named == null || named.isEmpty()) {
            return;
        }
        try (InputStream in = Files.newInputStream(Path.of(named))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(VARIABLE + " names '" + named + "', which cannot be read", e);
        }
    }
}
