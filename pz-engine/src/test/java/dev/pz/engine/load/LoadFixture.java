package dev.pz.engine.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.model.Project;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A project written into a temporary directory and loaded, with the environment and vars the test sets. */
final class LoadFixture {
    private final TestProject files;
    private final Map<String, String> env = new HashMap<>();
    private Map<String, Object> vars = Map.of();

    LoadFixture(Path directory) {
        this.files = TestProject.in(directory);
    }

    private LoadFixture(TestProject files) {
        this.files = files;
    }

    /** F05 (retry-basic): a valid project most scenarios change one file of. */
    static LoadFixture f05(Path directory) {
        return new LoadFixture(Catalogue.f05(directory));
    }

    /** F02 (hello-pz), without the environment its connections.yml reads: the test sets it. */
    static LoadFixture f02(Path directory) {
        return new LoadFixture(Catalogue.f02(directory));
    }

    LoadFixture file(String relative, String text) {
        files.file(relative, text);
        return this;
    }

    LoadFixture env(String name, String value) {
        env.put(name, value);
        return this;
    }

    LoadFixture vars(Map<String, Object> overrides) {
        vars = overrides;
        return this;
    }

    Project load() {
        return ProjectLoader.load(files.path(), env, vars);
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
