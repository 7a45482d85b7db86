package dev.pz.engine.compile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.load.ProjectLoader;
import dev.pz.engine.model.Project;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Catalogue fixtures (and a small files/lake project) written into a directory and compiled. */
final class Fixtures {
    private final TestProject files;
    private final Map<String, String> env = new HashMap<>();

    private Fixtures(TestProject files) {
        this.files = files;
    }

    static Fixtures in(Path directory) {
        return new Fixtures(TestProject.in(directory));
    }

    /** F02 hello-pz, with the golden compile's environment (DATA_DIR=/tmp/pz-data, OUT_DIR=/tmp/pz-out). */
    static Fixtures f02(Path directory) {
        Fixtures fixtures = new Fixtures(Catalogue.f02(directory));
        Catalogue.F02_ENV.forEach(fixtures::env);
        return fixtures;
    }

    /** A small project with a files/lake localfiles pair; pipelines are added by the test. */
    static Fixtures lake(Path directory) {
        return in(directory).file("project.yml", "name: t\nversion: 0.1.0\n").file("connections.yml", """
                files:
                  connector: localfiles
                  entities:
                    orders:
                      read:
                        path: data/orders.csv
                        format: csv
                        columns: {id: bigint, customer: varchar, amount: double, updated_at: timestamp}
                    customers:
                      read:
                        path: data/customers.csv
                        format: csv
                        columns: {id: bigint, name: varchar}
                lake:
                  connector: localfiles
                """);
    }

    Fixtures file(String relative, String text) {
        files.file(relative, text);
        return this;
    }

    Fixtures delete(String relative) {
        files.delete(relative);
        return this;
    }

    Fixtures env(String name, String value) {
        env.put(name, value);
        return this;
    }

    Path path() {
        return files.path();
    }

    Project load() {
        return ProjectLoader.load(files.path(), env, Map.of());
    }

    CompiledDag compile() {
        return DagCompiler.compile(load(), RenderContext.forCompile(env), connector -> Set.of());
    }

    /** Every error of a load + compile that must fail. */
    List<PzError> errors() {
        PzValidationException failure = catchThrowableOfType(PzValidationException.class, this::compile);
        assertThat(failure).as("the compile should fail").isNotNull();
        return failure.errors();
    }

    static Node byName(CompiledDag dag, String name) {
        return dag.byName(name).orElseThrow(() -> new AssertionError("no node " + name + " in "
                + dag.nodes().stream().map(Node::name).toList()));
    }
}
