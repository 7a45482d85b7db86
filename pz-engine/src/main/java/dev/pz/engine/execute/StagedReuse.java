package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSqlException;
import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.compile.SourceLoadNode;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Retry's reuse of a prior run's staged tables: the prior staging database is attached read-only
 * as {@value #ALIAS} for the run, and a reused source load copies its table from there (the source
 * itself is never contacted) after checking it holds the rows the prior run recorded. A load the
 * prior run fused into its chain left a view, not a table, and is extracted again.
 */
public final class StagedReuse {
    public static final String ALIAS = "pz_prior";
    private final String priorRunId;
    private final Map<String, Long> recordedRows;
    private final Consumer<String> notices;

    public StagedReuse(String priorRunId, Map<String, Long> recordedRows, Consumer<String> notices) {
        this.priorRunId = priorRunId;
        this.recordedRows = Map.copyOf(recordedRows);
        this.notices = notices;
    }

    public static StagedReuse none() {
        return new StagedReuse(null, Map.of(), notice -> { });
    }

    boolean covers(SourceLoadNode node) {
        return recordedRows.containsKey(node.id());
    }

    /** Copies the prior staged table; empty (with a note) when it cannot be reused and must be re-extracted. */
    Optional<Long> copy(SourceLoadNode node, DuckConnection connection, String table) {
        String prior = ALIAS + ".staging." + SqlLiterals.identifier(node.name());
        long expected = recordedRows.get(node.id());
        try {
            if (streamed(node, connection)) {
                notices.accept("source '" + node.datasetKey() + "': the prior run streamed it through a view (native"
                        + " fusion) and staged no table; re-extracting");
                return Optional.empty();
            }
            long found = ((Number) connection.queryScalar("select count(*) from " + prior).orElse(0L)).longValue();
            if (found != expected) {
                notices.accept("source '" + node.datasetKey() + "': prior run's staged table has " + found
                        + " row(s) but " + expected + " were recorded; re-extracting");
                return Optional.empty();
            }
            connection.execute("create or replace table " + table + " as select * from " + prior);
            return Optional.of(found);
        } catch (DuckSqlException e) {
            notices.accept("source '" + node.datasetKey() + "': staged data from the prior run could not be reused ("
                    + FailureMessages.redact(e.getMessage()) + "); re-extracting");
            return Optional.empty();
        }
    }

    /** Whether the prior run left a view for the load (a fused chain's), which holds no rows of its own. */
    private static boolean streamed(SourceLoadNode node, DuckConnection connection) {
        return connection.queryScalar("select count(*) from duckdb_views() where database_name = "
                + SqlLiterals.string(ALIAS) + " and schema_name = 'staging' and view_name = "
                + SqlLiterals.string(node.name())).map(found -> ((Number) found).longValue() > 0).orElse(false);
    }

    String priorRunId() {
        return priorRunId;
    }
}
