package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Secrets read through {@code env()} (a secret-looking name) or {@code var()} (a var filled from a
 * secret-looking environment variable) run as written, but never reach compiled SQL, a dry-compile
 * error, a run failure, the event stream or any file under .pz.
 */
class SecretMaskingTest {
    private static final String PASSWORD = "s3cr3tPa55";
    private static final String TOKEN = "tok_9f8e7d6c";

    @TempDir
    Path directory;

    private Map<String, String> environment() {
        Map<String, String> environment = new HashMap<>(System.getenv());
        environment.put("PGPASSWORD", PASSWORD);
        environment.put("SERVICE_TOKEN", TOKEN);
        return environment;
    }

    private TestProject project(String pipeline) {
        return Catalogue.f01(directory)
                .projectYml("secrets", Catalogue.LOCALFILES, "vars:\n  service: ${SERVICE_TOKEN}")
                .file("pipelines/customer_totals.sql", pipeline);
    }

    @Test
    void compiledSqlShowsMasksWhereTheSecretsWereRendered() throws IOException {
        project("INSERT INTO {{ sink('lake', 'customer_totals', strategy: 'replace', format: 'csv', path: 'out/') }}\n"
                + "select customer, '{{ env('PGPASSWORD') }}' as pw, '{{ var('service') }}' as tok\n"
                + "from {{ source('files', 'orders') }}\n");
        CliRun compile = CliRun.pzWithEnv(environment(), directory, "compile");
        assertThat(compile.exitCode()).as(compile.toString()).isZero();
        assertThat(Files.readString(directory.resolve(".pz/target/compiled/customer_totals.sql")))
                .contains("select customer, '***' as pw, '***' as tok");

        // What runs keeps the real values.
        CliRun run = CliRun.pzWithEnv(environment(), directory, "run");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(Files.readString(directory.resolve("out/customer_totals.csv")))
                .contains("alice," + PASSWORD + "," + TOKEN);
        assertNoSecretUnder(directory.resolve(".pz"));
    }

    @Test
    void dryCompileErrorsAndRunFailuresAreMasked() throws IOException {
        project("INSERT INTO {{ sink('lake', 'customer_totals', strategy: 'replace', format: 'csv', path: 'out/') }}\n"
                + "select customer, {{ env('PGPASSWORD') }} as pw from {{ source('files', 'orders') }}\n");
        CliRun validate = CliRun.pzWithEnv(environment(), directory, "validate");
        assertThat(validate.exitCode()).isEqualTo(2);
        assertThat(validate.err()).contains("error PZ0401: ").contains("\"***\"").doesNotContain(PASSWORD);

        project("INSERT INTO {{ sink('lake', 'customer_totals', strategy: 'replace', format: 'csv', path: 'out/') }}\n"
                + "select customer, error('no {{ env('PGPASSWORD') }} and {{ var('service') }}') as pw\n"
                + "from {{ source('files', 'orders') }}\n");
        CliRun run = CliRun.pzWithEnv(environment(), directory, "run", "--log-format", "json");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out()).contains("no *** and ***");
        assertThat(run.out() + run.err()).doesNotContain(PASSWORD).doesNotContain(TOKEN);
        assertNoSecretUnder(directory.resolve(".pz"));
    }

    private static void assertNoSecretUnder(Path root) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile).filter(path -> !path.toString().endsWith(".duckdb")).toList();
        }
        assertThat(files).isNotEmpty();
        for (Path file : files) {
            String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            assertThat(text).as(file.toString()).doesNotContain(PASSWORD).doesNotContain(TOKEN);
        }
    }
}
