package dev.pz.connectors.http;

import dev.pz.connectors.api.ContractTypes;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAccessor;

/**
 * A canonical watermark as an API query expects it: numbers as they are, dates as
 * {@code yyyy-MM-dd}, timestamps as {@code yyyy-MM-ddTHH:mm:ssZ} in UTC — a lower bound truncated
 * to the second, an upper bound rounded up to the next second, so the window never loses a row.
 */
final class WatermarkText {

    private static final DateTimeFormatter SECONDS_UTC = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'");

    private WatermarkText() {
    }

    static String lower(String canonical, ContractTypes type) {
        return render(canonical, type, false);
    }

    static String upper(String canonical, ContractTypes type) {
        return render(canonical, type, true);
    }

    private static String render(String canonical, ContractTypes type, boolean roundUp) {
        if (canonical == null) {
            return null;
        }
        if (type == ContractTypes.DATE) {
            return canonical.length() >= 10 ? canonical.substring(0, 10) : canonical;
        }
        if (type != ContractTypes.TIMESTAMP) {
            return canonical;
        }
        LocalDateTime utc = utc(canonical.strip());
        LocalDateTime seconds = utc.truncatedTo(ChronoUnit.SECONDS);
        if (roundUp && !seconds.equals(utc)) {
            seconds = seconds.plusSeconds(1);
        }
        return SECONDS_UTC.format(seconds);
    }

    /** A timestamp's UTC wall time: with an offset or {@code Z}, converted; without, taken as UTC. */
    static LocalDateTime utc(String text) {
        String iso = text.length() > 10 && text.charAt(10) == ' ' ? text.substring(0, 10) + 'T' + text.substring(11)
                : text;
        try {
            if (iso.length() == 10) {
                return LocalDate.parse(iso).atStartOfDay();
            }
            TemporalAccessor parsed = DateTimeFormatter.ISO_DATE_TIME.parseBest(iso, OffsetDateTime::from,
                    LocalDateTime::from);
            return parsed instanceof OffsetDateTime offset
                    ? offset.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime() : (LocalDateTime) parsed;
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not a timestamp: " + text, e);
        }
    }
}
