package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.postgres.PostgresTestServer;
import dev.pz.duckdb.ArrowIngest;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.DagCompiler;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.RenderContext;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.load.ProjectLoader;
import dev.pz.engine.model.Project;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pushdown never changes a result, checked against the real PostgreSQL: 240 generated WHERE
 * clauses over a table of mixed types (NULLs, non-ASCII and padded text under three collations,
 * negative and integer values, numerics, doubles with NaN and infinities, dates, timestamps with
 * and without time zone, booleans) are compiled by pz into read hints, read through the postgres
 * connector with those hints and with none, and filtered by the same clause in DuckDB: both reads
 * must keep the same rows. Some clauses cannot be pushed (arithmetic, functions, text ordering
 * under a locale collation); they must still give the same rows.
 */
class PushdownDifferentialTest {
    private static final int PREDICATES = 240;
    private static final int ROWS = 80;
    private static final List<String> TEXTS = List.of("apple", "Apple", "banana", "b", "é", "ä", "Ωmega", "中文",
            "😀 smile", "", " lead", "trail ", "a'b", "back\\slash", "zeta", "Zeta", "ab", "abcd", "x");
    private static final String COLUMNS = "id, i, b, n, d, t, tc, tl, v, ch, flag, dt, ts, tz";

    @TempDir
    Path directory;

    private final SplittableRandom random = new SplittableRandom(20_261_201L);

    @Test
    void everyGeneratedPredicateKeepsTheSameRowsWithPushdownOnAndOff() throws Exception {
        PostgresTestServer.Endpoint server = PostgresTestServer.endpoint();
        String schema = "pd_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffL);
        List<String> predicates = new ArrayList<>();
        for (int k = 0; k < PREDICATES; k++) {
            predicates.add(where());
        }
        createTables(schema, predicates.size());
        try {
            Map<String, ReadHints> hints = compile(server, schema, predicates);
            compare(schema, predicates, hints);
        } finally {
            sql("drop schema " + schema + " cascade");
        }
    }

    // ---- the table ------------------------------------------------------------------------------

    /**
     * {@code t} has the database's default collation, {@code tc} the C collation, {@code tl} a
     * language collation whose order is not byte order (the server's first, when it has one;
     * otherwise C again).
     */
    private void createTables(String schema, int views) throws SQLException {
        String language = languageCollation();
        List<String> statements = new ArrayList<>(List.of("create schema " + schema,
                "create table " + schema + ".mixed (id int4 not null, i int4, b int8, n numeric(12,3), d float8,"
                        + " t text, tc text collate \"C\", tl text collate \"" + language + "\", v varchar(20),"
                        + " ch char(12), flag bool, dt date, ts timestamp, tz timestamptz)"));
        for (int row = 0; row < ROWS; row++) {
            statements.add("insert into " + schema + ".mixed values (" + row + ", " + orNull(pgInt()) + ", "
                    + orNull(pgBig()) + ", " + orNull(pgNumeric()) + ", " + orNull(pgDouble()) + ", "
                    + orNull(pgText()) + ", " + orNull(pgText()) + ", " + orNull(pgText()) + ", " + orNull(pgText())
                    + ", " + orNull(pgText()) + ", " + orNull(random.nextBoolean() ? "true" : "false") + ", "
                    + orNull("'" + date() + "'") + ", " + orNull("'" + timestamp() + "'") + ", "
                    + orNull("'" + timestamp() + "+00'") + ")");
        }
        for (int k = 0; k < views; k++) {
            statements.add("create view " + schema + ".v" + k + " as select * from " + schema + ".mixed");
        }
        sql(statements.toArray(String[]::new));
    }

