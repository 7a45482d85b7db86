package dev.pz.engine.execute;

import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.events.SchemaChange;
import dev.pz.engine.events.SchemaColumn;
import dev.pz.engine.model.DriftPolicy;
import dev.pz.engine.state.SchemaBaseline;
import dev.pz.engine.state.SchemaBaselineStore;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@code on_source_drift: warn|fail} for a contract-less source load that just landed: describe the
 * staged table, seed the dataset's baseline on first sight (or when the read shape changed, so a
 * config change is never reported as drift), and otherwise compare. Drift is reported as an event;
 * under {@code fail} the load fails with PZ0331 and offers no watermark, so nothing advances. The
 * baseline only changes by seeding or {@code pz schema accept}: under {@code warn} every run warns
 * until the new shape is accepted.
 */
final class SchemaDriftGate {
    private static final char UNIT = '\u001f';
    private static final char RECORD = '\u001e';

    private SchemaDriftGate() {
    }

    static NodeOutcome apply(SourceLoadNode node, RunContext context, DuckConnection connection, String table,
            NodeOutcome landed) {
        DriftPolicy policy = context.project().onSourceDrift();
        if (!inspects(node, context) || landed.failure() != null) {
            return landed;
        }
        List<SchemaColumn> observed = connection.query("select column_name, column_type from (describe " + table + ")",
                row -> new SchemaColumn(row.getString(1), row.getString(2)));
        String hintsHash = hintsHash(node.hints());
        context.events().schemaObserved(node, observed, hintsHash);
        SchemaBaselineStore baselines = SchemaBaselineStore.on(context.state());
        String key = node.datasetKey();
        Optional<SchemaBaseline> baseline = baselines.get(key);
        if (baseline.isEmpty() || !baseline.get().hintsHash().equals(hintsHash)) {
            baselines.set(key, new SchemaBaseline(observed, hintsHash, context.runId()));
            return landed;
        }
        List<SchemaChange> changes = baseline.get().changesTo(observed);
        if (changes.isEmpty()) {
            return landed;
        }
        String word = policy.name().toLowerCase(Locale.ROOT);
        context.events().sourceDriftDetected(node, node.connection(), node.entity(), word, changes, observed, hintsHash);
        if (policy == DriftPolicy.WARN) {
            return landed;
        }
        String described = changes.stream().map(SchemaChange::describe).collect(Collectors.joining("; "));
        PzError drift = new PzError(PzCode.SCHEMA_DRIFT, "source '" + node.connection() + "' dataset '" + node.entity()
                + "': schema drift against the accepted baseline: " + described, null, 0,
                "run 'pz schema accept " + key + "' to accept the new schema, or fix the source");
        return new NodeOutcome(landed.rows(), drift, null, landed.timings(), landed.provenance());
    }

    /** Whether the gate looks at this load at all: a drift policy is set and the read declares no columns. */
    static boolean inspects(SourceLoadNode node, RunContext context) {
        return context.project().onSourceDrift() != DriftPolicy.IGNORE && node.read().columns() == null;
    }

    /**
     * The read shape the columns were observed under: the columns the pipeline reads and the
     * predicates pushed to the source, hashed (SHA-256, uppercase hex).
     */
    static String hintsHash(ReadHints hints) {
        String columns = hints == null || hints.columns() == null ? "" : String.join(String.valueOf(UNIT), hints.columns());
        String predicates = hints == null ? "" : hints.describePredicates();
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((columns + RECORD + predicates).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().withUpperCase().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
