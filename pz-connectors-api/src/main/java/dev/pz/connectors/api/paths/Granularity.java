package dev.pz.connectors.api.paths;

import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;

/** The calendar buckets of a templated path, coarse to fine. */
public enum Granularity {
    YEAR("Year"), MONTH("Month"), DAY("Day"), HOUR("Hour"), MINUTE("Minute");

    private final String displayName;

    Granularity(String displayName) {
        this.displayName = displayName;
    }

    /** The name messages print: {@code Year}, {@code Month}, … */
    public String displayName() {
        return displayName;
    }

    /** The start of the bucket holding {@code time}. */
    LocalDateTime floor(LocalDateTime time) {
        return switch (this) {
            case YEAR -> time.truncatedTo(ChronoUnit.DAYS).withDayOfYear(1);
            case MONTH -> time.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1);
            case DAY -> time.truncatedTo(ChronoUnit.DAYS);
            case HOUR -> time.truncatedTo(ChronoUnit.HOURS);
            case MINUTE -> time.truncatedTo(ChronoUnit.MINUTES);
        };
    }

    /** The start of the next bucket after the one starting at {@code start}. */
    LocalDateTime next(LocalDateTime start) {
        return switch (this) {
            case YEAR -> start.plusYears(1);
            case MONTH -> start.plusMonths(1);
            case DAY -> start.plusDays(1);
            case HOUR -> start.plusHours(1);
            case MINUTE -> start.plusMinutes(1);
        };
    }

    @Override
    public String toString() {
        return displayName;
    }
}
