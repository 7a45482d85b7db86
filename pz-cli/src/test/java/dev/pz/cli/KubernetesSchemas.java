package dev.pz.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The official Kubernetes and Argo Workflows schemas from npm ({@code kubernetes-models@5.1.0},
 * {@code @kubernetes-models/argo-workflows@2.0.0}, installed by {@code .ci/run} into
 * {@code ${PZ_TOOLS_DIR:-~/.cache/pz}/k8s-models-5.1.0}), run by node over
 * {@code validate-specs.mjs}: the schemas' own validation plus a strict unknown-key check. Without
 * node or the packages a test is skipped, or fails under {@code PZ_REQUIRE_SERVICES=1}.
 */
final class KubernetesSchemas {
    static final String FOLDER = "k8s-models-5.1.0";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path node;
    private final Path modules;

    private KubernetesSchemas(Path node, Path modules) {
        this.node = node;
        this.modules = modules;
    }

    static KubernetesSchemas require() {
        Path node = RequiredTools.require("node", "PZ_NODE");
        String tools = System.getenv("PZ_TOOLS_DIR");
        Path modules = (tools != null ? Path.of(tools) : Path.of(System.getProperty("user.home"), ".cache", "pz"))
                .resolve(FOLDER);
        if (!Files.isDirectory(modules.resolve("node_modules/kubernetes-models"))
                || !Files.isDirectory(modules.resolve("node_modules/@kubernetes-models/argo-workflows"))) {
            String reason = "the npm schemas are not installed in " + modules + " (npm install --prefix " + modules
                    + " kubernetes-models@5.1.0 @kubernetes-models/argo-workflows@2.0.0, as .ci/run does)";
            if ("1".equals(System.getenv("PZ_REQUIRE_SERVICES"))) {
                Assertions.fail(reason + " (PZ_REQUIRE_SERVICES=1)");
            }
            Assumptions.abort(reason);
        }
        return new KubernetesSchemas(node, modules);
    }

    /** What the validator said about {@code documents} (file name → document): exit code and problem lines. */
    Verdict validate(Map<String, JsonNode> documents, Path work) throws IOException, InterruptedException {
        ArrayNode list = JSON.createArrayNode();
        documents.forEach((file, document) -> list.addObject().put("file", file).set("document", document));
        Path input = work.resolve("documents.json");
        Files.writeString(input, JSON.writeValueAsString(list));
        Path script = work.resolve("validate-specs.mjs");
        try (InputStream in = KubernetesSchemas.class.getResourceAsStream("validate-specs.mjs")) {
            Files.write(script, in.readAllBytes());
        }
        Process process = new ProcessBuilder(node.toString(), script.toString(), modules.toString(), input.toString())
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException("node did not finish validating");
        }
        return new Verdict(process.exitValue(), output.lines().toList());
    }

    record Verdict(int exitCode, List<String> problems) {
    }
}
