package dev.pz.connectors.api.paths;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PartitionColumnsTest {

    private static Map<String, Object> with(Object value) {
        Map<String, Object> options = new HashMap<>();
        options.put("partition_by", value);
        return options;
    }

    @Test
    void absentOrNullNamesNoColumns() {
        assertThat(PartitionColumns.read(Map.of())).isEmpty();
        assertThat(PartitionColumns.parse(with(null)).ok()).isTrue();
    }

    @Test
    void aScalarOrAListNamesItsColumns() {
        assertThat(PartitionColumns.read(with("  ts  "))).containsExactly("ts");
        assertThat(PartitionColumns.read(with(List.of("year", "month")))).containsExactly("year", "month");
        assertThat(PartitionColumns.read(with(List.of("ts")))).isEqualTo(PartitionColumns.read(with("ts")));
    }

    @Test
    void malformedValuesNameTheirProblem() {
        assertThat(PartitionColumns.parse(with("  ")).problem()).isEqualTo("it is empty");
        assertThat(PartitionColumns.parse(with(List.of())).problem()).contains("empty list");
        assertThat(PartitionColumns.parse(with(Arrays.asList("ts", 7L))).problem()).contains("7");
        assertThat(PartitionColumns.parse(with(List.of("ts", "ts"))).problem()).contains("twice");
        assertThat(PartitionColumns.parse(with(42L)).problem()).contains("42");
        assertThat(PartitionColumns.read(with(42L))).isEmpty();
    }
}
