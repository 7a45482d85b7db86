package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz init --template http}: the GitHub API project. It needs the internet only to run; offline
 * it scaffolds, validates and plans, and {@code pz connectors} lists http.
 */
class HttpTemplateTest {

    @TempDir
    Path temp;

    @Test
    void initWritesTheProjectAndItValidatesAndPlansOffline() throws IOException {
        Path target = temp.resolve("gh");
        CliRun init = CliRun.pz("init", target.toString(), "--template", "http");
        assertThat(init.exitCode()).as(init.toString()).isZero();
        assertThat(init.out()).isEqualTo("scaffolded a new pz project 'gh' at " + target + "\nnext steps:\n"
                + "  cd gh && pz run --all\n  (reads the public GitHub API -- needs internet, no credentials)\n");
        assertThat(files(target)).containsExactly(".gitignore", "README.md", "connections.yml",
                "pipelines/issues_log.sql", "project.yml");
        assertThat(Files.readString(target.resolve("project.yml"))).isEqualTo("name: gh\nversion: \"1.0\"\n");
        assertThat(Files.readString(target.resolve("connections.yml"))).contains("connector: http",
                "base_url: https://api.github.com", "# auth: { type: bearer, token: ${GITHUB_TOKEN} }",
                "since: \"{{ watermark }}\"", "strategy: link_header", "max_pages: 5", "cursor_order: asc");
        assertThat(Files.readString(target.resolve("pipelines/issues_log.sql"))).contains("{{ sink('lake', 'issues_log',"
                + " format: 'parquet', path: 'out/issues/', strategy: 'append', duplicates: 'accept') }}");

        CliRun validate = CliRun.pz(target, "validate");
        assertThat(validate.exitCode()).as(validate.toString()).isZero();
        CliRun plan = CliRun.pz(target, "plan");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).contains("arrow_stream  src_github__issues", "read=incremental cursor=updated_at");
        assertThat(target.resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void theTemplateIsListedAndHttpIsAConnector() {
        CliRun list = CliRun.pz("init", "--list-templates");
        assertThat(list.exitCode()).isZero();
        assertThat(list.out()).contains("  sample\n", "  http\n      GitHub REST API to a parquet delta log: pagination,"
                + " a crawl guard, a typed contract [needs network]\n  incremental\n");
        Path target = temp.resolve("listed");
        assertThat(CliRun.pz("init", target.toString(), "--template", "http").exitCode()).isZero();
        CliRun connectors = CliRun.pz(target, "connectors");
        assertThat(connectors.exitCode()).as(connectors.toString()).isZero();
        assertThat(connectors.out()).containsPattern("(?m)^http +pz \\(builtin\\) +\\S+ +src:universal snk:universal"
                + " +Merge,BoundedWindow$");
    }

    private static List<String> files(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).map(path -> root.relativize(path).toString().replace('\\', '/'))
                    .sorted().toList();
        }
    }
}
