package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pz mcp init}: client entries merged into the files that exist, the skill installed, bad choices refused. */
class McpInitCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @Test
    void writesEachClientsEntryAndMergesIntoAnExistingFile() throws Exception {
        Path project = Files.createDirectories(temp.resolve("p"));
        Files.writeString(project.resolve(".mcp.json"), "{\"mcpServers\":{\"other\":{\"command\":\"x\"}},\"keep\":1}");
        CliRun run = CliRun.pzWithEnv(Map.of("HOME", temp.resolve("home").toString()), project, "mcp", "init",
                "--all", "--allow-run");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).contains("wrote " + project.resolve(".vscode/mcp.json"),
                "updated pz entry in " + project.resolve(".mcp.json"),
                "wrote " + temp.resolve("home/.copilot/mcp-config.json"), "wrote " + project.resolve("opencode.json"),
                "installed pz-pipelines skill into " + project.resolve(".agents/skills/pz-pipelines"));

        assertThat(Files.readString(project.resolve(".mcp.json")).replaceAll("\\s", "")).isEqualTo(
                "{\"mcpServers\":{\"other\":{\"command\":\"x\"},\"pz\":{\"command\":\"pz\",\"args\":[\"mcp\","
                        + "\"--allow-run\"]}},\"keep\":1}");
        assertThat(JSON.readTree(project.resolve(".vscode/mcp.json").toFile()).path("servers").path("pz").toString())
                .isEqualTo("{\"type\":\"stdio\",\"command\":\"pz\",\"args\":[\"mcp\",\"--allow-run\"]}");
        assertThat(JSON.readTree(temp.resolve("home/.copilot/mcp-config.json").toFile()).path("mcpServers").path("pz")
                .toString()).isEqualTo("{\"type\":\"local\",\"command\":\"pz\",\"args\":[\"mcp\",\"--allow-run\"],"
                        + "\"tools\":[\"*\"]}");
        assertThat(JSON.readTree(project.resolve("opencode.json").toFile()).path("mcp").path("pz").toString())
                .isEqualTo("{\"type\":\"local\",\"command\":[\"pz\",\"mcp\",\"--allow-run\"],\"enabled\":true}");
        assertThat(project.resolve(".claude/skills/pz-pipelines/SKILL.md")).exists();
        assertThat(project.resolve(".github/skills/pz-pipelines/references/authoring-for-agents.md")).exists();
    }

    @Test
    void refusesUnknownClientsAndConfigFilesItCannotRewrite() throws Exception {
        Path project = Files.createDirectories(temp.resolve("q"));
        CliRun none = CliRun.pz(project, "mcp", "init");
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).contains("PZ0605");
        CliRun unknown = CliRun.pz(project, "mcp", "init", "emacs");
        assertThat(unknown.err()).contains("PZ0605", "unknown client 'emacs'");
        CliRun location = CliRun.pz(project, "mcp", "init", "vscode", "--skill-locations", "desk");
        assertThat(location.err()).contains("PZ0605", "unknown skill location 'desk'");

        Files.writeString(project.resolve(".mcp.json"), "{ // mine\n \"mcpServers\": {}\n}\n");
        CliRun commented = CliRun.pz(project, "mcp", "init", "claude-code");
        assertThat(commented.exitCode()).isEqualTo(2);
        assertThat(commented.err()).contains("PZ0611", "{\"command\":\"pz\",\"args\":[\"mcp\"]}");
        assertThat(Files.readString(project.resolve(".mcp.json"))).startsWith("{ // mine");
        Files.writeString(project.resolve(".mcp.json"), "{ not json");
        assertThat(CliRun.pz(project, "mcp", "init", "claude-code").err()).contains("PZ0605");
        assertThat(project.resolve(".agents")).doesNotExist();
    }
}
