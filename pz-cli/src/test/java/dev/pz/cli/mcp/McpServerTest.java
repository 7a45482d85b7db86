package dev.pz.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.cli.Duck;
import dev.pz.connectors.postgres.PostgresProjects;
import dev.pz.connectors.postgres.PostgresTestServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz mcp} as an agent meets it: a real {@code pz mcp} child process (this build's
 * {@code dev.pz.cli.Main}, started the way {@code scripts/pz} starts the packaged jar) driven over
 * stdio by the MCP Java SDK's own client.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class McpServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ORDERS = "id,customer,amount\n1,alice,10.5\n2,bob,20\n3,alice,4.5\n";

    @TempDir
    Path temp;

    private final List<McpSyncClient> clients = new ArrayList<>();
    private final StringBuffer serverErr = new StringBuffer();

    @AfterEach
    void closeClients() {
        clients.forEach(McpSyncClient::closeGracefully);
    }

    private McpSyncClient connect(Path project, boolean allowRun) throws IOException {
        return connect(project, allowRun, Map.of());
    }

    private McpSyncClient connect(Path project, boolean allowRun, Map<String, String> environment) throws IOException {
        Path pz = temp.resolve("pz");
        if (!Files.exists(pz)) {
            Files.writeString(pz, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                    + "' -XX:TieredStopAtLevel=1 -XX:+UseSerialGC --add-opens=java.base/java.nio=ALL-UNNAMED -cp '"
                    + System.getProperty("java.class.path") + "' dev.pz.cli.Main \"$@\"\n", StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(pz, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        List<String> args = new ArrayList<>(List.of("mcp", "--project", project.toString()));
        if (allowRun) {
            args.add("--allow-run");
        }
        // Nothing listens on port 9 of the loopback: the docs tools must fall back to the bundle.
        Map<String, String> env = new LinkedHashMap<>(environment);
        env.put("PZ_DOCS_URL", "http://127.0.0.1:9");
        env.put("HOME", temp.toString());
        ServerParameters parameters = ServerParameters.builder(pz.toString()).args(args).env(env).build();
        StdioClientTransport transport = new StdioClientTransport(parameters, new JacksonMcpJsonMapper(JSON));
        transport.setStdErrorHandler(serverErr::append);
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofMinutes(3)).build();
        clients.add(client);
        client.initialize();
        return client;
    }

    /** An agent on a new project in {@code project} with one localfiles connection, {@code files}. */
    private McpSyncClient withFilesConnection(Path project, boolean allowRun) throws IOException {
        McpSyncClient agent = connect(project, allowRun);
        call(agent, "pz_init_project", Map.of());
        call(agent, "pz_add_connection", Map.of("name", "files", "connector", "localfiles", "connection", Map.of()));
        return agent;
    }

    /** The envelope text of a call (one text block), and that text parsed. */
    private record Call(String text, JsonNode json) {
        JsonNode result() {
            return json.path("result");
        }
    }

    private static Call call(McpSyncClient client, String tool, Map<String, Object> arguments) throws IOException {
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
        assertThat(result.content()).hasSize(1);
        String text = ((McpSchema.TextContent) result.content().get(0)).text();
        return new Call(text, JSON.readTree(text));
    }

    private static List<String> toolNames(McpSyncClient client) {
        return client.listTools().tools().stream().map(McpSchema.Tool::name).toList();
    }

    @Test
    void theExecuteToolsAreListedOnlyWithAllowRun() throws IOException {
        Path project = Files.createDirectories(temp.resolve("p"));
        List<String> plain = toolNames(connect(project, false));
        assertThat(plain).contains("pz_project_overview", "pz_connector_reference", "pz_state", "pz_docs_list",
                "pz_docs_search", "pz_docs_get", "pz_compile", "pz_validate", "pz_plan", "pz_init_project",
                "pz_add_connection", "pz_update_connection", "pz_remove_connection", "pz_add_entity",
                "pz_set_entity_options", "pz_remove_entity", "pz_write_pipeline", "pz_remove_pipeline",
                "pz_entity_schema")
                .doesNotContain("pz_run", "pz_retry", "pz_run_results");

        McpSyncClient allowed = connect(project, true);
        assertThat(toolNames(allowed)).contains("pz_run", "pz_retry", "pz_run_results");
        Map<String, McpSchema.Tool> tools = new LinkedHashMap<>();
        allowed.listTools().tools().forEach(tool -> tools.put(tool.name(), tool));
        assertThat(tools.get("pz_run").inputSchema().properties()).containsOnlyKeys("flow_names", "all", "full_refresh");
        assertThat(tools.get("pz_run").inputSchema().required()).isEmpty();
        assertThat(tools.get("pz_write_pipeline").inputSchema().required()).containsExactly("name", "sql");
        assertThat(tools.get("pz_add_entity").inputSchema().required()).containsExactly("connection", "entity");
        assertThat(tools.get("pz_run_results").inputSchema().properties()).containsOnlyKeys("run_id");
    }

    @Test
    void anAgentGoesFromAnEmptyFolderToARun() throws IOException {
        Path project = Files.createDirectories(temp.resolve("shop"));
        McpSyncClient agent = connect(project, true);

        Call init = call(agent, "pz_init_project", Map.of());
        assertThat(init.text()).startsWith("{\"ok\":true,\"applied\":true,\"result\":{\"created\":true,\"dir\":");
        assertThat(init.result().path("files").toString()).contains("connections.yml", "project.yml");
        String header = Files.readString(project.resolve("connections.yml"));

        Call files = call(agent, "pz_add_connection", Map.of("name", "files", "connector", "localfiles",
                "connection", Map.of()));
        assertThat(files.text()).isEqualTo("{\"ok\":true,\"applied\":true,\"result\":{\"file\":\"connections.yml\"}}");
        Files.createDirectories(project.resolve("data"));
        Files.writeString(project.resolve("data/orders.csv"), ORDERS);
        Map<String, Object> read = new LinkedHashMap<>();
        read.put("path", "data/orders.csv");
        read.put("format", "csv");
        Call entity = call(agent, "pz_add_entity", Map.of("connection", "files", "entity", "orders", "read", read));
        assertThat(entity.text()).isEqualTo("{\"ok\":true,\"applied\":true,\"result\":{\"file\":\"connections.yml\","
                + "\"connection\":\"files\",\"entity\":\"orders\"}}");
        call(agent, "pz_add_connection", Map.of("name", "lake", "connector", "localfiles", "connection", Map.of()));
        Call pipeline = call(agent, "pz_write_pipeline", Map.of("name", "totals", "sql",
                "INSERT INTO {{ sink('lake', 'totals', strategy: 'replace', format: 'csv', path: 'out/') }}\r\n"
                        + "select customer, sum(amount) as total from {{ source('files', 'orders') }} group by customer"));
        assertThat(pipeline.text()).isEqualTo("{\"ok\":true,\"applied\":true,\"result\":{\"sql_file\":"
                + "\"pipelines/totals.sql\"}}");
        assertThat(Files.readString(project.resolve("pipelines/totals.sql"))).endsWith("group by customer\n")
                .doesNotContain("\r");

        String connections = Files.readString(project.resolve("connections.yml"));
        assertThat(connections).as("the template's comments survive the edits").startsWith(header)
                .contains("files:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n        path: "
                        + "data/orders.csv\n        format: csv\n")
                .endsWith("lake:\n  connector: localfiles\n");

        Call overview = call(agent, "pz_project_overview", Map.of());
        assertThat(overview.result().path("connections").toString()).isEqualTo("[{\"name\":\"files\",\"connector\":"
                + "\"localfiles\",\"entities\":[{\"name\":\"orders\",\"has_read\":true,\"has_write\":false}]},"
                + "{\"name\":\"lake\",\"connector\":\"localfiles\",\"entities\":[]}]");
        assertThat(overview.result().path("pipelines").toString()).isEqualTo("[{\"name\":\"totals\",\"refs\":[],"
                + "\"sources\":[\"files.orders\"],\"sinks\":[\"lake.totals\"]}]");

        Call validate = call(agent, "pz_validate", Map.of());
        assertThat(validate.text()).startsWith("{\"ok\":true,\"result\":{\"pipelines\":1,\"connections_checked\":2,");
        Call plan = call(agent, "pz_plan", Map.of());
        assertThat(plan.json().path("ok").asBoolean()).as(plan.text()).isTrue();
        assertThat(plan.result().path("nodes")).hasSize(3);
        assertThat(plan.result().path("memory_budget_bytes").asLong()).isPositive();
        assertThat(project.resolve(".pz/target/plan.json")).as("verify tools write nothing").doesNotExist();

        Call run = call(agent, "pz_run", Map.of());
        assertThat(run.json().path("ok").asBoolean()).as(run.text()).isTrue();
        assertThat(run.result().path("status").asText()).isEqualTo("success");
        assertThat(run.result().path("exit_code").asInt()).isZero();
        assertThat(run.result().path("nodes")).hasSize(3).allSatisfy(node ->
                assertThat(node.path("status").asText()).isEqualTo("success"));
        assertThat(Files.readAllLines(project.resolve("out/totals.csv"))).containsExactlyInAnyOrder(
                "customer,total", "alice,15.0", "bob,20.0");

        Call results = call(agent, "pz_run_results", Map.of());
        assertThat(results.result().path("run_id").asText()).isEqualTo(run.result().path("run_id").asText());
        assertThat(results.result().path("status").asText()).isEqualTo("success");
        assertThat(results.result().path("nodes").get(0).path("rows").asLong()).isEqualTo(3);
        Call unknown = call(agent, "pz_run_results", Map.of("run_id", "nope"));
        assertThat(unknown.json().path("errors").get(0).path("code").asText()).isEqualTo("PZ0502");

        Call state = call(agent, "pz_state", Map.of());
        assertThat(state.result().path("latest_run").path("status").asText()).isEqualTo("success");
        assertThat(state.result().path("schema_baselines").path("corrupt").isBoolean()).isTrue();
        assertThat(state.result().path("schema_baselines").path("entries").isArray()).isTrue();
    }

    @Test
    void theGuardsRefuseBeforeAnythingIsWritten() throws IOException {
        Path project = Files.createDirectories(temp.resolve("g"));
        McpSyncClient agent = connect(project, true);
        call(agent, "pz_init_project", Map.of());
        String before = Files.readString(project.resolve("connections.yml"));

        Call literal = call(agent, "pz_add_connection", Map.of("name", "pg", "connector", "postgres", "connection",
                Map.of("host", "localhost", "password", "hunter2")));
        // pz's JSON text writes ' and a backquote as unicode escapes, as the reference's JSON writer does.
        assertThat(literal.text()).isEqualTo("{\"ok\":false,\"applied\":false,\"errors\":[{\"code\":\"PZ0601\","
                + "\"message\":\"\\u0027connection.password\\u0027 looks like a credential and holds a literal value\","
                + "\"next_step\":\"put the secret in an environment variable and write \\u0060${VAR_NAME}\\u0060 instead\"}]}");
        assertThat(literal.text()).doesNotContain("hunter2");
        Call escaping = call(agent, "pz_add_connection", Map.of("name", "up", "connector", "localfiles", "connection",
                Map.of("root", "../elsewhere")));
        assertThat(escaping.json().path("errors").get(0).path("code").asText()).isEqualTo("PZ0606");
        assertThat(Files.readString(project.resolve("connections.yml"))).isEqualTo(before);

        call(agent, "pz_add_connection", Map.of("name", "lake", "connector", "localfiles", "connection", Map.of()));
        Call again = call(agent, "pz_add_connection", Map.of("name", "lake", "connector", "localfiles",
                "connection", Map.of()));
        assertThat(again.json().path("errors").get(0).path("code").asText()).isEqualTo("PZ0602");
        Call badName = call(agent, "pz_write_pipeline", Map.of("name", "../x", "sql", "select 1"));
        assertThat(badName.json().path("errors").get(0).path("code").asText()).isEqualTo("PZ0602");

        Path lockFile = Files.createDirectories(project.resolve(".pz/runs")).resolve(".lock");
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = channel.lock()) {
            call(agent, "pz_write_pipeline", Map.of("name", "one", "sql",
                    "INSERT INTO {{ sink('lake', 'one', format: 'csv', path: 'out/') }} select 1 as x"));
            Call locked = call(agent, "pz_run", Map.of());
            assertThat(locked.json().path("ok").asBoolean()).isFalse();
            assertThat(locked.json().path("errors").get(0).path("code").asText()).as(locked.text()).isEqualTo("PZ0604");
        }
    }

    @Test
    void theAuthorToolsEditInPlaceAndReportWhatTheCheckFinds() throws IOException {
        Path project = Files.createDirectories(temp.resolve("e"));
        McpSyncClient agent = withFilesConnection(project, true);
        Map<String, Object> columns = new LinkedHashMap<>();
        columns.put("id", "bigint");
        columns.put("customer", "varchar");
        columns.put("amount", "double");
        // A declared column contract lets the check dry-compile the pipeline's SQL.
        call(agent, "pz_add_entity", Map.of("connection", "files", "entity", "orders", "read",
                Map.of("path", "data/orders.csv", "format", "csv", "columns", columns)));
        call(agent, "pz_add_connection", Map.of("name", "lake", "connector", "localfiles", "connection", Map.of()));
        Files.createDirectories(project.resolve("data"));
        Files.writeString(project.resolve("data/orders.csv"), ORDERS);

        Call broken = call(agent, "pz_write_pipeline", Map.of("name", "totals", "sql",
                "INSERT INTO {{ sink('lake', 'totals', format: 'csv', path: 'out/') }}\n"
                        + "select customer,, sum(amount) as total from {{ source('files', 'orders') }} group by customer",
                "checks_yaml", "pipeline: totals\n"));
        assertThat(broken.text()).as("written, then the check finds the syntax error").startsWith(
                "{\"ok\":false,\"applied\":true,\"errors\":[{\"code\":\"PZ0401\"");
        assertThat(broken.text()).endsWith(",\"result\":{\"sql_file\":\"pipelines/totals.sql\",\"checks_file\":"
                + "\"pipelines/configs/totals.yml\"}}");
        call(agent, "pz_write_pipeline", Map.of("name", "dangling", "sql", "select * from {{ ref('missing') }}"));
        Call overview = call(agent, "pz_project_overview", Map.of());
        assertThat(overview.json().path("ok").asBoolean()).as("best effort when the project does not compile").isTrue();
        assertThat(overview.json().path("errors").get(0).path("code").asText()).as(overview.text()).startsWith("PZ02");
        assertThat(overview.result().path("connections")).hasSize(2);
        call(agent, "pz_remove_pipeline", Map.of("name", "dangling"));
        assertThat(call(agent, "pz_remove_pipeline", Map.of("name", "totals")).text()).isEqualTo("{\"ok\":true,"
                + "\"applied\":true,\"result\":{\"sql_file\":\"pipelines/totals.sql\",\"checks_file_removed\":true}}");
        assertThat(project.resolve("pipelines/configs/totals.yml")).doesNotExist();

        Map<String, Object> read = new LinkedHashMap<>();
        read.put("path", "data/orders.csv");
        read.put("format", "csv");
        read.put("header", true);
        Call options = call(agent, "pz_set_entity_options", Map.of("connection", "files", "entity", "orders", "read",
                read));
        assertThat(options.json().path("ok").asBoolean()).as(options.text()).isTrue();
        assertThat(Files.readString(project.resolve("connections.yml"))).contains(
                "    orders:\n      read:\n        path: data/orders.csv\n        format: csv\n        header: true\n");
        Call updated = call(agent, "pz_update_connection", Map.of("name", "files", "connector", "localfiles",
                "connection", Map.of("root", "data")));
        assertThat(updated.result().path("dropped_entities").toString()).isEqualTo("[\"orders\"]");
        String replaced = Files.readString(project.resolve("connections.yml"));
        assertThat(replaced.substring(replaced.indexOf("\nfiles:"))).isEqualTo("\nfiles:\n  connector: localfiles\n"
                + "  root: data\n\nlake:\n  connector: localfiles\n");
        call(agent, "pz_add_entity", Map.of("connection", "lake", "entity", "totals", "write", Map.of("format", "csv")));
        assertThat(call(agent, "pz_remove_entity", Map.of("connection", "lake", "entity", "totals")).json().path("ok")
                .asBoolean()).isTrue();
        assertThat(call(agent, "pz_remove_connection", Map.of("name", "files")).json().path("ok").asBoolean()).isTrue();
        assertThat(Files.readString(project.resolve("connections.yml"))).doesNotContain("files:")
                .endsWith("lake:\n  connector: localfiles\n");
        assertThat(call(agent, "pz_remove_connection", Map.of("name", "files")).json().path("errors").get(0)
                .path("code").asText()).isEqualTo("PZ0602");

        Call compile = call(agent, "pz_compile", Map.of());
        assertThat(compile.text()).isEqualTo("{\"ok\":true,\"result\":{\"nodes\":[],\"notices\":[],\"warnings\":[]}}");
        Call reference = call(agent, "pz_connector_reference", Map.of());
        assertThat(reference.result().path("connectors").findValuesAsText("name")).contains("localfiles", "postgres");
        Call retry = call(agent, "pz_retry", Map.of());
        assertThat(retry.json().path("errors").get(0).path("code").asText()).as(retry.text()).isEqualTo("PZ0502");
        assertThat(call(agent, "pz_init_project", Map.of()).json().path("errors").get(0).path("code").asText())
                .isEqualTo("PZ0603");
    }

    private static void writeParquet(Path file, String select) {
        Duck.execute("COPY (" + select + ") TO '" + file + "' (FORMAT parquet)");
    }

    private static String firstCode(Call call) {
        return call.json().path("errors").get(0).path("code").asText();
    }

    @Test
    void theEntitySchemaToolReadsLiveColumnsAndHoldsThemAgainstTheContract() throws IOException {
        Path project = Files.createDirectories(temp.resolve("schemas"));
        McpSyncClient agent = withFilesConnection(project, false);
        Path data = Files.createDirectories(project.resolve("data"));
        writeParquet(data.resolve("orders.parquet"), "SELECT 1::BIGINT AS id, 'alice' AS customer, 10.5::DOUBLE AS amount");
        Map<String, Object> read = new LinkedHashMap<>();
        read.put("path", "data/orders.parquet");
        read.put("format", "parquet");

        Call undeclared = call(agent, "pz_entity_schema", Map.of("connection", "files", "entity", "orders",
                "read", read));
        assertThat(undeclared.text()).isEqualTo("{\"ok\":true,\"result\":{\"columns\":[{\"name\":\"id\","
                + "\"type\":\"Int64\"},{\"name\":\"customer\",\"type\":\"Utf8\"},{\"name\":\"amount\","
                + "\"type\":\"Double\"}],\"source\":\"fetched\"}}");

        Map<String, Object> contracted = new LinkedHashMap<>(read);
        Map<String, Object> contract = new LinkedHashMap<>();
        contract.put("id", "bigint");
        contract.put("customer", "varchar");
        contract.put("amount", "double");
        contracted.put("columns", contract);
        call(agent, "pz_add_entity", Map.of("connection", "files", "entity", "orders", "read", contracted));
        Call declared = call(agent, "pz_entity_schema", Map.of("connection", "files", "entity", "orders"));
        assertThat(declared.text()).isEqualTo("{\"ok\":true,\"result\":{\"columns\":[{\"name\":\"id\","
                + "\"type\":\"bigint\"},{\"name\":\"customer\",\"type\":\"varchar\"},{\"name\":\"amount\","
                + "\"type\":\"double\"}],\"source\":\"declared_contract\"}}");

        writeParquet(data.resolve("orders.parquet"),
                "SELECT 1::BIGINT AS id, 'alice' AS customer, 10.5::DOUBLE AS amount, 'eu' AS region");
        Call grown = call(agent, "pz_entity_schema", Map.of("connection", "files", "entity", "orders"));
        assertThat(grown.result().path("source").asText()).isEqualTo("declared_contract");
        assertThat(grown.result().path("columns")).hasSize(3);
        assertThat(grown.result().path("differs_from_contract").asBoolean()).isTrue();
        assertThat(grown.result().path("extra_columns").toString())
                .isEqualTo("[{\"name\":\"region\",\"type\":\"Utf8\"}]");

        writeParquet(data.resolve("orders.parquet"), "SELECT 1::BIGINT AS id, 10.5::DOUBLE AS amount");
        Call shrunk = call(agent, "pz_entity_schema", Map.of("connection", "files", "entity", "orders"));
        assertThat(shrunk.json().path("ok").asBoolean()).isFalse();
        assertThat(firstCode(shrunk)).isEqualTo("PZ0331");
        assertThat(shrunk.json().path("errors").get(0).path("message").asText()).contains("'customer'");

        // A csv has no types of its own: its schema is its contract, held against its header.
        Files.writeString(data.resolve("refunds.csv"), "id,amount\n1,2.5\n");
        Map<String, Object> csv = new LinkedHashMap<>();
        csv.put("path", "data/refunds.csv");
        csv.put("format", "csv");
        Call csvWithoutContract = call(agent, "pz_entity_schema", Map.of("connection", "files", "entity", "refunds",
                "read", csv));
        assertThat(firstCode(csvWithoutContract)).isEqualTo("PZ0330");
        assertThat(csvWithoutContract.json().path("errors").get(0).path("message").asText()).contains("columns:");
        Map<String, Object> refundContract = new LinkedHashMap<>();
        refundContract.put("id", "bigint");
        refundContract.put("amount", "double");
        csv.put("columns", refundContract);
        Call csvContract = call(agent, "pz_entity_schema", Map.of("connection", "files", "entity", "refunds",
                "read", csv));
        assertThat(csvContract.text()).isEqualTo("{\"ok\":true,\"result\":{\"columns\":[{\"name\":\"id\","
                + "\"type\":\"bigint\"},{\"name\":\"amount\",\"type\":\"double\"}],"
                + "\"source\":\"declared_contract\"}}");
        refundContract.put("reason", "varchar");
        assertThat(firstCode(call(agent, "pz_entity_schema", Map.of("connection", "files", "entity", "refunds",
                "read", csv)))).isEqualTo("PZ0331");

        Call unknownEntity = call(agent, "pz_entity_schema", Map.of("connection", "files", "entity", "payouts"));
        assertThat(firstCode(unknownEntity)).isEqualTo("PZ0330");
        assertThat(unknownEntity.json().path("errors").get(0).path("next_step").asText()).contains("orders");
        Call unknownConnection = call(agent, "pz_entity_schema", Map.of("connection", "warehouse", "entity", "orders"));
        assertThat(firstCode(unknownConnection)).isEqualTo("PZ0330");
        assertThat(unknownConnection.json().path("errors").get(0).path("message").asText()).contains("'warehouse'");
        Call missingFile = call(agent, "pz_entity_schema", Map.of("connection", "files", "entity", "payouts",
                "read", Map.of("path", "data/payouts.parquet", "format", "parquet")));
        assertThat(firstCode(missingFile)).isEqualTo("PZ0330");
        Call badOption = call(agent, "pz_entity_schema", Map.of("connection", "files", "entity", "orders",
                "read", Map.of("formatt", "csv")));
        assertThat(badOption.json().path("ok").asBoolean()).isFalse();
        assertThat(badOption.json().path("errors").get(0).path("message").asText()).contains("formatt");
        assertThat(Files.exists(project.resolve(".pz"))).isFalse();
    }

    @Test
    void theEntitySchemaToolReadsAPostgresTable() throws Exception {
        PostgresTestServer.Endpoint server = PostgresTestServer.endpoint();
        String table = "schema_probe_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
        PostgresProjects.execute("create table " + table + " (id bigint primary key, email text, created_on date)");
        Path project = Files.createDirectories(temp.resolve("pg"));
        McpSyncClient agent = connect(project, false, PostgresProjects.environment(server));
        call(agent, "pz_init_project", Map.of());
        Files.writeString(project.resolve("connections.yml"), PostgresProjects.connection("warehouse", "", ""));

        Call fetched = call(agent, "pz_entity_schema", Map.of("connection", "warehouse", "entity", table,
                "read", Map.of()));
        assertThat(fetched.text()).isEqualTo("{\"ok\":true,\"result\":{\"columns\":[{\"name\":\"id\","
                + "\"type\":\"Int64\"},{\"name\":\"email\",\"type\":\"Utf8\"},{\"name\":\"created_on\","
                + "\"type\":\"Date32\"}],\"source\":\"fetched\"}}");

        PostgresProjects.execute("alter table " + table + " add column region text");
        Call grown = call(agent, "pz_entity_schema", Map.of("connection", "warehouse", "entity", table,
                "read", Map.of("columns", Map.of("id", "bigint"))));
        assertThat(grown.text()).isEqualTo("{\"ok\":true,\"result\":{\"columns\":[{\"name\":\"id\","
                + "\"type\":\"bigint\"}],\"source\":\"declared_contract\",\"differs_from_contract\":true,"
                + "\"extra_columns\":[{\"name\":\"email\",\"type\":\"Utf8\"},{\"name\":\"created_on\","
                + "\"type\":\"Date32\"},{\"name\":\"region\",\"type\":\"Utf8\"}]}}");

        Call missing = call(agent, "pz_entity_schema", Map.of("connection", "warehouse", "entity", table + "_gone",
                "read", Map.of()));
        assertThat(firstCode(missing)).isEqualTo("PZ0330");
        assertThat(missing.text()).doesNotContain(server.password());
    }

    @Test
    void anEntitySchemaProbeThatCannotConnectNeverShowsTheSecret() throws IOException {
        Path project = Files.createDirectories(temp.resolve("secret"));
        call(connect(project, false), "pz_init_project", Map.of());
        Files.writeString(project.resolve("connections.yml"), "warehouse:\n  connector: postgres\n"
                + "  host: 127.0.0.1\n  port: 9\n  database: shop\n  user: pz\n  password: ${WAREHOUSE_PASSWORD}\n");
        McpSyncClient agent = connect(project, false, Map.of("WAREHOUSE_PASSWORD", "s3cr3t-hunter2"));
        Call refused = call(agent, "pz_entity_schema", Map.of("connection", "warehouse", "entity", "orders",
                "read", Map.of()));
        assertThat(refused.text()).startsWith("{\"ok\":false,\"errors\":[{\"code\":\"PZ0330\"");
        assertThat(refused.json().path("errors").get(0).path("message").asText())
                .startsWith("connection 'warehouse' dataset 'orders': ");
        assertThat(refused.text()).doesNotContain("s3cr3t-hunter2");
        assertThat(serverErr.toString()).doesNotContain("s3cr3t-hunter2");
    }

    @Test
    void argumentsThatDoNotFitAreInvalidParamsNamingTheArgument() throws IOException {
        McpSyncClient agent = connect(Files.createDirectories(temp.resolve("a")), false);
        assertThatThrownBy(() -> call(agent, "pz_validate", Map.of("connect", "yes"))).isInstanceOf(McpError.class)
                .hasMessageContaining("invalid params for 'pz_validate': argument 'connect' expects boolean, got string");
        assertThatThrownBy(() -> call(agent, "pz_validate", Map.of("connct", true))).isInstanceOf(McpError.class)
                .hasMessageContaining("invalid params for 'pz_validate': unknown argument 'connct' (accepted: connect)");
        assertThatThrownBy(() -> call(agent, "pz_add_entity", Map.of("entity", "x"))).isInstanceOf(McpError.class)
                .hasMessageContaining("invalid params for 'pz_add_entity': required argument 'connection' is missing");
        assertThat(((McpError) org.assertj.core.api.Assertions.catchThrowable(() -> call(agent, "pz_validate",
                Map.of("connect", 1)))).getJsonRpcError().code()).isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS);
    }

    @Test
    void theDocsToolsReadTheBundleWhenTheSiteIsUnreachable() throws IOException {
        McpSyncClient agent = connect(Files.createDirectories(temp.resolve("d")), false);
        Call list = call(agent, "pz_docs_list", Map.of());
        assertThat(list.result().path("docs").findValuesAsText("slug")).contains("architecture", "retry", "mcp");
        Call search = call(agent, "pz_docs_search", Map.of("query", "retry carried forward", "limit", 2));
        assertThat(search.result().path("hits")).hasSize(2);
        assertThat(search.result().path("hits").get(0).path("excerpts").size()).isBetween(1, 3);
        Call get = call(agent, "pz_docs_get", Map.of("slug", "architecture"));
        assertThat(get.result().path("doc").path("markdown").asText()).startsWith("# Architecture");
        assertThat(call(agent, "pz_docs_get", Map.of("slug", "nope")).json().path("errors").get(0).path("code")
                .asText()).isEqualTo("PZ0608");
        assertThat(call(agent, "pz_docs_search", Map.of("query", "  ")).json().path("errors").get(0).path("code")
                .asText()).isEqualTo("PZ0608");
    }
}
