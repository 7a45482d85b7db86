package dev.pz.engine.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.error.PzException;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.load.ProjectLoader;
import dev.pz.engine.model.Project;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generative test of loading and compiling: a valid project's files (project.yml, connections.yml,
 * a sidecar, the pipelines' SQL templates) are mutated at random, one file at a time, and every
 * outcome must be a compiled DAG or pz errors with PZ codes: never another exception, a stack
 * overflow or an exhausted heap. Seeded, so a failure names the iteration that reproduces it.
 */
class MutatedProjectsTest {
    private static final long SEED = 0x9e3779b97f4a7c15L;
    private static final int ITERATIONS = 10_000;

    private static final String PROJECT = """
            name: mutated
            version: 0.1.0
            connectors:
              - package: Pz.Connector.LocalFiles
                version: 0.1.0
            vars:
              min_amount: 10
              statuses: &statuses [shipped, returned]
              again: *statuses
              limits: {low: 1, high: 2.5, name: "x"}
              region: ${REGION}
            engine:
              threads: 2
              duckdb:
                memory_limit: 1GiB
            retention:
              keep_last: 5
            """;
    private static final String CONNECTIONS = """
            raw:
              connector: localfiles
              root: ${DATA_DIR}
              entities:
                orders:
                  read: &csv
                    path: orders.csv
                    format: csv
                    columns:
                      id: bigint
                      customer_id: bigint
                      amount: double
                      status: varchar
                      updated_at: timestamp
                    sync: {mode: incremental, cursor: updated_at}
                payments:
                  read:
                    path: payments.csv
                    format: csv
                    delimiter: ';'
            lake:
              connector: localfiles
              root: out
              retry: {max_attempts: 3, base_delay: 2s}
              entities:
                totals:
                  write:
                    strategy: merge
                    keys: [customer_id]
                    format: parquet
            """;
    private static final String STG_ORDERS = """
            {{ statuses = var('statuses') }}
            select id, customer_id, amount, status, updated_at
            from {{ source('raw', 'orders') }}
            where amount >= {{ var('min_amount') }}
            {{ if var('limits').high > 2 }}  and status in ({{ for s in statuses }}'{{ s }}'{{ if !for.last }}, {{ end }}{{ end }}){{ end }}
              and '{{ env('REGION') }}' <> ''
            """;
    private static final String TOTALS = """
            INSERT INTO {{ sink('lake', 'totals') }}
            select o.customer_id, sum(o.amount) as total, count(*) as n
            from {{ ref('stg_orders') }} as o
            join {{ ref('customers_clean') }} as c on c.id = o.customer_id
            group by o.customer_id
            """;
    private static final String CUSTOMERS = """
            INSERT INTO {{ sink('lake', 'customers', strategy: 'replace', format: 'csv', retry: {max_attempts: 2}) }}
            select * from {{ source('raw', 'customers', columns: {id: 'bigint', name: 'varchar'}) }}
            """;
    private static final String CUSTOMERS_CLEAN = """
            select id, upper(name) as name from {{ ref('customers_out') }}
            """;
    private static final String CUSTOMERS_OUT = """
            select * from {{ ref('customers') }} where id > {{ 1 + 2 * (3 - 1) }}
            """;
    private static final String SIDECAR = """
            pipeline: totals
            materialization: table
            tags: [daily, "finance"]
            checks:
              - not_null: [customer_id]
              - unique: [customer_id]
              - accepted_values: {column: n, values: [1, 2, 3]}
            """;

    /** Fragments that matter to YAML or to the template language, inserted or repeated by mutations. */
    private static final List<String> TOKENS = List.of("{{", "}}", "{{-", "-}}", "(", ")", "[", "]", "{", "}", ",",
            ":", ": ", "- ", "\n", "\n  ", "\t", "'", "\"", "\\", "&a ", "*a", "*statuses", "&csv ", "*csv", "<<: ",
            "---\n", "...\n", "!!binary ", "!!python/object ", "? ", "|\n", ">-\n", "#", "%YAML 1.2\n", "${", "${NOPE}",
            "$${X}", "${REGION}", "~", "null", "true", "yes", "0x1F", "1e400", "-", "+", "*", "/", "//", "%", "==",
            "!=", "<=", "&&", "||", "!", ".", "if ", "else ", "end", "for ", " in ", "=", ";", "source(", "ref(",
            "sink(", "var(", "env(", "this", "run_id", "for.index", "'raw', 'orders'", "strategy: 'merge'",
            "columns: {}", "keys: []", "retry: {max_attempts: 0}", "\u00e9", "\u2028", "\uFEFF", "\u0000", "\uD83D\uDE00",
            "9223372036854775808", "-9223372036854775808", "1.10", "connector: ", "entities:", "read:", "write:",
            "columns:", "checks:", "pipeline: ", "materialization: ephemeral", "engine:", "vars:");

    @TempDir
    Path directory;

    private final Map<String, String> seeds = new LinkedHashMap<>();
    private final Map<String, String> env = Map.of("DATA_DIR", "data", "REGION", "eu-west-1");

