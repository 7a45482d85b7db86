package dev.pz.connectors.localfiles;

import static dev.pz.connectors.localfiles.LocalFilesTestSupport.config;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.dataset;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Path rules: everything relative is anchored at
 * the project directory through {@code root:}, and a relative path never leaves the root.
 */
class LocalFilesPathsTest {

    @TempDir
    Path project;

    private NativeScan scan(String root, Object... options) {
        return new LocalFilesSource(LocalFilesPaths.of(config(project, root)))
                .nativeScan(dataset("orders", options(options), null)).orElseThrow();
    }

    @Test
    void defaultReadPathIsEntityDotFormatUnderRoot() {
        assertThat(scan(null).sqlFragment()).startsWith("read_csv('" + project.resolve("orders.csv") + "'");
        assertThat(scan("data").sqlFragment()).startsWith("read_csv('" + project.resolve("data/orders.csv") + "'");
        assertThat(scan("data", "format", "parquet").sqlFragment())
                .isEqualTo("read_parquet('" + project.resolve("data/orders.parquet") + "')");
        assertThat(scan("data", "format", "parquet").location()).isEqualTo("orders.parquet");
    }

    @Test
    void absoluteRootWins() {
        Path elsewhere = project.resolve("elsewhere").toAbsolutePath();
        assertThat(LocalFilesPaths.of(config(project, elsewhere.toString())).root()).isEqualTo(elsewhere);
        assertThat(LocalFilesPaths.of(config(project, "data")).root()).isEqualTo(project.resolve("data").toAbsolutePath());
    }

    @Test
    void relativePathResolvesUnderRootAndKeepsItsWrittenForm() {
        NativeScan scan = scan("data", "path", "sub/../sub/o.csv");
        assertThat(scan.sqlFragment()).startsWith("read_csv('" + project.resolve("data/sub/o.csv") + "'");
        assertThat(scan.location()).isEqualTo("sub/../sub/o.csv");
    }

    @Test
    void absolutePathIgnoresRoot() {
        Path file = project.resolve("abs/o.csv").toAbsolutePath();
        NativeScan scan = scan("data", "path", file.toString());
        assertThat(scan.sqlFragment()).startsWith("read_csv('" + file + "'");
        assertThat(scan.location()).isEqualTo(file.toString());
    }

    @Test
    void relativePathEscapingRootIsRefused() {
        assertThatThrownBy(() -> scan("data", "path", "../secrets.csv"))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.code()).contains(PzCode.PATH_ESCAPES_ROOT))
                .hasMessage("connection 'files': dataset 'orders' path '../secrets.csv' resolves outside 'root:'");
        assertThatThrownBy(() -> scan("data", "path", "sub/../../data2/x.csv")).isInstanceOf(PzConnectorException.class);
    }

    @Test
    void globsPassThroughToDuckDb() {
        assertThat(scan(null, "path", "in/*.csv").sqlFragment()).startsWith("read_csv('" + project.resolve("in") + "/*.csv'");
    }
}
