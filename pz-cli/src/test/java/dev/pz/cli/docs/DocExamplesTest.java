package dev.pz.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.CliRun;
import dev.pz.connectors.postgres.PostgresProjects;
import dev.pz.connectors.postgres.PostgresTestServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every example project marked in {@code docs/} (see {@link DocExamples} for the markers) is written
 * into a fresh directory and its commands run through pz's command line, as a reader would run them;
 * the outputs a page shows are compared with what pz printed and wrote. An example without commands
 * is validated and planned. Examples with a postgres connection run against the test PostgreSQL
 * server, each in a database of its own, through {@code PG_HOST}, {@code PG_PORT},
 * {@code PG_DATABASE}, {@code PG_USER} and {@code PG_PASSWORD}.
 */
class DocExamplesTest {
    private static final Path DOCS = Path.of("..", "docs").toAbsolutePath().normalize();
    private static final Pattern EXITS = Pattern.compile("#\\s*exits\\s+(\\d+)\\s*$");
    private static final Pattern NODE_LINE = Pattern.compile("^(ok|FAIL|skip|warn) .*");
    private static final List<String> TEST_SERVER_VARIABLES =
            List.of("PG_HOST", "PG_PORT", "PG_DATABASE", "PG_USER", "PG_PASSWORD");
    private static final Pattern DURATION = Pattern.compile("\\s+\\d+(\\.\\d+)?(ms|s)$");

    @TempDir
    Path temp;

    @TestFactory
    Stream<DynamicTest> everyExampleRuns() {
        List<DocExamples.Example> examples = new ArrayList<>(DocExamples.examples(DOCS));
        assertThat(examples).as("marked examples under docs/").isNotEmpty();
        examples.addAll(DocExamples.folders(DOCS));
        return examples.stream().map(example -> DynamicTest.dynamicTest(example.toString(), () -> run(example)));
    }

    /** A YAML or SQL block in the guide is either part of a tested project or marked as a fragment. */
    @Test
    void everyGuideBlockIsTestedOrMarkedAFragment() {
        List<String> unmarked = new ArrayList<>();
        for (DocExamples.Block block : DocExamples.blocks(DOCS)) {
            boolean projectLanguage = List.of("yaml", "yml", "sql").contains(block.language());
            if (block.page().startsWith("guide/") && projectLanguage && block.marker() == null) {
                unmarked.add(DocExamples.where(block));
            }
        }
        assertThat(unmarked).as("guide blocks without a pz-example marker").isEmpty();
    }

    private void run(DocExamples.Example example) throws Exception {
        Path workspace = Files.createDirectories(temp.resolve(example.name()));
        Map<String, String> environment = new HashMap<>(System.getenv());
        String database = needsPostgres(example) ? postgresDatabase(environment) : null;
        try {
            Script script = new Script(example, workspace, environment);
            script.run();
        } finally {
            if (database != null) {
                dropDatabase(database);
            }
        }
    }

    /** The state of one example's walk through its steps. */
    private static final class Script {
        private final DocExamples.Example example;
        private final Path workspace;
        private final Map<String, String> environment;
        private Path project;
        private CliRun last;
        private boolean ranCommands;

        Script(DocExamples.Example example, Path workspace, Map<String, String> environment) {
            this.example = example;
            this.workspace = workspace;
            this.environment = environment;
            this.project = workspace;
        }

        void run() throws Exception {
            for (DocExamples.Step step : example.steps()) {
                String where = "docs/" + example.page() + ":" + step.line();
                if (step instanceof DocExamples.WriteFile file) {
                    Path target = project.resolve(file.path());
                    Files.createDirectories(target.getParent());
                    Files.writeString(target, file.content(), StandardCharsets.UTF_8);
                } else if (step instanceof DocExamples.Commands commands) {
                    for (String line : commands.lines()) {
                        command(line, where);
                    }
                } else if (step instanceof DocExamples.Output output) {
                    assertThat(last).as(where + ": output shown before any command").isNotNull();
                    assertThat(nodeLines(last.out())).as(where + ": node lines of the last command\n" + last)
                            .containsExactlyInAnyOrderElementsOf(nodeLines(output.text()));
                } else if (step instanceof DocExamples.Expect expect) {
                    assertThat(project.resolve(expect.path())).as(where).hasContent(expect.content().stripTrailing());
                } else if (step instanceof DocExamples.Rows rows) {
                    assertThat(rows(rows.table())).as(where + ": " + rows.table())
                            .containsExactlyElementsOf(rows.content().lines().toList());
                }
            }
            if (!ranCommands) {
                expectExit(CliRun.pzWithEnv(environment, project, "validate"), 0, "pz validate");
                expectExit(CliRun.pzWithEnv(environment, project, "plan"), 0, "pz plan");
            }
        }

