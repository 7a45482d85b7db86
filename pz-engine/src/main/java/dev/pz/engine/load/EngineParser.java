package dev.pz.engine.load;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.EngineConfig;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.SourceLocation;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** project.yml {@code engine:}. Every problem is {@code PZ0120}; all are reported. */
final class EngineParser {
    static final List<String> KEYS =
            List.of("threads", "batch_bytes", "force_universal", "check_samples", "duckdb", "breaker", "node_timeout",
                    "fusion");
    static final List<String> DUCKDB_KEYS = List.of("memory_limit", "threads", "temp_directory");
    static final List<String> BREAKER_KEYS = List.of("failure_threshold", "cool_down");
    static final long MIN_BATCH_BYTES = 1_048_576L;
    static final long MAX_BATCH_BYTES = 536_870_912L;

    private final String file;
    private final Problems problems;

    EngineParser(String file, Problems problems) {
        this.file = file;
        this.problems = problems;
    }

    EngineConfig parse(YamlNode node) {
        EngineConfig defaults = EngineConfig.defaults();
        if (node == null || node.isEmpty()) {
            return defaults;
        }
        if (!(node instanceof YamlNode.Mapping engine)) {
            error("engine must be a mapping (got " + node.describe() + ").", node.line(),
                    "write engine settings as keys, e.g. engine: {threads: 4}");
            return defaults;
        }
        int threads = defaults.threads();
        Long batchBytes = null;
        boolean forceUniversal = defaults.forceUniversal();
        EngineConfig.FusionScope fusion = defaults.fusion();
        boolean checkSamples = defaults.checkSamples();
        EngineConfig.DuckDbSettings duckdb = defaults.duckdb();
        EngineConfig.BreakerConfig breaker = null;
        Duration nodeTimeout = null;
        for (YamlNode.Entry entry : engine.entries().values()) {
            YamlNode value = entry.value();
            Object plain = value.toPlain();
            int line = entry.line();
            // An empty breaker or node_timeout is a control left half-written, not a default: refused below.
            if (value.isEmpty() && !List.of("duckdb", "breaker", "node_timeout").contains(entry.key())) {
                continue;
            }
            switch (entry.key()) {
                case "threads" -> {
                    Integer parsed = integer("engine.threads", plain, 1, Integer.MAX_VALUE, line, "threads must be >= 1");
                    if (parsed != null) {
                        threads = parsed;
                    }
                }
                case "batch_bytes" -> {
                    Long parsed = Values.asLong(plain).orElse(null);
                    if (parsed == null || parsed < MIN_BATCH_BYTES || parsed > MAX_BATCH_BYTES) {
                        error("engine.batch_bytes must be an integer between " + MIN_BATCH_BYTES + " (1 MiB) and "
                                + MAX_BATCH_BYTES + " (512 MiB) (got " + Values.describe(plain) + ").", line,
                                "the default is 33554432 (32 MiB)");
                    } else {
                        batchBytes = parsed;
                    }
                }
                case "force_universal" -> forceUniversal = bool("engine.force_universal", plain, line, forceUniversal);
                case "fusion" -> fusion = EngineConfig.FusionScope.of(bool("engine.fusion", plain, line,
                        fusion == EngineConfig.FusionScope.ALL_CHAINS));
                case "check_samples" -> checkSamples = bool("engine.check_samples", plain, line, checkSamples);
                case "duckdb" -> duckdb = parseDuckDb(value);
                case "breaker" -> breaker = parseBreaker(value);
                case "node_timeout" -> {
                    nodeTimeout = Durations.parsePositive(plain).orElse(null);
                    if (nodeTimeout == null) {
                        error("engine.node_timeout must be a positive duration (got " + Values.describe(plain) + ").", line,
                                "write an integer and one unit of ms, s, m, h or d, e.g. 45m; delete it for no limit");
                    }
                }
                default -> unknown("engine", entry.key(), KEYS, line);
            }
        }
        return new EngineConfig(threads, batchBytes, forceUniversal, checkSamples, duckdb, breaker, nodeTimeout,
                fusion);
    }

