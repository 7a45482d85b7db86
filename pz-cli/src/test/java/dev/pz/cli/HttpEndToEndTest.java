package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.http.HttpTestServer;
import dev.pz.connectors.http.HttpTestServer.Reply;
import dev.pz.testing.TestProject;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The http connector through {@code pz} end to end, against a real HTTP server in the test JVM:
 * an API crawled into local files (incremental, with the watermark sent back as a query parameter),
 * local files sent to an API (append batches and keyed merge), a rate-limited page retried, and
 * what wrong options, wrong credentials and an unreachable server look like.
 */
class HttpEndToEndTest {

    private static final String TOKEN = "e2e-secret-token";

    @TempDir
    Path temp;

    private HttpTestServer server;

    @BeforeEach
    void startServer() {
        server = HttpTestServer.start();
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    private String apiConnection(String extra, String entities) {
        return "api:\n  connector: http\n  base_url: " + server.baseUrl() + "\n  auth: {type: bearer, token: " + TOKEN
                + "}\n  retry: {max_attempts: 2, base_delay: 1ms}\n" + extra + (entities.isEmpty() ? "" : "  entities:\n" + entities);
    }

    private static final String ISSUES = "    issues:\n      read:\n        path: /issues\n"
            + "        query: {since: '{{ watermark }}', state: all}\n        pagination: {strategy: link_header}\n"
            + "        columns: {id: bigint, title: varchar, updated_at: timestamp}\n"
            + "        sync: {mode: incremental, cursor: updated_at}\n";

    private static final String ISSUES_LOG = "INSERT INTO {{ sink('lake', 'issues_log', format: 'csv', path: "
            + "'out/issues/', strategy: 'append', duplicates: 'accept') }}\n"
            + "select id, title, updated_at from {{ source('api', 'issues') }}\n";

    private TestProject crawlProject(String dir) {
        return TestProject.in(temp.resolve(dir)).projectYml("http_" + dir, "engine:\n  threads: 1")
                .file("connections.yml", apiConnection("", ISSUES) + "lake:\n  connector: localfiles\n")
                .file("pipelines/issues_log.sql", ISSUES_LOG);
    }

    /** Two pages linked by a Link header; after a watermark, only what changed since. */
    private void issues() {
        server.route("/issues", (request, index) -> {
            if (!request.header("Authorization").orElse("").equals("Bearer " + TOKEN)) {
                return Reply.status(401, "{\"message\":\"Bad credentials\"}");
            }
            if (request.param("since").isPresent()) {
                return Reply.json("[{\"id\":4,\"title\":\"four\",\"updated_at\":\"2026-03-04T00:00:00Z\"}]");
            }
            return request.param("page").isEmpty()
                    ? Reply.json("[{\"id\":1,\"title\":\"one, quoted \\\"\",\"updated_at\":\"2026-03-01T10:00:00Z\"},"
                            + "{\"id\":2,\"title\":null,\"updated_at\":\"2026-03-02T10:00:00.250+02:00\"}]")
                            .with("Link", "</issues?state=all&page=2>; rel=\"next\"")
                    : Reply.json("[{\"id\":3,\"title\":\"three\",\"updated_at\":\"2026-03-03T00:00:00Z\"}]");
        });
    }

    private static List<String> csvRows(Path directory) {
        return Duck.rows("select id || '|' || coalesce(title, '<null>') || '|' || updated_at from read_csv('"
                + directory + "/*.csv') order by id");
    }

    @Test
    void anApiIsCrawledIntoFilesAndTheWatermarkGoesBackAsAQueryParameter() throws IOException {
        issues();
        TestProject project = crawlProject("crawl");
        CliRun first = CliRun.pz(project.path(), "run", "--all");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(csvRows(project.path().resolve("out/issues"))).containsExactly(
                "1|one, quoted \"|2026-03-01 10:00:00", "2|<null>|2026-03-02 08:00:00.25", "3|three|2026-03-03 00:00:00");
        assertThat(server.requests()).extracting(HttpTestServer.Request::query).containsExactly("state=all",
                "state=all&page=2");
        assertThat(first.out() + first.err()).doesNotContain(TOKEN);

        CliRun second = CliRun.pz(project.path(), "run", "--all");
        assertThat(second.exitCode()).as(second.toString()).isZero();
        assertThat(server.requests().get(2).param("since")).contains("2026-03-03T00:00:00Z");
        assertThat(csvRows(project.path().resolve("out/issues"))).hasSize(4).last().asString().startsWith("4|four|");
        assertThat(Files.readString(project.path().resolve(".pz/target/plan.json"))).doesNotContain(TOKEN);
    }

    @Test
    void rawRecordsLandAsJsonWithATypedCursorThatDrivesTheWatermark() {
        issues();
        TestProject project = TestProject.in(temp.resolve("raw")).projectYml("http_raw", "engine:\n  threads: 1")
                .file("connections.yml", apiConnection("", "    issues:\n      read:\n        path: /issues\n"
                        + "        query: {since: '{{ watermark }}', state: all}\n"
                        + "        pagination: {strategy: link_header}\n"
                        + "        cursor: updated_at\n        cursor_type: timestamp\n"
                        + "        sync: {mode: incremental, cursor: updated_at}\n") + "lake:\n  connector: localfiles\n")
                .file("pipelines/issues_log.sql", "INSERT INTO {{ sink('lake', 'issues_log', format: 'csv', path: "
                        + "'out/issues/', strategy: 'append', duplicates: 'accept') }}\n"
                        + "select (payload->>'$.id')::bigint as id, payload->>'$.title' as title, updated_at, pz_page\n"
                        + "from {{ source('api', 'issues') }}\n");
        CliRun first = CliRun.pz(project.path(), "run", "--all");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(Duck.rows("select id || '|' || coalesce(title, '<null>') || '|' || pz_page from read_csv('"
                + project.path().resolve("out/issues") + "/*.csv') order by id")).containsExactly(
                        "1|one, quoted \"|0", "2|<null>|0", "3|three|1");
        CliRun second = CliRun.pz(project.path(), "run", "--all");
        assertThat(second.exitCode()).as(second.toString()).isZero();
        assertThat(server.requests().get(2).param("since")).contains("2026-03-03T00:00:00Z");
    }

    @Test
    void aRateLimitedPageIsRetriedAndItsCrawlLandsOnce() {
        server.route("/issues", (request, index) -> {
            if (index == 1) {
                return Reply.status(429, "{\"message\":\"slow down\"}").with("Retry-After", "0");
            }
            return request.param("page").isEmpty()
                    ? Reply.json("[{\"id\":1,\"title\":\"a\",\"updated_at\":\"2026-03-01T00:00:00Z\"}]")
                            .with("Link", "</issues?page=2>; rel=\"next\"")
                    : Reply.json("[{\"id\":2,\"title\":\"b\",\"updated_at\":\"2026-03-02T00:00:00Z\"}]");
        });
        TestProject project = crawlProject("limited");
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out() + run.err()).contains("HTTP 429");
        assertThat(csvRows(project.path().resolve("out/issues"))).hasSize(2);
        assertThat(server.requests()).hasSize(4);
    }

