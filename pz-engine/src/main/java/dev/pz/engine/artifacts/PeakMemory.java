package dev.pz.engine.artifacts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The memory a run actually used, recorded beside the static budget the plan printed: the process's
 * peak resident set ({@code VmHWM} of {@code /proc/self/status}; null where there is no such file)
 * and the highest peak of one universal node's Arrow allocator (channel batches and connector
 * buffers; 0 when every node is native).
 */
public record PeakMemory(Long rssBytes, long arrowBytes) {

    private static final Path STATUS = Path.of("/proc/self/status");

    /** The process's peak so far, with the Arrow peak {@code arrowBytes}. */
    public static PeakMemory measure(long arrowBytes) {
        OptionalLong rss = peakResidentBytes(STATUS);
        return new PeakMemory(rss.isPresent() ? rss.getAsLong() : null, arrowBytes);
    }

    /** The {@code VmHWM:} line of a {@code /proc/<pid>/status} file in bytes, or empty when unreadable. */
    static OptionalLong peakResidentBytes(Path status) {
        List<String> lines;
        try {
            lines = Files.readAllLines(status);
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
        for (String line : lines) {
            if (line.startsWith("VmHWM:")) {
                String[] parts = line.substring("VmHWM:".length()).trim().split("\\s+");
                try {
                    long kibibytes = Long.parseLong(parts[0]);
                    return OptionalLong.of(kibibytes * 1024);
                } catch (NumberFormatException e) {
                    return OptionalLong.empty();
                }
            }
        }
        return OptionalLong.empty();
    }

    /** The {@code peakMemory} object of run_results.json. */
    Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("rssBytes", rssBytes);
        json.put("arrowBytes", arrowBytes);
        return json;
    }
}
