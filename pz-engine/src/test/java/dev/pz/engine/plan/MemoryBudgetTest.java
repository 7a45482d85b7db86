package dev.pz.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.engine.model.EngineConfig;
import dev.pz.engine.model.EngineConfig.DuckDbSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A106/A107: the budget's exact numbers, disclaimers and console line. */
class MemoryBudgetTest {
    static final String THREADS_DISCLAIMER = "engine.duckdb.threads is not set (it is a different key from engine.threads, "
            + "which sizes the channel term above and does not reach DuckDB); DuckDB therefore uses the machine's core "
            + "count. DuckDB's memory floor scales with a table's column count times its thread count, so a wide schema "
            + "can exhaust duckdb.memory_limit even though this total says otherwise -- set engine.duckdb.threads to make "
            + "that floor deterministic.";
    static final String UNSET_DISCLAIMER = "duckdb.memory_limit is not set; DuckDB itself defaults to 80% of the machine's "
            + "RAM at run time, which cannot be computed deterministically here, so it is treated as 0 in the total below.";

    private static EngineConfig engine(int threads, Long batchBytes, String memoryLimit, Integer duckdbThreads) {
        return new EngineConfig(threads, batchBytes, false, true, new DuckDbSettings(memoryLimit, duckdbThreads, null),
                null, null);
    }

    @Test
    void f02BudgetIsExact() {
        MemoryBudget budget = MemoryBudget.compute(engine(2, null, "1GiB", null));
        assertThat(budget).isEqualTo(new MemoryBudget(1073741824L, null, 402653184L, 268435456L, 1744830464L,
                THREADS_DISCLAIMER));
        assertThat(budget.line())
                .isEqualTo("memory budget: ~1.63 GB (duckdb 1.00 GB + channels 0.38 GB + overhead 256MB)");
    }

    @Test
    void threadsBatchBytesAndLimitFeedTheFormula() {
        MemoryBudget budget = MemoryBudget.compute(engine(3, 10_000_000L, "2GiB", 4));
        assertThat(budget.channelBytes()).isEqualTo(180_000_000L);
        assertThat(budget.duckdbBytes()).isEqualTo(2147483648L);
        assertThat(budget.totalBytes()).isEqualTo(2147483648L + 180_000_000L + 268435456L);
        assertThat(budget.duckdbThreadsDisclaimer()).isNull();
        assertThat(budget.duckdbDisclaimer()).isNull();
    }

    @Test
    void unsetLimitIsNullWithDisclaimerAndCountsAsZero() {
        MemoryBudget budget = MemoryBudget.compute(EngineConfig.defaults());
        assertThat(budget.duckdbBytes()).isNull();
        assertThat(budget.duckdbDisclaimer()).isEqualTo(UNSET_DISCLAIMER);
        assertThat(budget.channelBytes()).isEqualTo(805306368L);
        assertThat(budget.totalBytes()).isEqualTo(805306368L + 268435456L);
        assertThat(budget.line()).isEqualTo("memory budget: ~1.00 GB (duckdb unset (" + UNSET_DISCLAIMER
                + ") + channels 0.75 GB + overhead 256MB)");
    }

    @Test
    void percentageLimitIsNotAFixedSize() {
        MemoryBudget budget = MemoryBudget.compute(engine(4, null, "80%", null));
        assertThat(budget.duckdbBytes()).isNull();
        assertThat(budget.duckdbDisclaimer()).isEqualTo("duckdb.memory_limit '80%' is not a fixed byte size (e.g. DuckDB "
                + "also accepts a bare percentage such as '80%'); treated as 0 in the total below.");
        assertThat(budget.totalBytes()).isEqualTo(805306368L + 268435456L);
    }

    @ParameterizedTest
    @CsvSource({
        "512MiB, 536870912",
        "1GB, 1000000000",
        "2TiB, 2199023255552",
        "1048576, 1048576",
        "1 gib, 1073741824",
        "3kb, 3000",
        "1KiB, 1024"})
    void sizeLiteralsParse(String literal, long bytes) {
        assertThat(MemoryBudget.compute(engine(1, null, literal, 1)).duckdbBytes()).isEqualTo(bytes);
    }

    @ParameterizedTest
    @CsvSource({
        "1744830464, 1.63",   // 1.625 rounds half away from zero (a half-even formatter prints 1.62)
        "402653184, 0.38",    // 0.375
        "1073741824, 1.00",
        "0, 0.00",
        "5368709120, 5.00",
        "1181116006, 1.10"})
    void gigabytesRoundHalfAwayFromZero(long bytes, String text) {
        assertThat(MemoryBudget.gigabytes(bytes)).isEqualTo(text);
    }
}
