package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code scripts/macro-bench-mssql.sh} where no SQL Server is named: it says SKIP and exits 0
 * before building anything, so it can run on any machine (with a server it needs
 * {@code BENCH_MSSQL_URL}; see docs/sqlserver.md).
 */
class MacroBenchMssqlSkipTest {

    @Test
    void withoutAServerTheBenchmarkSkipsCleanly() throws Exception {
        Path script = Path.of("..", "scripts", "macro-bench-mssql.sh").toAbsolutePath().normalize();
        assertThat(script).isRegularFile();
        ProcessBuilder builder = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true);
        builder.environment().remove("BENCH_MSSQL_URL");
        builder.environment().remove("PZ_TEST_MSSQL_URL");
        Process process = builder.start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the script ends").isTrue();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output).isEqualTo("SKIP: no SQL Server -- set BENCH_MSSQL_URL (or PZ_TEST_MSSQL_URL) to a "
                + "jdbc:sqlserver:// URL\n");
        assertThat(Files.isExecutable(script)).isTrue();
    }
}
