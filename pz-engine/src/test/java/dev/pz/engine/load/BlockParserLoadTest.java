package dev.pz.engine.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.ReadDef;
import dev.pz.engine.model.SourceLocation;
import dev.pz.engine.model.SyncDef;
import dev.pz.engine.model.WriteDef;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The read/write/retry block parsers as the compiler calls them with {@code source()}/{@code sink()}
 * kwargs (plain maps): errors take the call's location.
 */
class BlockParserLoadTest {
    private static final SourceLocation CALL = new SourceLocation("pipelines/p.sql", 2);
    private static final BlockContext SOURCE = new BlockContext("source('files', 'orders')", CALL, true);
    private static final BlockContext SINK = new BlockContext("sink('lake', 'out')", CALL, true);

    private static Map<String, Object> kwargs(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }

    private static PzError readError(Map<String, Object> kwargs) {
        Problems problems = new Problems();
        ReadBlockParser.parse(kwargs, SOURCE, problems);
        assertThat(problems.errors()).hasSize(1);
        PzError error = problems.errors().get(0);
        assertThat(error.file()).isEqualTo("pipelines/p.sql");
        assertThat(error.line()).isEqualTo(2);
        assertThat(error.message()).startsWith("source('files', 'orders'): ");
        return error;
    }

    private static PzError writeError(Map<String, Object> kwargs) {
        Problems problems = new Problems();
        WriteBlockParser.parse(kwargs, SINK, problems);
        assertThat(problems.errors()).hasSize(1);
        return problems.errors().get(0);
    }

    @Test
    void sourceKwargsParse() {
        Problems problems = new Problems();
        ReadDef read = ReadBlockParser.parse(kwargs("format", "csv", "columns", kwargs("id", "bigint"),
                "sync", kwargs("mode", "incremental", "cursor", "id", "max_window", 1000L),
                "retry", kwargs("max_attempts", 3L, "base_delay", "1s"), "partitions", 4L), SOURCE, problems);
        assertThat(problems.errors()).isEmpty();
        assertThat(read.options()).containsExactly(Map.entry("format", "csv"), Map.entry("partitions", 4L));
        assertThat(read.columns()).containsExactly(Map.entry("id", "bigint"));
        assertThat(read.sync()).isEqualTo(new SyncDef(SyncDef.Mode.INCREMENTAL, "id", "1000", null, null, null));
        assertThat(read.retry().maxAttempts()).isEqualTo(3);
        assertThat(read.retry().baseDelay()).isEqualTo(Duration.ofSeconds(1));
        assertThat(read.location()).isEqualTo(CALL);
    }

    @Test
    void a100SourceKwargRejections() {
        assertThat(readError(kwargs("rate_limit", kwargs("requests_per_minute", 1L))).code())
                .isEqualTo(PzCode.RATE_LIMIT_CONFIG_INVALID);
        assertThat(readError(kwargs("max_concurrency", 2L)).code()).isEqualTo(PzCode.RATE_LIMIT_CONFIG_INVALID);
        assertThat(readError(kwargs("table", "orders")).code()).isEqualTo(PzCode.RETIRED_ENTITY_QUALIFIER);
        assertThat(readError(kwargs("schema", "dbo")).code()).isEqualTo(PzCode.RETIRED_ENTITY_QUALIFIER);
        assertThat(readError(kwargs("incremental", kwargs("cursor", "u"))).hint()).contains("cursor: 'u'");
        assertThat(readError(kwargs("columns", List.of("id"))).code()).isEqualTo(PzCode.YAML_SHAPE);
        assertThat(readError(kwargs("sync", kwargs("mode", "bogus"))).code()).isEqualTo(PzCode.SYNC_MODE_INVALID);
        assertThat(readError(kwargs("retry", kwargs("max_attempts", 0L))).code()).isEqualTo(PzCode.RETRY_CONFIG_INVALID);
    }

    @Test
    void a100AllErrorsOfOneCallAreReported() {
        Problems problems = new Problems();
        ReadBlockParser.parse(kwargs("rate_limit", 1L, "table", "x", "sync", kwargs()), SOURCE, problems);
        assertThat(problems.errors()).extracting(PzError::code).containsExactly(PzCode.RATE_LIMIT_CONFIG_INVALID,
                PzCode.RETIRED_ENTITY_QUALIFIER, PzCode.SYNC_MODE_INVALID);
    }

    @Test
    void sinkKwargsParse() {
        Problems problems = new Problems();
        WriteDef write = WriteBlockParser.parse(kwargs("format", "parquet", "strategy", "merge", "keys", List.of("id"),
                "path", "out/"), SINK, problems);
        assertThat(problems.errors()).isEmpty();
        assertThat(write.strategy()).isEqualTo(WriteStrategy.MERGE);
        assertThat(write.keys()).containsExactly("id");
        assertThat(write.options()).containsExactly(Map.entry("format", "parquet"), Map.entry("path", "out/"));
        assertThat(write.location()).isEqualTo(CALL);
    }

    @Test
    void sinkKwargRejections() {
        assertThat(writeError(kwargs("max_concurrency", 2L)).code()).isEqualTo(PzCode.CONCURRENCY_CONFIG_INVALID);
        assertThat(writeError(kwargs("rate_limit", 2L)).code()).isEqualTo(PzCode.RATE_LIMIT_CONFIG_INVALID);
        assertThat(writeError(kwargs("mode", "replace")).code()).isEqualTo(PzCode.RETIRED_WRITE_SURFACE);
        assertThat(writeError(kwargs("accept_duplicates", true)).code()).isEqualTo(PzCode.RETIRED_WRITE_SURFACE);
        assertThat(writeError(kwargs("write", kwargs())).code()).isEqualTo(PzCode.RETIRED_WRITE_SURFACE);
        assertThat(writeError(kwargs("input", "x")).code()).isEqualTo(PzCode.REMOVED_INPUT_FIELD);
        assertThat(writeError(kwargs("keys", "id")).code()).isEqualTo(PzCode.YAML_SHAPE);
        assertThat(writeError(kwargs("keys", List.of("id", 3L))).code()).isEqualTo(PzCode.YAML_SHAPE);
        assertThat(writeError(kwargs("strategy", "replce")).hint()).isEqualTo("did you mean 'replace'?");
    }

    @Test
    void retryRules() {
        Problems problems = new Problems();
        BlockContext context = new BlockContext("connection 'c'", new SourceLocation("connections.yml", 4), false);
        assertThat(RetryParser.parse(null, context, problems)).isNull();
        assertThat(RetryParser.parse(kwargs("max_attempts", 5L, "base_delay", "2s", "max_delay", "1m"), context, problems))
                .isEqualTo(new dev.pz.engine.model.RetrySpec(5, Duration.ofSeconds(2), Duration.ofMinutes(1)));
        assertThat(problems.errors()).isEmpty();
        RetryParser.parse(kwargs("base_delay", "5m", "max_delay", "2s"), context, problems);
        RetryParser.parse(kwargs("max_attempts", 3L, "max_attemps", 1L), context, problems);
        assertThat(problems.errors()).extracting(PzError::message).containsExactly(
                "connection 'c': retry.max_delay (2s) is shorter than retry.base_delay (5m).",
                "connection 'c': unknown retry key 'max_attemps'.");
        assertThat(problems.errors().get(1).hint()).startsWith("did you mean 'max_attempts'?");
    }
}
