package dev.pz.engine.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code --vars}: a YAML map of template variables that overrides project.yml {@code vars:}. */
class VarsOverridesTest {

    private static PzError failure(String json) {
        PzValidationException failure = catchThrowableOfType(PzValidationException.class, () -> VarsOverrides.parse(json));
        assertThat(failure).isNotNull();
        assertThat(failure.errors()).hasSize(1);
        PzError error = failure.errors().get(0);
        assertThat(error.code()).isEqualTo(PzCode.VARS_INVALID);
        return error;
    }

    @Test
    void parsesAnObjectWithTypedNumbers() {
        Map<String, Object> vars = VarsOverrides.parse(
                "{\"min_amount\": 25, \"count\": 3, \"ratio\": 0.5, \"big\": 1.0, \"name\": \"x\", \"on\": true,"
                        + " \"none\": null, \"list\": [1, \"a\"], \"map\": {\"k\": 2}}");
        assertThat(vars).containsEntry("min_amount", 25L).containsEntry("count", 3L).containsEntry("ratio", 0.5)
                .containsEntry("big", 1.0).containsEntry("name", "x").containsEntry("on", true)
                .containsEntry("none", null).containsEntry("list", List.of(1L, "a"))
                .containsEntry("map", Map.of("k", 2L));
        assertThat(vars.keySet()).startsWith("min_amount", "count", "ratio");
    }

    @Test
    void blankMeansNoVars() {
        assertThat(VarsOverrides.parse("")).isEmpty();
        assertThat(VarsOverrides.parse("   ")).isEmpty();
        assertThat(VarsOverrides.parse(null)).isEmpty();
    }

    @Test
    void invalidJson() {
        assertThat(failure("not json").message()).startsWith("--vars is not valid JSON: ");
        assertThat(failure("{ bad").message()).startsWith("--vars is not valid JSON: ");
        assertThat(failure("{\"a\": 1} trailing").message()).startsWith("--vars is not valid JSON: ");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "[1,2]|--vars must be a JSON object, but was a JSON array",
            "\"hi\"|--vars must be a JSON object, but was a JSON string",
            "42|--vars must be a JSON object, but was a JSON number",
            "true|--vars must be a JSON object, but was a JSON boolean",
            "null|--vars must be a JSON object, but was JSON null",
    })
    void notAnObject(String json, String message) {
        assertThat(failure(json).message()).isEqualTo(message);
    }
}
