package dev.pz.engine;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which shard of which run a process is ({@code --shard i/N --run-id R}): {@code 0 <= i < N <= 1024};
 * the run id names the run every shard and its commit share (docs/scale-out.md).
 */
public record ShardRequest(int index, int count, String runId) {
    /** The largest shard count accepted. */
    public static final int MAX_SHARDS = 1024;
    private static final Pattern SHARD = Pattern.compile("(\\d{1,9})/(\\d{1,9})");

    /** Parses {@code --shard} and {@code --run-id} as given; PZ0703 with every problem found. */
    public static ShardRequest parse(String shard, String runId) {
        List<PzError> problems = new ArrayList<>();
        int index = -1;
        int count = -1;
        Matcher matcher = shard == null ? null : SHARD.matcher(shard.strip());
        if (matcher == null || !matcher.matches()) {
            problems.add(problem("--shard '" + shard + "' is not <i>/<N>"));
        } else {
            index = Integer.parseInt(matcher.group(1));
            count = Integer.parseInt(matcher.group(2));
            if (count < 1 || count > MAX_SHARDS || index >= count) {
                problems.add(problem("--shard " + shard + " is out of range: shards are numbered 0 to N-1, and N is 1 to "
                        + MAX_SHARDS));
            }
        }
        checkRunId(runId).ifPresent(problems::add);
        if (!problems.isEmpty()) {
            throw new PzValidationException(problems);
        }
        return new ShardRequest(index, count, runId);
    }

    /** Refuses a missing or malformed {@code --run-id} (PZ0703). */
    public static String requireRunId(String runId) {
        checkRunId(runId).ifPresent(problem -> {
            throw new PzValidationException(List.of(problem));
        });
        return runId;
    }

    private static java.util.Optional<PzError> checkRunId(String runId) {
        if (runId == null) {
            return java.util.Optional.of(problem("--run-id is required with --shard and pz commit"));
        }
        if (!ScaleOutRunIds.isValid(runId)) {
            return java.util.Optional.of(problem("--run-id '" + runId + "' must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}"));
        }
        return java.util.Optional.empty();
    }

    private static PzError problem(String message) {
        return new PzError(PzCode.SHARD_ARGUMENT_INVALID, message, null, 0,
                "pass e.g. --shard 3/8 --run-id nightly-2026-12-01; every process of one run gets the same N and run id");
    }
}