    @Test
    void localFilesAreAppendedAndMergedIntoAnApi() {
        server.route("/ingest", (request, index) -> Reply.status(201, "{}"));
        server.route("/customers/", (request, index) -> Reply.json("{}"));
        TestProject project = TestProject.in(temp.resolve("push")).projectYml("http_push", "engine:\n  threads: 1")
                .file("data/customers.csv", "id,name,since\n1,Ana,2026-01-01\n2,Bo Li,2026-02-01\n3,Cy,2026-03-01\n")
                .file("connections.yml", "files:\n  connector: localfiles\n  entities:\n    customers:\n      read:\n"
                        + "        path: data/customers.csv\n        format: csv\n"
                        + "        columns: {id: bigint, name: varchar, since: date}\n"
                        + apiConnection("", "    log:\n      write:\n        path: /ingest\n        rows_per_request: 2\n"
                                + "        strategy: append\n"))
                .file("pipelines/customer_log.sql", "INSERT INTO {{ sink('api', 'log') }}\n"
                        + "select * from {{ ref('stg_customers') }}\n")
                .file("pipelines/customer_upserts.sql", "INSERT INTO {{ sink('api', 'upserts', path: '/customers/{key}',"
                        + " method: 'patch', strategy: 'merge', keys: ['name']) }}\nselect * from {{ ref('stg_customers') }}\n")
                .file("pipelines/stg_customers.sql", "select * from {{ source('files', 'customers') }} order by id\n");
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<HttpTestServer.Request> posts = server.requests("/ingest");
        assertThat(posts).extracting(HttpTestServer.Request::body).containsExactly(
                "[{\"id\":1,\"name\":\"Ana\",\"since\":\"2026-01-01\"},{\"id\":2,\"name\":\"Bo Li\",\"since\":\"2026-02-01\"}]",
                "[{\"id\":3,\"name\":\"Cy\",\"since\":\"2026-03-01\"}]");
        assertThat(posts.get(0).header("Authorization")).contains("Bearer " + TOKEN);
        assertThat(server.requests("/customers/")).extracting(request -> request.method() + " "
                + request.uri().getRawPath()).containsExactlyInAnyOrder("PATCH /customers/Ana", "PATCH /customers/Bo%20Li",
                        "PATCH /customers/Cy");
    }