        private void command(String line, String where) {
            List<String> words = ShellWords.split(line);
            if (words.size() == 2 && words.get(0).equals("rm")) {
                // Besides pz, a page's commands may remove a file in the way, export variables and
                // seed the example's PostgreSQL database with `psql -f <file>`.
                try {
                    Files.delete(project.resolve(words.get(1)));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(where + ": " + line, e);
                }
                return;
            }
            if (words.size() == 3 && words.get(0).equals("psql") && words.get(1).equals("-f")) {
                try (Connection connection = connect(environment.get("PG_DATABASE"));
                        Statement statement = connection.createStatement()) {
                    statement.execute(Files.readString(project.resolve(words.get(2)), StandardCharsets.UTF_8));
                } catch (IOException | SQLException e) {
                    throw new IllegalStateException(where + ": " + line, e);
                }
                return;
            }
            if (!words.isEmpty() && words.get(0).equals("export")) {
                for (String assignment : words.subList(1, words.size())) {
                    int equals = assignment.indexOf('=');
                    String name = assignment.substring(0, equals);
                    // A page's placeholder server address never replaces the test server's.
                    if (!TEST_SERVER_VARIABLES.contains(name) || !environment.containsKey("PG_DATABASE")) {
                        environment.put(name, assignment.substring(equals + 1));
                    }
                }
                return;
            }
            if (words.isEmpty() || !words.get(0).equals("pz")) {
                return;
            }
            ranCommands = true;
            Matcher exits = EXITS.matcher(line);
            int expected = exits.find() ? Integer.parseInt(exits.group(1)) : 0;
            List<String> args = words.subList(1, words.size());
            if (!args.isEmpty() && args.get(0).equals("init")) {
                List<String> init = new ArrayList<>(args);
                for (int i = 1; i < init.size(); i++) {
                    if (!init.get(i).startsWith("-") && !init.get(i - 1).equals("--template") && !init.get(i - 1).equals("-t")) {
                        project = workspace.resolve(init.get(i));
                        init.set(i, project.toString());
                    }
                }
                last = CliRun.pz(init.toArray(String[]::new));
            } else {
                last = CliRun.pzWithEnv(environment, project, args.toArray(String[]::new));
            }
            expectExit(last, expected, where + ": " + line);
        }

        private static void expectExit(CliRun run, int expected, String what) {
            assertThat(run.exitCode()).as(what + "\n" + run).isEqualTo(expected);
        }

        /** The rows of a query, or of a whole table ordered by its first column. */
        private List<String> rows(String tableOrQuery) throws SQLException {
            String query = tableOrQuery.regionMatches(true, 0, "select ", 0, 7) ? tableOrQuery
                    : "select * from " + tableOrQuery + " order by 1";
            try (Connection connection = connect(environment.get("PG_DATABASE"));
                    Statement statement = connection.createStatement()) {
                return PostgresProjects.rows(statement, query);
            }
        }
    }

    /** The node lines of console output, without their timings. */
    static List<String> nodeLines(String output) {
        List<String> lines = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (NODE_LINE.matcher(line).matches()) {
                lines.add(DURATION.matcher(line.stripTrailing()).replaceAll(""));
            }
        }
        return lines;
    }

    private static boolean needsPostgres(DocExamples.Example example) {
        return example.steps().stream().anyMatch(step -> step instanceof DocExamples.WriteFile file
                && file.content().contains("connector: postgres"));
    }

    /** A fresh database on the test server, named in {@code environment} as the PG_* variables. */
    private static String postgresDatabase(Map<String, String> environment) throws SQLException {
        PostgresTestServer.Endpoint server = PostgresTestServer.endpoint();
        String database = "pzdoc_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement()) {
            statement.execute("create database " + database);
        }
        List<String> values = List.of(server.host(), String.valueOf(server.port()), database, server.user(),
                server.password());
        for (int i = 0; i < TEST_SERVER_VARIABLES.size(); i++) {
            environment.put(TEST_SERVER_VARIABLES.get(i), values.get(i));
        }
        return database;
    }

    private static Connection connect(String database) throws SQLException {
        PostgresTestServer.Endpoint server = PostgresTestServer.endpoint();
        return DriverManager.getConnection("jdbc:postgresql://" + server.host() + ":" + server.port() + "/" + database,
                server.user(), server.password());
    }

    private static void dropDatabase(String database) throws SQLException {
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement()) {
            statement.execute("drop database if exists " + database + " with (force)");
        }
    }

    /** Splits a shell command line into words: blanks separate, quotes group, {@code #} starts a comment. */
    static final class ShellWords {
        private ShellWords() {
        }

        static List<String> split(String line) {
            List<String> words = new ArrayList<>();
            StringBuilder word = null;
            char quote = 0;
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (quote != 0) {
                    if (c == quote) {
                        quote = 0;
                    } else {
                        word.append(c);
                    }
                } else if (c == '\'' || c == '"') {
                    quote = c;
                    word = word == null ? new StringBuilder() : word;
                } else if (Character.isWhitespace(c)) {
                    if (word != null) {
                        words.add(word.toString());
                        word = null;
                    }
                } else if (c == '#' && word == null) {
                    break;
                } else {
                    word = word == null ? new StringBuilder() : word;
                    word.append(c);
                }
            }
            if (word != null) {
                words.add(word.toString());
            }
            return words;
        }
    }

    @Test
    void shellWordsSplitLikeAShell() throws IOException {
        assertThat(ShellWords.split("pz run --select 'tag:daily' --vars '{\"a\": 1}'  # exits 1"))
                .containsExactly("pz", "run", "--select", "tag:daily", "--vars", "{\"a\": 1}");
    }
}
