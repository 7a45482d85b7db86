package dev.pz.engine.execute;

import dev.pz.connectors.api.ChangeCapturePartition;
import dev.pz.connectors.api.ChangeRows;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.events.ChangeCounts;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The landing of a change capture ({@code sync: {mode: cdc}}): the connector's change rows (see
 * {@link ChangeRows}) land as they are in {@code <staging>__changes}; then DuckDB keeps the last
 * change of each key, so the staging table holds the rows that exist after the changes (without the
 * change columns) and {@code <staging>__deletes} the rows whose last change deleted them. A merge
 * output upserts the first and, with {@code on_delete:}, applies the second.
 */
final class ChangeLanding {
    static final String CHANGES_SUFFIX = "__changes";
    static final String DELETES_SUFFIX = "__deletes";
    private static final String RANK = "__pz_rank";

    private ChangeLanding() {
    }

    /** The staging table of a cdc source's deleted keys. */
    static String deletes(SourceLoadNode node) {
        return Relations.staging(node.name() + DELETES_SUFFIX);
    }

    static NodeOutcome land(SourceLoadNode node, RunContext context, DuckConnection connection) {
        String subject = "source '" + node.datasetKey() + "'";
        String table = Relations.staging(node.name());
        String changes = Relations.staging(node.name() + CHANGES_SUFFIX);
        DatasetSpec spec = new DatasetSpec(node.connection(), node.entity(), node.read().options(),
                node.read().columns(), null, new DatasetSpec.ChangeCapture(node.read().sync().slot(),
                        context.syncTokens().get(node.datasetKey())));
        connection.execute("drop table if exists " + changes);
        UniversalIngest.Landed landed = UniversalIngest.land(node, spec, context, connection, changes);
        ChangeCapturePartition partition = partition(landed.partitions(), subject);
        List<String> columns = connection.query("select column_name from (describe " + changes + ")",
                rs -> rs.getString(1));
        if (columns.size() < ChangeRows.ENVELOPE.size() + 1
                || !columns.subList(0, ChangeRows.ENVELOPE.size()).equals(ChangeRows.ENVELOPE)) {
            throw contract(subject + ": the connector's change rows do not"
                    + " start with " + String.join(", ", ChangeRows.ENVELOPE) + " (they start with "
                    + String.join(", ", columns.subList(0, Math.min(3, columns.size()))) + ")",
                    "report this to the connector's author");
        }
        ChangeCounts counts = count(connection, changes, subject, partition);
        List<String> keys = partition.changeKeyColumns();
        long total = counts.inserts() + counts.updates() + counts.deletes();
        String envelope = ChangeRows.ENVELOPE.stream().map(SqlLiterals::identifier).collect(Collectors.joining(", "));
        if (keys.isEmpty()) {
            if (total > 0) {
                throw contract(subject + ": the connector reported no change"
                        + " key columns, so " + total + " change(s) cannot be matched to rows",
                        "give the table a primary key or a replica identity index");
            }
            connection.execute("create or replace table " + table + " as select * exclude (" + envelope + ") from "
                    + changes + " where false");
            connection.execute("create or replace table " + deletes(node) + " as select * exclude (" + envelope
                    + ") from " + changes + " where false");
            return new NodeOutcome(0, null, null, landed.timings(), null, counts);
        }
        String partitionBy = keys.stream().map(SqlLiterals::identifier).collect(Collectors.joining(", "));
        String last = "(select * exclude (" + envelope + ", " + RANK + "), " + SqlLiterals.identifier(ChangeRows.OP)
                + " as " + RANK + "_op from (select *, row_number() over (partition by " + partitionBy + " order by "
                + SqlLiterals.identifier(ChangeRows.POSITION) + " desc) as " + RANK + " from " + changes + ") where "
                + RANK + " = 1)";
        connection.execute("create or replace table " + table + " as select * exclude (" + RANK + "_op) from " + last
                + " where " + RANK + "_op <> " + SqlLiterals.string(ChangeRows.DELETE));
        connection.execute("create or replace table " + deletes(node) + " as select * exclude (" + RANK + "_op) from "
                + last + " where " + RANK + "_op = " + SqlLiterals.string(ChangeRows.DELETE));
        return new NodeOutcome(Counts.rows(connection, table), null, null, landed.timings(), null, counts);
    }

    /** A landing that breaks the change-row contract (PZ0338). */
    private static PzException contract(String message, String hint) {
        return new PzException(PzError.of(PzCode.CHANGE_CAPTURE_UNSUPPORTED, message).withHint(hint));
    }

    private static ChangeCapturePartition partition(List<ReadPartition> partitions, String subject) {
        if (partitions.size() == 1 && partitions.get(0) instanceof ChangeCapturePartition capture) {
            return capture;
        }
        throw contract(subject + ": the connector read a cdc dataset"
                + " without a change-capture partition", "report this to the connector's author");
    }

    private static ChangeCounts count(DuckConnection connection, String changes, String subject,
            ChangeCapturePartition partition) {
        String op = SqlLiterals.identifier(ChangeRows.OP);
        List<long[]> counts = connection.query("select count(*) filter (where " + op + " = 'insert'), count(*) filter"
                + " (where " + op + " = 'update'), count(*) filter (where " + op + " = 'delete'), count(*) filter"
                + " (where " + op + " is null or " + op + " not in ('insert', 'update', 'delete')) from " + changes,
                rs -> new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)});
        long[] row = counts.get(0);
        if (row[3] > 0) {
            throw contract(subject + ": " + row[3] + " change row(s) have an "
                    + ChangeRows.OP + " other than insert, update or delete", "report this to the connector's author");
        }
        return new ChangeCounts(row[0], row[1], row[2], partition.resumeToken().orElse(null));
    }
}
