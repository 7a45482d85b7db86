package dev.pz.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class VersionTest {

    @Test
    void versionPrintsSemverPlusCommit() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = PzCommandLine.create(Console.of(out, err)).execute("--version");
        assertEquals(0, code);
        assertEquals("", err.toString());
        assertTrue(out.toString().matches("\\d+\\.\\d+\\.\\d+\\+\\S+\\n"), out.toString());
    }
}
