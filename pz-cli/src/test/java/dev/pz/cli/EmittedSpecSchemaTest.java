package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The emitted Kubernetes Jobs and Argo Workflow pass the official schemas and the strict
 * unknown-key check; the check itself catches a misspelt key and a wrong type, so it can fail.
 */
class EmittedSpecSchemaTest {
    @TempDir
    Path temp;

    @Test
    void emittedKubernetesJobsAndArgoWorkflowValidate() throws Exception {
        KubernetesSchemas schemas = KubernetesSchemas.require();
        Map<String, JsonNode> documents = emitted(ScaleOutProjects.chained(temp.resolve("project")));
        assertThat(documents).hasSize(5);

        KubernetesSchemas.Verdict verdict = schemas.validate(documents, temp);

        assertThat(verdict.problems()).isEmpty();
        assertThat(verdict.exitCode()).isZero();
    }

    @Test
    void theCheckRefusesUnknownKeysAndWrongTypes() throws Exception {
        KubernetesSchemas schemas = KubernetesSchemas.require();
        Map<String, JsonNode> emitted = emitted(ScaleOutProjects.chained(temp.resolve("project")));
        JsonNode job = emitted.values().iterator().next();
        JsonNode workflow = emitted.get("workflow.yaml");
        Map<String, JsonNode> broken = new LinkedHashMap<>();
        JsonNode misspelt = job.deepCopy();
        ((ObjectNode) misspelt.at("/spec/template/spec/containers/0")).put("imagePullPolicyy", "Always");
        broken.put("misspelt.yaml", misspelt);
        JsonNode mistyped = job.deepCopy();
        ((ObjectNode) mistyped.at("/spec")).put("completions", "four");
        broken.put("mistyped.yaml", mistyped);
        JsonNode argo = workflow.deepCopy();
        ((ObjectNode) argo.at("/spec/templates/1/retryStrategy")).put("retryPolice", "Always");
        broken.put("argo.yaml", argo);

        KubernetesSchemas.Verdict verdict = schemas.validate(broken, temp);

        assertThat(verdict.exitCode()).isEqualTo(1);
        assertThat(verdict.problems()).containsExactly(
                "misspelt.yaml: unknown key /spec/template/spec/containers/0/imagePullPolicyy",
                "mistyped.yaml: data/spec/completions must be integer",
                "argo.yaml: unknown key /spec/templates/1/retryStrategy/retryPolice");
    }

    private static Map<String, JsonNode> emitted(TestProject project) throws Exception {
        CliRun kubernetes = CliRun.pz(project.path(), "plan", "--emit", "kubernetes", "--shards", "3", "--image",
                "registry.example/chained:1", "--run-id", "nightly-7");
        assertThat(kubernetes.exitCode()).as(kubernetes.toString()).isZero();
        CliRun argo = CliRun.pz(project.path(), "plan", "--emit", "argo", "--shards", "3", "--image",
                "registry.example/chained:1");
        assertThat(argo.exitCode()).as(argo.toString()).isZero();
        Map<String, JsonNode> documents = new LinkedHashMap<>();
        for (Path manifest : PlanEmitTest.manifests(project.resolve(".pz/target/kubernetes"))) {
            documents.put(manifest.getFileName().toString(), PlanEmitTest.yaml().readTree(manifest.toFile()));
        }
        documents.put("workflow.yaml", PlanEmitTest.yaml().readTree(project.resolve(".pz/target/argo/workflow.yaml")
                .toFile()));
        return documents;
    }
}
