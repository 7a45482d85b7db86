package dev.pz.engine.plan;

import dev.pz.engine.load.ByteSizes;
import dev.pz.engine.model.EngineConfig;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.OptionalLong;

/**
 * A run's static memory budget, a documented lower bound: DuckDB's memory limit, plus the Arrow
 * channels ({@code engine.threads × 6 × batch bytes}: four channel slots, one batch being
 * produced, one being ingested), plus a fixed 256 MiB for the JVM and everything else.
 */
public record MemoryBudget(Long duckdbBytes, String duckdbDisclaimer, long channelBytes, long fixedOverheadBytes,
        long totalBytes, String duckdbThreadsDisclaimer) {

    public static final long FIXED_OVERHEAD_BYTES = 256L * 1024 * 1024;
    public static final long DEFAULT_BATCH_BYTES = 32L * 1024 * 1024;
    public static final int SLOTS_PER_THREAD = 6;

    public static final String UNSET_DISCLAIMER = "duckdb.memory_limit is not set; DuckDB itself defaults to 80% of the "
            + "machine's RAM at run time, which cannot be computed deterministically here, so it is treated as 0 in the "
            + "total below.";
    public static final String THREADS_DISCLAIMER = "engine.duckdb.threads is not set (it is a different key from "
            + "engine.threads, which sizes the channel term above and does not reach DuckDB); DuckDB therefore uses the "
            + "machine's core count. DuckDB's memory floor scales with a table's column count times its thread count, "
            + "so a wide schema can exhaust duckdb.memory_limit even though this total says otherwise -- set "
            + "engine.duckdb.threads to make that floor deterministic.";

    public static MemoryBudget compute(EngineConfig engine) {
        long batchBytes = engine.batchBytes() != null ? engine.batchBytes() : DEFAULT_BATCH_BYTES;
        long channelBytes = engine.threads() * SLOTS_PER_THREAD * batchBytes;
        String limit = engine.duckdb().memoryLimit();
        Long duckdbBytes = null;
        String disclaimer;
        if (limit == null) {
            disclaimer = UNSET_DISCLAIMER;
        } else {
            OptionalLong parsed = ByteSizes.parse(limit);
            if (parsed.isPresent()) {
                duckdbBytes = parsed.getAsLong();
                disclaimer = null;
            } else {
                disclaimer = "duckdb.memory_limit '" + limit + "' is not a fixed byte size (e.g. DuckDB also accepts a "
                        + "bare percentage such as '80%'); treated as 0 in the total below.";
            }
        }
        long total = (duckdbBytes == null ? 0 : duckdbBytes) + channelBytes + FIXED_OVERHEAD_BYTES;
        String threadsDisclaimer = engine.duckdb().threads() == null ? THREADS_DISCLAIMER : null;
        return new MemoryBudget(duckdbBytes, disclaimer, channelBytes, FIXED_OVERHEAD_BYTES, total, threadsDisclaimer);
    }

    /** {@code memory budget: ~1.63 GB (duckdb 1.00 GB + channels 0.38 GB + overhead 256MB)}. */
    public String line() {
        String duckdb = duckdbBytes != null ? gigabytes(duckdbBytes) + " GB" : "unset (" + duckdbDisclaimer + ")";
        return "memory budget: ~" + gigabytes(totalBytes) + " GB (duckdb " + duckdb + " + channels "
                + gigabytes(channelBytes) + " GB + overhead 256MB)";
    }

    /** Bytes as GiB with two decimals, rounded half away from zero (1.625 prints 1.63). */
    static String gigabytes(long bytes) {
        return BigDecimal.valueOf(bytes).divide(BigDecimal.valueOf(1024L * 1024 * 1024), 10, RoundingMode.HALF_UP)
                .setScale(2, RoundingMode.HALF_UP).toPlainString();
    }
}
