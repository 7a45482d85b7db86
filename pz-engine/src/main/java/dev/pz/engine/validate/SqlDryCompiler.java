package dev.pz.engine.validate;

import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckErrors;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSqlException;
import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.model.Materialization;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.SecretMask;
import dev.pz.engine.model.SourceLocation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Validation tier 4: every pipeline's SQL is compiled by DuckDB against empty tables typed from
 * the {@code columns:} contracts, in the preflight's in-memory database, before any run directory
 * exists. Pipelines that read a contract-less dataset cannot be checked and are skipped with a note.
 */
final class SqlDryCompiler {
    private static final Pattern SENTINEL = Pattern.compile("'__pz_watermark__[^']*__'");

    private SqlDryCompiler() {
    }

    /**
     * Dry-compiles in {@code session}, an in-memory database; returns the notes to print;
     * throws PzValidationException (PZ0401) on SQL errors.
     */
    static List<String> run(CompiledDag dag, DuckSession session) {
        Problems problems = new Problems();
        Set<String> available = new HashSet<>();
        Map<String, Integer> skippedByDataset = new LinkedHashMap<>();
        try (DuckConnection connection = session.connect()) {
            for (Node node : dag.nodes()) {
                if (node instanceof SourceLoadNode source) {
                    createContractTable(connection, source, problems).ifPresent(available::add);
                } else if (node instanceof PipelineNode pipeline) {
                    List<String> missing = pipeline.dependsOn().stream().filter(id -> !available.contains(id)).toList();
                    if (!missing.isEmpty()) {
                        for (String id : missing) {
                            if (dag.node(id) instanceof SourceLoadNode source && source.read().columns() == null) {
                                skippedByDataset.merge(source.datasetKey(), 1, Integer::sum);
                            }
                        }
                        continue;
                    }
                    if (compilePipeline(connection, pipeline, dag.secrets(), problems)) {
                        available.add(pipeline.id());
                    }
                }
            }
        }
        problems.throwIfErrors();
        List<String> notes = new ArrayList<>();
        skippedByDataset.forEach((dataset, count) -> notes.add("dataset '" + dataset
                + "' has no columns: contract — " + count + " pipeline(s) not dry-compiled"));
        return notes;
    }

    private static Optional<String> createContractTable(DuckConnection connection, SourceLoadNode source,
            Problems problems) {
        Map<String, String> columns = source.read().columns();
        if (columns == null) {
            return Optional.empty();
        }
        List<String> definitions = new ArrayList<>();
        for (Map.Entry<String, String> column : columns.entrySet()) {
            Optional<ContractTypes> type = ContractTypes.fromWord(column.getValue());
            if (type.isEmpty()) {
                problems.error(PzCode.YAML_SHAPE, "source '" + source.datasetKey() + "': "
                        + ContractTypes.unknown(column.getKey(), column.getValue()),
                        source.read().location() != null ? source.read().location() : SourceLocation.file("connections.yml"),
                        ContractTypes.unknownHint());
                return Optional.empty();
            }
            definitions.add(SqlLiterals.identifier(column.getKey()) + " " + type.get().duckDbType());
        }
        connection.execute("create table staging." + SqlLiterals.identifier(source.name()) + " ("
                + String.join(", ", definitions) + ")");
        return Optional.of(source.id());
    }

    private static boolean compilePipeline(DuckConnection connection, PipelineNode pipeline, SecretMask secrets,
            Problems problems) {
        String sql = SENTINEL.matcher(pipeline.sql()).replaceAll("NULL");
        String kind = pipeline.materialization() == Materialization.VIEW ? "view" : "table";
        try {
            connection.execute("create " + kind + " staging." + SqlLiterals.identifier(pipeline.name())
                    + " as select * from (" + sql + "\n) q limit 0");
            return true;
        } catch (DuckSqlException e) {
            problems.error(PzCode.SQL_DRY_COMPILE, "pipeline '" + pipeline.name() + "' does not compile: "
                    + secrets.mask(firstLine(DuckErrors.sanitize(e.getMessage()))), SourceLocation.file(pipeline.file()),
                    "fix the SQL; `pz validate` checks every pipeline against the columns: contracts");
            return false;
        }
    }

    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
