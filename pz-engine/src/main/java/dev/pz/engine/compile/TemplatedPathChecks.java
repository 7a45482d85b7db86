package dev.pz.engine.compile;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.paths.PartitionColumns;
import dev.pz.connectors.api.paths.PathTemplate;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.ReadDef;
import dev.pz.engine.model.SourceLocation;
import dev.pz.engine.model.SyncDef;
import dev.pz.engine.model.WriteDef;
import java.util.List;

/**
 * The compile-time rules of calendar path templates and the options that go with them, checked
 * without any connector: a templated read path needs well-formed tokens (PZ0218), a date or
 * timestamp incremental cursor (PZ0217) and a bounded window so every run has both bounds
 * (PZ0221); {@code files_per_partition} is a positive integer (PZ0222); {@code partition_by} names a
 * column or columns, and calendar tokens in an output path need exactly one (PZ0219). Whether the
 * connector can honour them is the planner's question (PZ0314, PZ0312).
 */
final class TemplatedPathChecks {

    static final String PATH = "path";
    static final String FILES_PER_PARTITION = "files_per_partition";

    private final Problems problems;

    TemplatedPathChecks(Problems problems) {
        this.problems = problems;
    }

    void checkDataset(String key, ReadDef read, SourceLocation at) {
        Object filesPerPartition = read.options().get(FILES_PER_PARTITION);
        if (filesPerPartition != null && !positiveInteger(filesPerPartition)) {
            problems.error(PzCode.FILES_PER_PARTITION_INVALID, "source '" + key + "': files_per_partition '"
                    + filesPerPartition + "' must be a positive integer", at,
                    "set files_per_partition to a positive integer, or remove it");
        }
        Object path = read.options().get(PATH);
        if (!(path instanceof String pattern) || !PathTemplate.hasDateTokens(pattern)) {
            return;
        }
        validateTokens(pattern, "source '" + key + "'", at);
        SyncDef sync = read.sync();
        String cursorType = sync == null || !sync.isIncremental() ? null
                : WindowDeclaration.cursorType(sync.cursor(), read).orElse(null);
        if (!"date".equals(cursorType) && !"timestamp".equals(cursorType)) {
            problems.error(PzCode.TEMPLATED_PATH_CURSOR_INVALID, "source '" + key + "': a date-templated path"
                    + " requires an incremental date cursor (type date or timestamp); add `sync: {mode: incremental,"
                    + " cursor: <col>}` naming a date/timestamp column", at,
                    "sync:\n  mode: incremental\n  cursor: <column>  # date or timestamp");
        } else if (sync.maxWindow() == null || sync.initial() == null) {
            problems.error(PzCode.TEMPLATED_PATH_WINDOW_REQUIRED, "source '" + key + "': a date-templated path"
                    + " requires a bounded window so both watermark bounds are stamped on every run (including the"
                    + " first); add `initial:` and `max_window:` under `sync:`", at,
                    "sync:\n  mode: incremental\n  cursor: <column>\n  max_window: 1d\n  initial: \"2020-01-01\"");
        }
    }

    void checkOutput(String name, WriteDef write, SourceLocation at) {
        Object path = write.options().get(PATH);
        boolean templated = path instanceof String pattern && PathTemplate.hasDateTokens(pattern);
        PartitionColumns.Parsed partitionBy = PartitionColumns.parse(write.options());
        List<String> columns = partitionBy.columns();
        if (!partitionBy.ok()) {
            problems.error(PzCode.PARTITIONED_OUTPUT_CONFIG_INVALID, "output '" + name + "' declares partition_by: but "
                    + partitionBy.problem(), at, "set partition_by: to a column name, or to a list of column names");
        } else if (templated && columns.isEmpty()) {
            problems.error(PzCode.PARTITIONED_OUTPUT_CONFIG_INVALID, "output '" + name + "' has a date-templated path"
                    + " but declares no partition_by: -- there is no column to substitute the tokens from at write time",
                    at, "add `partition_by: <column>` naming the column to partition by");
        } else if (templated && columns.size() > 1) {
            problems.error(PzCode.PARTITIONED_OUTPUT_CONFIG_INVALID, "output '" + name + "' declares partition_by: with "
                    + columns.size() + " columns and a date-templated path -- calendar tokens render from exactly one"
                    + " timestamp column, so there is no way to choose between them", at,
                    "name a single timestamp column in partition_by:, or remove the calendar tokens from path:");
        }
        if (templated) {
            validateTokens((String) path, "output '" + name + "'", at);
        }
    }

    private void validateTokens(String pattern, String subject, SourceLocation at) {
        try {
            PathTemplate.validate(pattern, subject);
        } catch (PzConnectorException e) {
            problems.error(PzCode.TEMPLATED_PATH_TOKENS_INVALID, e.getMessage(), at,
                    "use {yyyy} (or {yy}), {MM}, {dd}, {HH}, {mm}, coarse to fine without gaps");
        }
    }

    private static boolean positiveInteger(Object value) {
        if (value instanceof Long number) {
            return number > 0;
        }
        if (value instanceof String text) {
            try {
                return Integer.parseInt(text.strip()) > 0;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return false;
    }
}
