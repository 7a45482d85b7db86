package dev.pz.engine.artifacts;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Sizes for people: {@code 512 B}, {@code 8 KB}, {@code 12.1 KB}, {@code 1.2 GB} (1024-based, one decimal at most). */
public final class ByteCounts {
    private static final String[] UNITS = {"KB", "MB", "GB", "TB"};

    private ByteCounts() {
    }

    public static String format(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        String number = BigDecimal.valueOf(value).setScale(1, RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString();
        return number + " " + UNITS[unit];
    }
}
