package dev.pz.engine.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local watermark file, {@code .pz/state/watermarks.json} (docs/incremental.md). Its bytes are a contract other pz versions
 * read, and a corrupt file must mean "no watermarks" (a full extract) rather than a crash.
 */
class WatermarkStoreTest {
    @TempDir
    Path project;

    @Test
    void missingFileHasNoEntriesAndNoNotice() {
        WatermarkStore store = WatermarkStore.local(project);
        assertThat(store.get("raw.orders")).isEmpty();
        assertThat(store.all()).isEmpty();
        assertThat(store.corruptionNotice()).isEmpty();
        assertThat(store.exists()).isFalse();
        assertThat(store.file()).isEqualTo(project.resolve(".pz/state/watermarks.json"));
    }

    @Test
    void writesTheExactFileShape() throws IOException {
        WatermarkStore store = WatermarkStore.local(project);
        store.set("raw.orders", new Watermark("updated_at", "timestamp", "2026-01-08T13:30:00.000000",
                "20260902T152717469Z-06f8"));
        store.set("files.orders", new Watermark("id", "bigint", "4", "20260902T152717469Z-06f8"));

        assertThat(Files.readString(store.file(), StandardCharsets.UTF_8)).isEqualTo("""
                {
                  "version": 1,
                  "watermarks": {
                    "files.orders": {
                      "cursor": "id",
                      "type": "bigint",
                      "value": "4",
                      "runId": "20260902T152717469Z-06f8"
                    },
                    "raw.orders": {
                      "cursor": "updated_at",
                      "type": "timestamp",
                      "value": "2026-01-08T13:30:00.000000",
                      "runId": "20260902T152717469Z-06f8"
                    }
                  }
                }
                """);
        assertThat(Files.exists(project.resolve(".pz/state/watermarks.json.lock"))).isTrue();
        assertThat(Files.exists(project.resolve(".pz/state/watermarks.json.tmp"))).isFalse();
    }

    @Test
    void roundTripsAndKeepsOrdinalKeyOrder() {
        WatermarkStore store = WatermarkStore.local(project);
        Watermark lower = new Watermark("id", "int", "1", "r1");
        Watermark upper = new Watermark("id", "int", "2", "r2");
        store.set("b.x", lower);
        store.set("B.x", upper);
        store.set("a.x", lower);

        WatermarkStore reread = WatermarkStore.local(project);
        assertThat(reread.all().keySet()).containsExactly("B.x", "a.x", "b.x");
        assertThat(reread.get("B.x")).contains(upper);
        assertThat(reread.corruptionNotice()).isEmpty();
    }

    @Test
    void removeKeepsOtherKeysAndIsIdempotent() {
        WatermarkStore store = WatermarkStore.local(project);
        store.set("a.x", new Watermark("id", "int", "1", "r1"));
        store.set("b.x", new Watermark("id", "int", "2", "r1"));
        store.remove("a.x");
        store.remove("a.x");
        assertThat(store.all().keySet()).containsExactly("b.x");
    }

    @Test
    void corruptFileReadsAsEmptyWithANotice() throws IOException {
        Files.createDirectories(project.resolve(".pz/state"));
        Files.writeString(project.resolve(".pz/state/watermarks.json"), "{ not json");
        WatermarkStore store = WatermarkStore.local(project);

        assertThat(store.get("raw.orders")).isEmpty();
        assertThat(store.all()).isEmpty();
        assertThat(store.corruptionNotice()).contains("Watermark state file '" + store.file()
                + "' is corrupt or has an unexpected shape -- a full extract will occur.");
    }

    @Test
    void unexpectedShapesAreCorrupt() throws IOException {
        Files.createDirectories(project.resolve(".pz/state"));
        WatermarkStore store = WatermarkStore.local(project);
        for (String text : new String[] {"[]", "{\"version\":2,\"watermarks\":{}}", "{\"version\":1}",
            "{\"version\":1,\"watermarks\":{\"a.b\":{\"cursor\":\"id\",\"type\":\"int\",\"value\":4}}}"}) {
            Files.writeString(store.file(), text);
            assertThat(store.corruptionNotice()).as(text).isPresent();
        }
    }

    @Test
    void setOnACorruptFileStartsFromEmpty() throws IOException {
        Files.createDirectories(project.resolve(".pz/state"));
        Files.writeString(project.resolve(".pz/state/watermarks.json"), "garbage");
        WatermarkStore store = WatermarkStore.local(project);
        store.set("a.x", new Watermark("id", "int", "1", "r1"));
        assertThat(store.corruptionNotice()).isEmpty();
        assertThat(store.all().keySet()).containsExactly("a.x");
    }

    @Test
    void heldLockTimesOutWithPz0518AndLeavesTheFileAlone() throws IOException {
        WatermarkStore store = WatermarkStore.local(project, Duration.ofMillis(300));
        store.set("a.x", new Watermark("id", "int", "1", "r1"));
        String before = Files.readString(store.file());
        Path lockFile = project.resolve(".pz/state/watermarks.json.lock");
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE);
                FileLock held = channel.lock()) {
            assertThatThrownBy(() -> store.set("b.x", new Watermark("id", "int", "2", "r2")))
                    .isInstanceOfSatisfying(PzException.class,
                            e -> assertThat(e.code()).isEqualTo(PzCode.STATE_STORE_UNAVAILABLE))
                    .hasMessageContaining("locked");
        }
        assertThat(Files.readString(store.file())).isEqualTo(before);
        store.set("b.x", new Watermark("id", "int", "2", "r2"));
        assertThat(store.all().keySet()).containsExactly("a.x", "b.x");
    }
}
