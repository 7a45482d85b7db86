package dev.pz.connectors.api.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The code catalogue is part of pz's user surface: numbers are unique, render as {@code PZ} plus
 * four digits, fall in their family's range, and the codes users meet most exist with their number.
 */
class PzCodeTest {

    @Test
    void numbersAreUniqueAndRenderAsFourDigits() {
        Set<Integer> seen = new HashSet<>();
        for (PzCode code : PzCode.values()) {
            assertThat(seen.add(code.number())).as("duplicate number %s", code).isTrue();
            assertThat(code.code()).matches("PZ0[1-7]\\d\\d");
        }
    }

    @Test
    void familiesFollowTheNumberRanges() {
        assertThat(PzCode.YAML_SHAPE.family()).isEqualTo(PzCode.Family.LOAD);
        assertThat(PzCode.CYCLE.family()).isEqualTo(PzCode.Family.COMPILE);
        assertThat(PzCode.NATIVE_PATH_REQUIRED.family()).isEqualTo(PzCode.Family.CONNECTOR);
        assertThat(PzCode.SQL_DRY_COMPILE.family()).isEqualTo(PzCode.Family.SQL);
        assertThat(PzCode.NODE_FAILED.family()).isEqualTo(PzCode.Family.RUNTIME);
        assertThat(PzCode.MCP_TOOL_FAILED.family()).isEqualTo(PzCode.Family.MCP);
        assertThat(PzCode.SHARDS_NOT_FINISHED.family()).isEqualTo(PzCode.Family.SCALE_OUT);
    }

    @Test
    void theCodesOfTheSpecHaveTheirNumbers() {
        assertThat(Arrays.stream(PzCode.values()).map(PzCode::code)).contains("PZ0101", "PZ0103", "PZ0104", "PZ0201",
                "PZ0202", "PZ0214", "PZ0215", "PZ0301", "PZ0312", "PZ0341", "PZ0349", "PZ0365", "PZ0401", "PZ0500",
                "PZ0501", "PZ0510", "PZ0521", "PZ0531", "PZ0611");
        assertThat(PzCode.TEMPLATE_ERROR.code()).isEqualTo("PZ0104");
        assertThat(PzCode.SOURCE_READ_BY_MULTIPLE_PIPELINES.code()).isEqualTo("PZ0349");
    }

    @Test
    void anErrorRendersCodeMessageLocationAndHint() {
        PzError error = new PzError(PzCode.UNRESOLVED_REF, "ref('x') names no pipeline", "pipelines/p.sql", 3,
                "did you mean 'y'?");
        assertThat(error.render()).isEqualTo(
                "PZ0201: ref('x') names no pipeline (pipelines/p.sql:3) — hint: did you mean 'y'?");
        assertThat(PzError.of(PzCode.CYCLE, "dependency cycle: a -> b -> a").render())
                .isEqualTo("PZ0202: dependency cycle: a -> b -> a");
    }
}
