package dev.pz.engine.compile;

import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.ReadDef;
import dev.pz.engine.model.SourceLocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Turns the {@code watermark()} comparisons of every pipeline into incremental declarations of the
 * datasets they bound, and the pipelines' SQL into its NULL-guarded form. Runs DuckDB's parser only
 * when some pipeline used {@code watermark()}.
 */
final class WatermarkInference {
    private final Problems problems;
    private final AnalysisConnection duck;
    private final Map<String, List<WatermarkAnalyzer.Comparison>> byDataset = new TreeMap<>();
    private final Map<String, String> firstFile = new LinkedHashMap<>();

    WatermarkInference(Problems problems, AnalysisConnection analysis) {
        this.problems = problems;
        this.duck = analysis;
    }

    /**
     * Analyses one pipeline's assembled SQL. {@code sentinels} maps each sentinel the pipeline
     * rendered to its dataset key; {@code readDatasets} are the datasets the pipeline reads.
     * Returns the rewritten SQL (unchanged when there is nothing to rewrite).
     */
    String analyze(String pipeline, String file, String sql, Map<String, String> sentinels, Set<String> readDatasets) {
        Map<String, String> present = new LinkedHashMap<>();
        sentinels.forEach((sentinel, dataset) -> {
            if (sql.contains(sentinel)) {
                present.put(sentinel, dataset);
            }
        });
        if (present.isEmpty()) {
            return sql;
        }
        WatermarkAnalyzer.Analysis analysis = new WatermarkAnalyzer(duck.get()).analyze(sql, present.keySet());
        SourceLocation at = SourceLocation.file(file);
        for (String violation : analysis.violations()) {
            problems.error(PzCode.UNRECOGNIZED_WATERMARK_EXPRESSION, "pipeline '" + pipeline + "': " + violation, at,
                    "compare a column with the watermark: where <cursor> > {{ watermark('conn', 'entity') }}");
        }
        for (WatermarkAnalyzer.Comparison comparison : analysis.comparisons()) {
            String dataset = present.get(comparison.sentinel());
            if (!readDatasets.contains(dataset)) {
                problems.error(PzCode.UNRECOGNIZED_WATERMARK_EXPRESSION, "pipeline '" + pipeline + "' uses watermark() of '"
                        + dataset + "' but does not read source('" + dataset.replaceFirst("\\.", "', '") + "')", at,
                        "call watermark() in the pipeline that source()s the dataset");
                continue;
            }
            if (!attributable(comparison, dataset)) {
                problems.error(PzCode.UNRECOGNIZED_WATERMARK_EXPRESSION, "pipeline '" + pipeline + "': cursor column '"
                        + comparison.column() + "' of the watermark() comparison does not trace to source '"
                        + dataset + "'", at, "qualify the column with the source's alias");
                continue;
            }
            byDataset.computeIfAbsent(dataset, key -> new ArrayList<>()).add(comparison);
            firstFile.putIfAbsent(dataset, file);
        }
        return analysis.violations().isEmpty() ? analysis.rewrittenSql() : sql;
    }

    private static boolean attributable(WatermarkAnalyzer.Comparison comparison, String dataset) {
        int dot = dataset.indexOf('.');
        String expected = StagingNames.sourceLoad(dataset.substring(0, dot), dataset.substring(dot + 1));
        Set<String> tables = comparison.tablesInScope();
        if (tables.contains("?")) {
            return false;
        }
        if (comparison.qualifier() == null && tables.size() > 1) {
            return false;
        }
        return tables.stream().allMatch(table -> table.isEmpty() || table.equalsIgnoreCase(expected)
                || !table.toLowerCase(java.util.Locale.ROOT).startsWith("src_"));
    }

    /** One incremental declaration per SQL-bounded dataset; checks agreement, floors and contracts. */
    Map<String, Incremental> declarations(Map<String, ReadDef> reads) {
        Map<String, Incremental> declarations = new TreeMap<>();
        byDataset.forEach((dataset, comparisons) -> {
            SourceLocation at = SourceLocation.file(firstFile.get(dataset));
            String cursor = comparisons.get(0).column();
            if (comparisons.stream().anyMatch(c -> !c.column().equalsIgnoreCase(cursor))) {
                problems.error(PzCode.WATERMARK_CURSOR_DISAGREEMENT, "watermark() comparisons of '" + dataset
                        + "' use different cursor columns", at, "compare the same column with the watermark everywhere");
                return;
            }
            if (comparisons.stream().noneMatch(c -> !c.upper())) {
                problems.error(PzCode.WATERMARK_CEILING_WITHOUT_FLOOR, "source '" + dataset
                        + "' has a watermark() ceiling but no floor", at,
                        "add where " + cursor + " > {{ watermark(...) }} so each run resumes after the last one");
                return;
            }
            ReadDef read = reads.get(dataset);
            if (read != null && read.columns() != null) {
                String type = read.columns().entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(cursor))
                        .map(Map.Entry::getValue).findFirst().orElse(null);
                if (type == null || ContractTypes.fromWord(type).filter(ContractTypes::isCursorType).isEmpty()) {
                    problems.error(PzCode.WATERMARK_CURSOR_UNDECLARED, "source '" + dataset + "': watermark() cursor '"
                            + cursor + "' is " + (type == null ? "not in its columns: contract" : "typed '" + type + "'"),
                            at, "declare " + cursor + " as int, bigint, decimal, date or timestamp in columns:");
                    return;
                }
            }
            List<Incremental.SqlBound> bounds = comparisons.stream()
                    .map(c -> new Incremental.SqlBound(c.valueSql(), c.inclusive(), c.upper())).toList();
            declarations.put(dataset, new Incremental(cursor, true, bounds));
        });
        return declarations;
    }
}
