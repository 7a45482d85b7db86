package dev.pz.engine.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.model.Project;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Writes a pz project into a temporary directory and loads it. */
final class TestProject {
    static final String F05_PROJECT = """
            name: retry_basic
            version: 0.1.0
            connectors:
              - package: Pz.Connector.LocalFiles
                version: 0.1.0
            engine:
              threads: 1
            """;
    static final String F05_CONNECTIONS = """
            files:
              connector: localfiles
              entities:
                orders:
                  read:
                    path: data/orders.csv
                    format: csv
                    columns:
                      id: bigint
                      customer: varchar
                      amount: double

            lake:
              connector: localfiles
            """;
    static final String F05_TOTALS = """
            INSERT INTO {{ sink('lake', 'totals', strategy: 'replace', format: 'parquet', path: 'out/') }}
            select customer, count(*) as orders, sum(amount) as total
            from {{ source('files', 'orders') }}
            group by customer
            """;

    private final Path directory;
    private final Map<String, String> env = new HashMap<>();
    private Map<String, Object> vars = Map.of();

    TestProject(Path directory) {
        this.directory = directory;
    }

    /** F05 (retry-basic): a valid project most scenarios change one file of. */
    static TestProject f05(Path directory) {
        return new TestProject(directory).file("project.yml", F05_PROJECT).file("connections.yml", F05_CONNECTIONS)
                .file("pipelines/totals.sql", F05_TOTALS);
    }

    TestProject file(String relative, String text) {
        try {
            Path path = directory.resolve(relative);
            Files.createDirectories(path.getParent());
            Files.writeString(path, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    TestProject env(String name, String value) {
        env.put(name, value);
        return this;
    }

    TestProject vars(Map<String, Object> overrides) {
        vars = overrides;
        return this;
    }

    Project load() {
        return ProjectLoader.load(directory, env, vars);
    }

    /** The errors of a load that must fail. */
    List<PzError> errors() {
        PzValidationException failure = catchThrowableOfType(PzValidationException.class, this::load);
        assertThat(failure).as("the load should fail").isNotNull();
        return failure.errors();
    }

    /** The single error of a load that must fail with exactly one error. */
    PzError error() {
        List<PzError> errors = errors();
        assertThat(errors).as("errors").hasSize(1);
        return errors.get(0);
    }

    /** The single error, asserting its code and that its rendered line holds every fragment. */
    PzError error(PzCode code, String... fragments) {
        PzError error = error();
        assertThat(error.code()).as(error.render()).isEqualTo(code);
        if (fragments.length > 0) {
            assertThat(error.render()).contains(fragments);
        }
        return error;
    }
}
