package dev.pz.connectors.sql;

import dev.pz.connectors.api.DatasetSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The incremental bounds of a read as SQL the database compares itself, the way pz's database
 * connectors push them down: a number (optional {@code -}, digits, at most one {@code .}) is written
 * bare; anything else is a string literal, and a canonical timestamp
 * ({@code yyyy-MM-ddTHH:mm:ss…}) gets a space instead of the {@code T} first, so that a timestamp
 * stored as text (SQLite, MySQL DATETIME) compares in the same order as the stored value.
 */
public final class WatermarkLiterals {

    private static final Pattern NUMBER = Pattern.compile("-?(\\d+\\.?\\d*|\\.\\d+)");

    private WatermarkLiterals() {
    }

    /** The literal for one canonical watermark value. */
    public static String literal(String canonical) {
        if (NUMBER.matcher(canonical).matches()) {
            return canonical;
        }
        return SqlDialect.string(looksLikeTimestamp(canonical)
                ? canonical.substring(0, 10) + " " + canonical.substring(11) : canonical);
    }

    /**
     * The bound terms for the read's watermark: {@code cursor > lower} ({@code >=} when inclusive)
     * when a lower value exists, {@code cursor <= upper} for a window. Empty for a full read.
     */
    public static List<String> terms(DatasetSpec.Watermark watermark, SqlDialect dialect) {
        List<String> terms = new ArrayList<>();
        if (watermark == null || watermark.cursor() == null) {
            return terms;
        }
        String cursor = dialect.quote(watermark.cursor());
        if (watermark.lowerValue() != null) {
            terms.add(cursor + (watermark.lowerInclusive() ? " >= " : " > ") + literal(watermark.lowerValue()));
        }
        if (watermark.upperBound() != null) {
            terms.add(cursor + " <= " + literal(watermark.upperBound()));
        }
        return terms;
    }

    private static boolean looksLikeTimestamp(String value) {
        return value.length() >= 19 && value.charAt(10) == 'T' && value.charAt(4) == '-' && value.charAt(7) == '-'
                && value.charAt(13) == ':' && value.charAt(16) == ':';
    }
}