    private static String languageCollation() throws SQLException {
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement();
                java.sql.ResultSet rows = statement.executeQuery("select collname from pg_collation where collname"
                        + " in ('en-x-icu', 'und-x-icu', 'en_US.utf8', 'en_US', 'de_DE.utf8', 'C.utf8')"
                        + " and collencoding in (-1, pg_char_to_encoding('UTF8'))"
                        + " order by collname = 'C.utf8', collname limit 1")) {
            return rows.next() ? rows.getString(1) : "C";
        }
    }

    private String orNull(String value) {
        return random.nextInt(7) == 0 ? "null" : value;
    }

    private String pgInt() {
        return Integer.toString(random.nextInt(-50, 51));
    }

    private String pgBig() {
        return switch (random.nextInt(5)) {
            case 0 -> Long.toString((1L << 53) + random.nextInt(-2, 3));
            case 1 -> Long.toString(-(1L << 53) + random.nextInt(-2, 3));
            default -> Long.toString(random.nextLong(-1_000_000_000_000L, 1_000_000_000_000L));
        };
    }

    private String pgNumeric() {
        return java.math.BigDecimal.valueOf(random.nextLong(-99_999_999L, 99_999_999L), 3).toPlainString();
    }

    private String pgDouble() {
        return switch (random.nextInt(10)) {
            case 0 -> "'NaN'";
            case 1 -> random.nextBoolean() ? "'Infinity'" : "'-Infinity'";
            case 2 -> "'-0'";
            case 3 -> Integer.toString(random.nextInt(-20, 21));
            case 4 -> "0.1";
            default -> Double.toString((random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-3, 8)));
        };
    }

    private String pgText() {
        return "'" + TEXTS.get(random.nextInt(TEXTS.size())).replace("'", "''") + "'";
    }

    private LocalDate date() {
        return LocalDate.of(1999, 12, 30).plusDays(random.nextInt(0, 12_000));
    }

    private String timestamp() {
        LocalDateTime time = date().atStartOfDay().plusSeconds(random.nextInt(0, 86_400));
        return (random.nextBoolean() ? time : time.plusNanos(random.nextInt(0, 1_000_000) * 1000L)).toString()
                .replace('T', ' ');
    }

    // ---- the predicates -------------------------------------------------------------------------

    /** One to three conjuncts, each pushable or not, over every column. */
    private String where() {
        List<String> conjuncts = new ArrayList<>();
        for (int n = 1 + random.nextInt(3); n > 0; n--) {
            conjuncts.add(conjunct());
        }
        return String.join(" and ", conjuncts);
    }

    private String conjunct() {
        String[] columns = {"i", "b", "n", "d", "t", "tc", "tl", "v", "ch", "flag", "dt", "ts", "tz"};
        String column = columns[random.nextInt(columns.length)];
        Function<SplittableRandom, String> literal = literalFor(column);
        String[] operators = {"=", "<>", "<", "<=", ">", ">="};
        return switch (random.nextInt(12)) {
            case 0, 1, 2, 3 -> column + " " + operators[random.nextInt(operators.length)] + " " + literal.apply(random);
            case 4 -> literal.apply(random) + " " + operators[random.nextInt(operators.length)] + " " + column;
            case 5 -> column + " in (" + literal.apply(random) + ", " + literal.apply(random) + ", "
                    + literal.apply(random) + ")";
            case 6 -> column + " between " + literal.apply(random) + " and " + literal.apply(random);
            case 7 -> column + (random.nextBoolean() ? " is null" : " is not null");
            case 8 -> random.nextBoolean() ? "flag" : "not flag";
            case 9 -> switch (random.nextInt(4)) {
                case 0 -> "i / 2 > 1";
                case 1 -> "regexp_matches(t, 'a')";
                case 2 -> "lower(v) = 'apple'";
                default -> "(i > 1 or b < 0)";
            };
            default -> column + " " + operators[random.nextInt(operators.length)] + " " + literal.apply(random);
        };
    }

    private static Function<SplittableRandom, String> literalFor(String column) {
        return switch (column) {
            case "i", "b", "n", "d" -> PushdownDifferentialTest::number;
            case "t", "tc", "tl", "v", "ch" -> r -> "'" + TEXTS.get(r.nextInt(TEXTS.size())).replace("'", "''") + "'";
            case "flag" -> r -> r.nextBoolean() ? "true" : "false";
            case "dt" -> r -> moment(r, true);
            default -> r -> moment(r, false);
        };
    }

    private static String number(SplittableRandom r) {
        return switch (r.nextInt(9)) {
            case 0 -> Integer.toString(r.nextInt(-50, 51));
            case 1 -> java.math.BigDecimal.valueOf(r.nextLong(-99_999L, 99_999L), r.nextInt(0, 4)).toPlainString();
            case 2 -> (r.nextInt(-9, 10)) + "e" + r.nextInt(0, 4);
            case 3 -> "cast('nan' as double)";
            case 4 -> r.nextBoolean() ? "cast('inf' as double)" : "cast('-inf' as double)";
            case 5 -> Long.toString((1L << 53) + r.nextInt(-2, 3));
            case 6 -> "0.1";
            case 7 -> "1 + " + r.nextInt(0, 20);
            default -> "-" + r.nextInt(0, 30) + ".5";
        };
    }

    /** A date or timestamp literal; text for a date column is a plain date (DuckDB casts it to DATE). */
    private static String moment(SplittableRandom r, boolean dateColumn) {
        LocalDate day = LocalDate.of(1999, 12, 30).plusDays(r.nextInt(0, 12_000));
        String time = String.format("%02d:%02d:%02d", r.nextInt(24), r.nextInt(60), r.nextInt(60));
        return switch (r.nextInt(dateColumn ? 3 : 5)) {
            case 0 -> "date '" + day + "'";
            case 1 -> "'" + day + "'";
            case 2 -> "timestamp '" + day + " " + time + "." + String.format("%06d", r.nextInt(1_000_000)) + "'";
            case 3 -> "'" + day + " " + time + "'";
            default -> "'" + day + "T" + time.substring(0, 5) + "'";
        };
    }

    // ---- compile and compare ----------------------------------------------------------------------

    /** The read hints pz compiles for each view's reader, by view name. */
    private Map<String, ReadHints> compile(PostgresTestServer.Endpoint server, String schema, List<String> predicates) {
        TestProject project = TestProject.in(directory).projectYml("pushdown", "engine:\n  threads: 2")
                .file("connections.yml", "pg:\n  connector: postgres\n  host: " + server.host() + "\n  port: "
                        + server.port() + "\n  database: " + server.database() + "\n  user: " + server.user()
                        + "\n  password: ${PG_PASSWORD}\n");
        for (int k = 0; k < predicates.size(); k++) {
            project.file("pipelines/p" + k + ".sql", "select " + COLUMNS + " from {{ source('pg', '" + schema + ".v" + k
                    + "') }}\nwhere " + predicates.get(k) + "\n");
        }
        Map<String, String> env = Map.of("PG_PASSWORD", server.password());
        Project loaded = ProjectLoader.load(directory, env, Map.of());
        ConnectorRegistry installed = ConnectorRegistry.installed();
        CompiledDag dag = DagCompiler.compile(loaded, RenderContext.forCompile(env),
                name -> installed.find(name).map(Connector::capabilities).orElse(Set.of()));
        Map<String, ReadHints> hints = new HashMap<>();
        for (Node node : dag.nodes()) {
            if (node instanceof SourceLoadNode source) {
                hints.put(source.entity(), source.hints() == null ? ReadHints.none() : source.hints());
            }
        }
        return hints;
    }

    private void compare(String schema, List<String> predicates, Map<String, ReadHints> hints) throws Exception {
        int offered = 0;
        int narrowed = 0;
        try (BufferAllocator allocator = new RootAllocator();
                DuckSession session = DuckSession.openInMemory(DuckSettings.defaults());
                DuckConnection duck = session.connect();
                Source source = ConnectorRegistry.installed().find("postgres").orElseThrow()
                        .openSource(PostgresTestServer.config()).orElseThrow()) {
            long all = stage(duck, "everything", source, spec(schema + ".mixed"), ReadHints.none(), allocator);
            assertThat(all).isEqualTo(ROWS);
            for (int k = 0; k < predicates.size(); k++) {
                String view = schema + ".v" + k;
                ReadHints pushed = hints.get(view);
                assertThat(pushed).as(view).isNotNull();
                offered += pushed.predicates().isEmpty() ? 0 : 1;
                duck.execute("drop table if exists pushed");
                long read = stage(duck, "pushed", source, spec(view), pushed, allocator);
                narrowed += read < all ? 1 : 0;
                String where = predicates.get(k);
                List<String> expected = ids(duck, "everything", where);
                assertThat(ids(duck, "pushed", where)).as("where %s (pushed: %s)", where, pushed.describePredicates())
                        .isEqualTo(expected);
            }
        }
        // Not a vacuous comparison: most clauses offer something, and the server filters many reads.
        assertThat(offered).isGreaterThan(PREDICATES / 2);
        assertThat(narrowed).isGreaterThan(PREDICATES / 4);
    }

    private static DatasetSpec spec(String entity) {
        return DatasetSpec.of("pg", entity, Map.of(), null);
    }

    private static long stage(DuckConnection duck, String table, Source source, DatasetSpec spec, ReadHints hints,
            BufferAllocator allocator) throws Exception {
        List<ReadPartition> partitions = source.planRead(spec, hints);
        assertThat(partitions).hasSize(1);
        try (ArrowReader reader = partitions.get(0).open(allocator, BatchOptions.defaults())) {
            return ArrowIngest.createTable(duck, table, reader, allocator);
        }
    }

    private static List<String> ids(DuckConnection duck, String table, String where) {
        return duck.query("select id from " + table + " where " + where + " order by id", row -> row.getString(1));
    }

    private static void sql(String... statements) throws SQLException {
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement()) {
            for (String text : statements) {
                statement.execute(text);
            }
        }
    }
}
