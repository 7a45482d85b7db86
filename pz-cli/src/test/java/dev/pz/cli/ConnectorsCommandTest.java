package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz connectors} lists every installed connector with its tiers and capability flags;
 * {@code --json} adds every option from the connector's declarations, in a fixed field order.
 */
class ConnectorsCommandTest {

    @TempDir
    Path project;

    @Test
    void listsTheBuiltinsWithTiersAndCapabilities() {
        TestProject.in(project).projectYml("p");
        CliRun run = CliRun.pz(project, "connectors");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines().get(0)).isEqualTo(String.format("%-14s %-28s %-16s %-18s %s", "name", "package",
                "version", "tiers", "capabilities"));
        assertThat(run.out()).containsPattern("(?m)^localfiles +pz \\(builtin\\) +\\S+ +src:native\\+universal "
                + "snk:native\\+universal .*NativeScan,NativeCopy.*ReplaceWrites");
        assertThat(run.out()).containsPattern("(?m)^postgres +pz \\(builtin\\) +\\S+ +src:universal snk:universal "
                + ".*Merge");
        assertThat(run.out()).containsPattern("(?m)^duckdb +pz \\(builtin\\) +\\S+ +src:native-only "
                + "snk:native\\+universal .*NativeScan,NativeCopy,Merge.*NativeOnlyRead");
        assertThat(run.out()).containsPattern("(?m)^sqlite +pz \\(builtin\\) +\\S+ +src:universal snk:universal "
                + "ColumnPruning,BoundedWindow,InclusiveWatermarkBound,ReplaceWrites$");
        assertThat(run.out()).containsPattern("(?m)^mysql +pz \\(builtin\\) +\\S+ +src:universal snk:universal "
                + "ColumnPruning,PartitionedRead,Merge");
        assertThat(run.out()).containsPattern("(?m)^sftp +pz \\(builtin\\) +\\S+ +src:universal snk:universal "
                + "PartitionedRead,BoundedWindow,PathTemplating,ReplaceWrites$");
        for (String objectStore : List.of("s3", "azureblob", "gcs")) {
            assertThat(run.out()).containsPattern("(?m)^" + objectStore + " +pz \\(builtin\\) +\\S+ +src:native\\+universal"
                    + " snk:native\\+universal PartitionedRead,NativeScan,NativeCopy,BoundedWindow,PathTemplating,"
                    + "ReplaceWrites$");
        }
        for (String extensionBacked : List.of("ducklake", "iceberg", "motherduck", "quack")) {
            assertThat(run.out()).containsPattern("(?m)^" + extensionBacked + " +pz \\(builtin\\) +\\S+ +src:native-only ");
        }
    }

    @Test
    void jsonListsEveryOptionFromTheDeclarationsInAFixedFieldOrder() throws Exception {
        TestProject.in(project).projectYml("p");
        CliRun run = CliRun.pz(project, "connectors", "--json");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode root = new ObjectMapper().readTree(run.out());
        assertThat(run.out()).endsWith("}\n");
        assertThat(root.get("version").asInt()).isEqualTo(1);
        List<String> names = new ArrayList<>();
        root.get("connectors").forEach(connector -> names.add(connector.get("name").asText()));
        assertThat(names).contains("localfiles", "postgres").isSorted();

        JsonNode localfiles = connector(root, "localfiles");
        assertThat(fields(localfiles)).containsExactly("name", "package", "version", "connectorVersion", "tiers",
                "capabilities", "options");
        assertThat(localfiles.get("tiers").toString()).isEqualTo("{\"source\":\"native+universal\",\"sink\":\"native+universal\"}");
        assertThat(localfiles.get("capabilities").toString())
                .isEqualTo("[\"PartitionedRead\",\"NativeScan\",\"NativeCopy\",\"BoundedWindow\",\"PathTemplating\","
                        + "\"ReplaceWrites\"]");
        JsonNode format = option(localfiles, "write", "format");
        assertThat(fields(format)).containsExactly("name", "type", "required", "secret", "default", "allowed", "minimum",
                "maximum", "rule", "code", "description");
        assertThat(format.toString()).isEqualTo("{\"name\":\"format\",\"type\":\"choice\",\"required\":false,"
                + "\"secret\":false,\"default\":\"parquet\",\"allowed\":[\"csv\",\"json\",\"parquet\",\"tsv\",\"xlsx\"],"
                + "\"minimum\":null,\"maximum\":null,\"rule\":null,\"code\":\"PZ0361\","
                + "\"description\":\"File format of the output (avro is read-only).\"}");

        JsonNode postgres = connector(root, "postgres");
        JsonNode port = option(postgres, "connection", "port");
        assertThat(port.get("type").asText()).isEqualTo("integer");
        assertThat(port.get("default").asInt()).isEqualTo(5432);
        assertThat(port.get("minimum").asInt()).isEqualTo(1);
        assertThat(port.get("maximum").asInt()).isEqualTo(65535);
        assertThat(option(postgres, "connection", "password").get("secret").asBoolean()).isTrue();
        assertThat(option(postgres, "connection", "host").get("required").asBoolean()).isTrue();
        assertThat(postgres.get("options").get("write")).isEmpty();
    }

    @Test
    void jsonIsPrintedWholeByAPzProcessOfItsOwn() throws Exception {
        TestProject.in(project).projectYml("p");
        Path stdout = project.resolve("stdout.json");
        Process pz = StopSignalRunTest.start(Map.of(), project, stdout, null, "connectors", "--json");
        assertThat(StopSignalRunTest.exitOf(pz)).isZero();
        String printed = Files.readString(stdout);
        assertThat(printed).isEqualTo(CliRun.pz(project, "connectors", "--json").out());
        assertThat(new ObjectMapper().readTree(printed).get("connectors")).isNotEmpty();
    }

    private static JsonNode connector(JsonNode root, String name) {
        for (JsonNode connector : root.get("connectors")) {
            if (connector.get("name").asText().equals(name)) {
                return connector;
            }
        }
        throw new AssertionError("no connector " + name);
    }

    private static JsonNode option(JsonNode connector, String place, String name) {
        for (JsonNode option : connector.get("options").get(place)) {
            if (option.get("name").asText().equals(name)) {
                return option;
            }
        }
        throw new AssertionError("no " + place + " option " + name);
    }

    private static List<String> fields(JsonNode object) {
        List<String> fields = new ArrayList<>();
        object.fieldNames().forEachRemaining(fields::add);
        return fields;
    }

    @Test
    void outsideAProjectIsAConfigurationError() {
        CliRun run = CliRun.pz(project, "connectors");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("project.yml");
    }
}