    private EngineConfig.DuckDbSettings parseDuckDb(YamlNode node) {
        if (node.isEmpty()) {
            return EngineConfig.DuckDbSettings.unset();
        }
        if (!(node instanceof YamlNode.Mapping duckdb)) {
            error("engine.duckdb must be a mapping (got " + node.describe() + ").", node.line(),
                    "write e.g. duckdb: {memory_limit: 4GiB, threads: 2}");
            return EngineConfig.DuckDbSettings.unset();
        }
        String memoryLimit = null;
        Integer threads = null;
        String tempDirectory = null;
        Map<String, SourceLocation> locations = new LinkedHashMap<>();
        for (YamlNode.Entry entry : duckdb.entries().values()) {
            YamlNode value = entry.value();
            if (value.isEmpty()) {
                continue;
            }
            locations.put(entry.key(), new SourceLocation(file, entry.line()));
            switch (entry.key()) {
                case "memory_limit" -> {
                    if (value instanceof YamlNode.Scalar scalar) {
                        memoryLimit = scalar.text();
                    } else {
                        error("engine.duckdb.memory_limit must be a size like 4GiB or 80% (got " + value.describe() + ").",
                                entry.line(), null);
                    }
                }
                case "threads" -> threads = integer("engine.duckdb.threads", value.toPlain(), 1, Integer.MAX_VALUE,
                        entry.line(), "duckdb.threads must be >= 1");
                case "temp_directory" -> {
                    if (value instanceof YamlNode.Scalar scalar && scalar.value() instanceof String text) {
                        tempDirectory = text;
                    } else {
                        error("engine.duckdb.temp_directory must be a directory path (got " + value.describe() + ").",
                                entry.line(), null);
                    }
                }
                default -> unknown("engine.duckdb", entry.key(), DUCKDB_KEYS, entry.line());
            }
        }
        return new EngineConfig.DuckDbSettings(memoryLimit, threads, tempDirectory, locations);
    }

    private EngineConfig.BreakerConfig parseBreaker(YamlNode node) {
        if (node.isEmpty()) {
            error("engine.breaker.failure_threshold is missing.", node.line(),
                    "a breaker needs both failure_threshold and cool_down, e.g. breaker: {failure_threshold: 5, "
                            + "cool_down: 2m}; delete breaker: for none");
            return null;
        }
        if (!(node instanceof YamlNode.Mapping breaker)) {
            error("engine.breaker must be a mapping with failure_threshold and cool_down (got " + node.describe() + ").",
                    node.line(), "write e.g. breaker: {failure_threshold: 5, cool_down: 2m}");
            return null;
        }
        Integer threshold = null;
        Duration coolDown = null;
        boolean valid = true;
        for (YamlNode.Entry entry : breaker.entries().values()) {
            Object plain = entry.value().toPlain();
            switch (entry.key()) {
                case "failure_threshold" -> {
                    threshold = Values.asIntIn(plain, 1, Integer.MAX_VALUE).orElse(null);
                    if (threshold == null) {
                        valid = false;
                        error("engine.breaker.failure_threshold must be between 1 and 2147483647 (got "
                                + Values.describe(plain) + ").", entry.line(),
                                "the number of consecutive transient failures that opens a connection's breaker");
                    }
                }
                case "cool_down" -> {
                    coolDown = Durations.parsePositive(plain).orElse(null);
                    if (coolDown == null) {
                        valid = false;
                        error("engine.breaker.cool_down must be a positive duration (got " + Values.describe(plain) + ").",
                                entry.line(), "write an integer and one unit of ms, s, m, h or d, e.g. 2m");
                    }
                }
                default -> {
                    valid = false;
                    unknown("engine.breaker", entry.key(), BREAKER_KEYS, entry.line());
                }
            }
        }
        if (!breaker.entries().containsKey("failure_threshold")) {
            valid = false;
            error("engine.breaker.failure_threshold is missing.", breaker.line(),
                    "a breaker needs both failure_threshold and cool_down");
        }
        if (!breaker.entries().containsKey("cool_down")) {
            valid = false;
            error("engine.breaker.cool_down is missing.", breaker.line(),
                    "a breaker needs both failure_threshold and cool_down");
        }
        return valid ? new EngineConfig.BreakerConfig(threshold, coolDown) : null;
    }

    private Integer integer(String key, Object value, long min, long max, int line, String hint) {
        Long number = Values.asLong(value).orElse(null);
        if (number == null) {
            error(key + " must be an integer (got " + Values.describe(value) + ").", line, hint);
            return null;
        }
        if (number < min || number > max) {
            error(key + " must be between " + min + " and " + max + " (got " + number + ").", line, hint);
            return null;
        }
        return number.intValue();
    }

    private boolean bool(String key, Object value, int line, boolean fallback) {
        if (value instanceof Boolean flag) {
            return flag;
        }
        error(key + " must be true or false (got " + Values.describe(value) + ").", line,
                "write true or false, lowercase and unquoted");
        return fallback;
    }

    private void unknown(String block, String key, List<String> valid, int line) {
        error(block + " has an unknown key '" + key + "'.", line, NearMiss.didYouMean(key, valid).map(s -> s + " ")
                .orElse("") + "valid keys: " + String.join(", ", valid));
    }

    private void error(String message, int line, String hint) {
        problems.error(PzCode.INVALID_ENGINE_CONFIG, file + ": " + message, new SourceLocation(file, line), hint);
    }
}