    @Test
    void mutatedProjectFilesOnlyEverCompileOrFailWithPzCodes() throws IOException {
        seeds.put("project.yml", PROJECT);
        seeds.put("connections.yml", CONNECTIONS);
        seeds.put("pipelines/configs/totals.yml", SIDECAR);
        seeds.put("pipelines/stg_orders.sql", STG_ORDERS);
        seeds.put("pipelines/totals.sql", TOTALS);
        seeds.put("pipelines/customers.sql", CUSTOMERS);
        seeds.put("pipelines/marts/customers_clean.sql", CUSTOMERS_CLEAN);
        seeds.put("pipelines/customers_out.sql", CUSTOMERS_OUT);
        for (Map.Entry<String, String> seed : seeds.entrySet()) {
            write(seed.getKey(), seed.getValue());
        }
        assertThat(seedErrors()).as("the unmutated project compiles").isEmpty();

        SplittableRandom random = new SplittableRandom(SEED);
        List<String> files = List.copyOf(seeds.keySet());
        List<String> failures = new ArrayList<>();
        int compiled = 0;
        for (int iteration = 0; iteration < ITERATIONS; iteration++) {
            String file = files.get(random.nextInt(files.size()));
            String mutated = seeds.get(file);
            for (int mutations = 1 + random.nextInt(3); mutations > 0; mutations--) {
                mutated = mutate(mutated, random);
            }
            write(file, mutated);
            String failure = compile();
            if (failure == null) {
                compiled++;
            } else if (!failure.isEmpty() && failures.size() < 5) {
                failures.add("iteration " + iteration + ", " + file + ": " + failure + "\n--- file ---\n"
                        + abbreviate(mutated));
            }
            write(file, seeds.get(file));
        }
        assertThat(failures).as("outcomes that were not PZ errors").isEmpty();
        // The mutations are not all fatal: some still compile, most are refused with PZ codes.
        assertThat(compiled).isBetween(ITERATIONS / 50, ITERATIONS - ITERATIONS / 10);
    }

    /**
     * Null when the project compiled, empty when it was refused with PZ errors, otherwise what
     * escaped (an exception or error that is not a pz error).
     */
    private String compile() {
        try {
            Project project = ProjectLoader.load(directory, env, Map.of());
            DagCompiler.compile(project, RenderContext.forCompile(env), connector -> Set.of());
            return null;
        } catch (PzValidationException refused) {
            return refused.errors().stream().allMatch(error -> !error.message().isBlank()) ? ""
                    : "an error without a message: " + refused.errors();
        } catch (PzException refused) {
            return "";
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError escaped) {
            StackTraceElement[] at = escaped.getStackTrace();
            return escaped + (at.length > 0 ? " at " + at[0] : "");
        }
    }

    private List<String> seedErrors() {
        try {
            DagCompiler.compile(ProjectLoader.load(directory, env, Map.of()), RenderContext.forCompile(env),
                    connector -> Set.of());
            return List.of();
        } catch (PzValidationException refused) {
            return refused.errors().stream().map(Object::toString).toList();
        }
    }

    private static String mutate(String text, SplittableRandom random) {
        int at = text.isEmpty() ? 0 : random.nextInt(text.length() + 1);
        String token = TOKENS.get(random.nextInt(TOKENS.size()));
        return switch (random.nextInt(9)) {
            case 0 -> delete(text, at, 1 + random.nextInt(20));
            case 1, 2 -> text.substring(0, at) + token + text.substring(at);
            case 3 -> {
                int end = Math.min(text.length(), at + 1 + random.nextInt(40));
                yield text.substring(0, end) + text.substring(at, end) + text.substring(end);
            }
            case 4 -> at >= text.length() ? text
                    : text.substring(0, at) + (char) random.nextInt(0x20, 0x3000) + text.substring(at + 1);
            case 5 -> swapLines(text, random);
            case 6 -> {
                int[] counts = {2, 10, 100, 600, 5_000};
                yield text.substring(0, at) + token.repeat(counts[random.nextInt(counts.length)]) + text.substring(at);
            }
            case 7 -> text.substring(0, at);
            default -> text.substring(0, at) + nested(random) + text.substring(at);
        };
    }

    /** Deep nesting in the shape of one of the languages: brackets, unary chains, blocks, YAML lists. */
    private static String nested(SplittableRandom random) {
        int depth = 100 + random.nextInt(4_900);
        return switch (random.nextInt(5)) {
            case 0 -> "{{ " + "(".repeat(depth) + "1" + ")".repeat(depth) + " }}";
            case 1 -> "{{ x = " + "-".repeat(depth) + "1 }}";
            case 2 -> "{{ if true }}".repeat(depth) + "{{ end }}".repeat(depth);
            case 3 -> "[".repeat(depth) + "]".repeat(depth);
            default -> "{{ " + String.join(" + ", java.util.Collections.nCopies(depth, "1")) + " }}";
        };
    }

    private static String delete(String text, int at, int length) {
        return text.substring(0, at) + text.substring(Math.min(text.length(), at + length));
    }

    private static String swapLines(String text, SplittableRandom random) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        if (lines.size() < 2) {
            return text;
        }
        int a = random.nextInt(lines.size());
        int b = random.nextInt(lines.size());
        String line = lines.get(a);
        lines.set(a, lines.get(b));
        lines.set(b, line);
        return String.join("\n", lines);
    }

    private static String abbreviate(String text) {
        return text.length() <= 2_000 ? text : text.substring(0, 2_000) + "… (" + text.length() + " chars)";
    }

    /**
     * Replaces the file with a new one: truncating a file in place makes ext4 flush it to disk,
     * which would cost milliseconds per iteration.
     */
    private void write(String file, String text) throws IOException {
        Path path = directory.resolve(file);
        Files.createDirectories(path.getParent());
        Files.deleteIfExists(path);
        Files.write(path, text.getBytes(StandardCharsets.UTF_8));
    }
}