    @Test
    void badOptionsAreRefusedByValidatePlanAndRunAlikeWithoutASecret() throws IOException {
        TestProject project = TestProject.in(temp.resolve("bad")).projectYml("http_bad")
                .file("connections.yml", "api:\n  connector: http\n  base_url: not-a-url\n"
                        + "  auth: {type: bearer, token: " + TOKEN + ", user: someone}\n  timeout_seconds: 0\n"
                        + "  entities:\n    issues:\n      read:\n        path: issues\n"
                        + "        pagination: {strategy: spiral}\n    feed:\n      read:\n        path: /feed\n"
                        + "        pagniation: {strategy: page}\n        query: {since: '{{ nope }}'}\n"
                        + "        delta_pointer: /deltaLink\n    recent:\n      read:\n        path: /recent\n"
                        + "        max_pages: 3\n        cursor_order: desc\n        columns: {id: bigint}\n"
                        + "        sync: {mode: incremental, cursor: id}\n"
                        + "lake:\n  connector: localfiles\n")
                .file("pipelines/a.sql", "INSERT INTO {{ sink('api', 'out', path: '/items', strategy: 'merge', keys: ['id'],"
                        + " rows_per_request: 5) }}\nselect * from {{ source('api', 'issues') }}\n")
                .file("pipelines/b.sql", "INSERT INTO {{ sink('api', 'snapshot', path: '/snap', strategy: 'replace') }}\n"
                        + "select * from {{ source('api', 'feed') }}\n")
                .file("pipelines/c.sql", "INSERT INTO {{ sink('lake', 'recent', format: 'csv', path: 'out/r/', strategy:"
                        + " 'append', duplicates: 'accept') }}\nselect * from {{ source('api', 'recent') }}\n");
        for (String verb : List.of("validate", "plan", "run --all")) {
            CliRun run = CliRun.pz(project.path(), verb.split(" "));
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).as(verb)
                    .contains("PZ0301: connection 'api': 'base_url' must be an absolute http(s) URL (got 'not-a-url')")
                    .contains("'timeout_seconds' must be between 1 and 3600")
                    .contains("PZ0301: dataset 'feed': unknown option 'pagniation'", "did you mean 'pagination'?")
                    .contains("PZ0301: dataset 'issues': 'path' must start with /")
                    .contains("PZ0229: dataset 'recent': cursor_order: desc with max_pages")
                    .contains("PZ0301: output 'out': a merge 'path' needs {key}")
                    .contains("PZ0301: output 'out': 'rows_per_request' applies to append only")
                    .doesNotContain(TOKEN);
            assertThat(project.path().resolve(".pz/runs")).as(verb).doesNotExist();
        }
        // Rules across options are checked once each option is valid on its own.
        Files.writeString(project.path().resolve("connections.yml"), readConnections(project)
                .replace("not-a-url", server.baseUrl()).replace("  timeout_seconds: 0\n", "")
                .replace("path: issues", "path: /issues").replace("        pagniation: {strategy: page}\n", ""));
        for (String verb : List.of("validate", "plan", "run --all")) {
            CliRun run = CliRun.pz(project.path(), verb.split(" "));
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).as(verb)
                    .contains("PZ0301: connection 'api': auth type 'bearer' does not take 'user'")
                    .contains("PZ0301: dataset 'issues': unknown pagination strategy 'spiral' (accepted: page, link_header,"
                            + " cursor)")
                    .contains("PZ0301: dataset 'feed': query parameter 'since': unknown binding '{{ nope }}'")
                    .contains("PZ0301: dataset 'feed': 'delta_pointer' reads a delta-link feed")
                    .doesNotContain(TOKEN);
            assertThat(project.path().resolve(".pz/runs")).as(verb).doesNotExist();
        }
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void aReplaceIntoAnApiIsRefusedBeforeAnythingRuns() {
        TestProject project = TestProject.in(temp.resolve("replace")).projectYml("http_replace")
                .file("data/x.csv", "id\n1\n")
                .file("connections.yml", "files:\n  connector: localfiles\n  entities:\n    x:\n      read:\n"
                        + "        path: data/x.csv\n        format: csv\n" + apiConnection("", ""))
                .file("pipelines/b.sql", "INSERT INTO {{ sink('api', 'snapshot', path: '/snap', strategy: 'replace') }}\n"
                        + "select * from {{ source('files', 'x') }}\n");
        for (String verb : List.of("validate", "plan", "run --all")) {
            CliRun run = CliRun.pz(project.path(), verb.split(" "));
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).as(verb).contains("PZ0324: output 'api.snapshot': connector 'http' does not support"
                    + " strategy replace");
            assertThat(project.path().resolve(".pz/runs")).as(verb).doesNotExist();
        }
        assertThat(server.requests()).isEmpty();
    }

    private static String readConnections(TestProject project) {
        try {
            return Files.readString(project.path().resolve("connections.yml"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void wrongCredentialsFailTheRunAndTheConnectionCheckClearly() {
        issues();
        TestProject project = TestProject.in(temp.resolve("creds")).projectYml("http_creds", "engine:\n  threads: 1")
                .file("connections.yml", apiConnection("  check_path: /issues\n", ISSUES).replace(TOKEN, "wrong-token-x")
                        + "lake:\n  connector: localfiles\n")
                .file("pipelines/issues_log.sql", ISSUES_LOG);
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out() + run.err()).contains("PZ0501", "HTTP 401 from " + server.baseUrl() + "issues",
                "the server refused the credentials").doesNotContain("wrong-token-x");
        assertThat(project.path().resolve("out/issues")).doesNotExist();
        CliRun connect = CliRun.pz(project.path(), "validate", "--connect");
        assertThat(connect.exitCode()).as(connect.toString()).isEqualTo(2);
        assertThat(connect.err()).contains("PZ0330: connection 'api' (connector 'http') failed its connectivity check",
                "GET " + server.baseUrl() + "issues returned HTTP 401").doesNotContain("wrong-token-x");
    }

    @Test
    void anUnreachableServerFailsTheRunAndTheConnectionCheck() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        String base = "http://127.0.0.1:" + closedPort + "/";
        TestProject project = TestProject.in(temp.resolve("down")).projectYml("http_down", "engine:\n  threads: 1")
                .file("connections.yml", apiConnection("", ISSUES).replace(server.baseUrl(), base)
                        + "lake:\n  connector: localfiles\n")
                .file("pipelines/issues_log.sql", ISSUES_LOG);
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out() + run.err()).contains("PZ0501", "could not reach '" + base + "issues?state=all'");
        CliRun connect = CliRun.pz(project.path(), "validate", "--connect");
        assertThat(connect.exitCode()).as(connect.toString()).isEqualTo(2);
        assertThat(connect.err()).contains("PZ0330: connection 'api'", "could not reach '" + base + "'");
    }
}
