package dev.pz.engine.artifacts;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The process's peak resident set from a {@code /proc/<pid>/status} file. */
class PeakMemoryTest {
    @TempDir
    Path temp;

    @Test
    void vmHwmIsReadInKibibytes() throws Exception {
        Path status = temp.resolve("status");
        Files.writeString(status, "Name:\tjava\nVmPeak:\t 9000 kB\nVmHWM:\t  143872 kB\nVmRSS:\t 100 kB\n");
        assertThat(PeakMemory.peakResidentBytes(status)).hasValue(143_872L * 1024);
    }

    @Test
    void aMissingOrOddFileHasNoPeak() throws Exception {
        assertThat(PeakMemory.peakResidentBytes(temp.resolve("absent"))).isEmpty();
        Path odd = temp.resolve("odd");
        Files.writeString(odd, "VmHWM:\tlots\n");
        assertThat(PeakMemory.peakResidentBytes(odd)).isEmpty();
    }

    @Test
    void onLinuxThisProcessHasOne() {
        if (Files.isReadable(Path.of("/proc/self/status"))) {
            assertThat(PeakMemory.measure(7).rssBytes()).isPositive();
            assertThat(PeakMemory.measure(7).arrowBytes()).isEqualTo(7);
        }
    }
}
