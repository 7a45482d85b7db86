package dev.pz.engine.compile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.artifacts.CompileArtifacts;
import dev.pz.engine.load.ProjectLoader;
import dev.pz.engine.model.SecretMask;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which values a compile treats as secret, and where it masks them. */
class CompileSecretsTest {
    private static final Map<String, String> ENV = Map.of("DB_PASSWORD", "pw-from-env", "REGION", "eu-west-1",
            "SHOP_PASS", "declared-pass", "HOOK_TOKEN", "hook-token-1", "OTHER_KEY", "1");

    @TempDir
    Path directory;

    private Fixtures project(String pipeline) {
        return Fixtures.lake(directory)
                .file("project.yml", "name: t\nversion: 0.1.0\nvars:\n  hook: ${HOOK_TOKEN}\n  api_token: literal-token\n"
                        + "  threads: 1\n")
                .file("connections.yml", """
                        files:
                          connector: localfiles
                          entities:
                            orders:
                              read:
                                path: data/orders.csv
                                format: csv
                                columns: {id: bigint}
                        shop:
                          connector: vault
                          pass: ${SHOP_PASS}
                          api_key: key-literal
                          host: db.internal
                        lake:
                          connector: localfiles
                        """)
                .file("pipelines/p.sql", pipeline);
    }

    private CompiledDag compile(Fixtures fixtures) {
        return DagCompiler.compile(ProjectLoader.load(fixtures.path(), ENV, Map.of()), RenderContext.forCompile(ENV),
                connector -> Set.of(), connector -> connector.equals("vault") ? Set.of("pass") : Set.of());
    }

    @Test
    void secretsAreWhatSecretNamesAndDeclaredKeysHold() {
        CompiledDag dag = compile(project("select '{{ env('DB_PASSWORD') }}' as a, '{{ env('REGION') }}' as b,"
                + " '{{ var('api_token') }}' as c, id from {{ source('files', 'orders') }}\n"));
        SecretMask secrets = dag.secrets();
        assertThat(secrets.mask("pw-from-env eu-west-1 literal-token declared-pass key-literal hook-token-1 db.internal 1"))
                .isEqualTo("*** eu-west-1 *** *** *** *** db.internal 1");
        PipelineNode pipeline = (PipelineNode) Fixtures.byName(dag, "p");
        assertThat(pipeline.sql()).as("the SQL that runs").contains("'pw-from-env' as a");
        assertThat(CompileArtifacts.compiledSql(dag, pipeline))
                .contains("'***' as a, 'eu-west-1' as b, '***' as c").doesNotContain("pw-from-env");
    }

    @Test
    void compileErrorsAreMasked() {
        PzValidationException failure = catchThrowableOfType(PzValidationException.class,
                () -> compile(project("select * from {{ ref(env('DB_PASSWORD')) }}\n")));
        assertThat(failure.errors()).singleElement().satisfies(error ->
                assertThat(error.message()).isEqualTo("ref('***') names no pipeline"));
    }
}
