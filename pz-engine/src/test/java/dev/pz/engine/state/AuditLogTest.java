package dev.pz.engine.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The manual-edit ledger {@code .pz/state/audit.jsonl}: one compact line per edit, fields in a fixed order. */
class AuditLogTest {
    @TempDir
    Path project;

    @Test
    void appendsCompactLinesInTheContractFieldOrder() throws IOException {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("reason", "backfill");
        entry.put("to", "2026-07-01T00:00:00.000000");
        entry.put("key", "erp.orders");
        entry.put("action", "set");
        entry.put("ts", "2026-07-30T10:00:00.000Z");
        entry.put("target", "value");
        entry.put("from", "2026-07-29T02:00:00.000000");
        entry.put("fromRunId", null);
        AuditLog.append(project, entry);
        AuditLog.append(project, Map.of("ts", "2026-07-30T10:00:01.000Z", "action", "clear", "key", "a.b"));

        assertThat(Files.readString(project.resolve(".pz/state/audit.jsonl"))).isEqualTo(
                "{\"ts\":\"2026-07-30T10:00:00.000Z\",\"action\":\"set\",\"key\":\"erp.orders\","
                        + "\"from\":\"2026-07-29T02:00:00.000000\",\"to\":\"2026-07-01T00:00:00.000000\","
                        + "\"target\":\"value\",\"reason\":\"backfill\"}\n"
                        + "{\"ts\":\"2026-07-30T10:00:01.000Z\",\"action\":\"clear\",\"key\":\"a.b\"}\n");
        assertThat(AuditLog.read(project)).extracting(line -> line.get("action")).containsExactly("set", "clear");
    }

    @Test
    void readSkipsUnparseableLinesAndAbsentFile() throws IOException {
        assertThat(AuditLog.read(project)).isEmpty();
        Files.createDirectories(project.resolve(".pz/state"));
        Files.writeString(project.resolve(".pz/state/audit.jsonl"),
                "{\"ts\":\"t\",\"action\":\"set\",\"key\":\"k\"}\nnot json\n\n");
        assertThat(AuditLog.read(project)).singleElement().satisfies(line -> assertThat(line).containsEntry("key", "k"));
    }

    @Test
    void refusesUnknownFieldsAndMissingRequiredOnes() {
        assertThatThrownBy(() -> AuditLog.line(Map.of("ts", "t", "action", "set", "key", "k", "who", "me")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("who");
        assertThatThrownBy(() -> AuditLog.line(Map.of("ts", "t", "action", "set")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("key");
    }
}
