package dev.pz.engine.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.json.AtomicFiles;
import dev.pz.engine.json.Json;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * One keyed state file of the local backend: {@code {"version": 1,
 * "<section>": {"<key>": {...}}}}, written 2-space indented with LF and a trailing newline, keys in
 * ordinal order, by an atomic replace under an exclusive lock on the sibling {@code <file>.lock} (never
 * deleted). A missing file holds no entries; a file that is not valid JSON of that shape holds no
 * entries either and yields a corruption notice.
 *
 * @param <T> the entry type
 */
final class KeyedStateFile<T> {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Duration LOCK_POLL = Duration.ofMillis(50);

    /** What a read found: the entries (ordinal key order), and whether the file was corrupt. */
    record Snapshot<T>(SortedMap<String, T> entries, boolean corrupt) {
    }

    private final Path file;
    private final String section;
    private final String subject;
    private final Function<JsonNode, Optional<T>> parser;
    private final Function<T, Map<String, Object>> writer;
    private final Duration lockTimeout;

    KeyedStateFile(Path file, String section, String subject, Function<JsonNode, Optional<T>> parser,
            Function<T, Map<String, Object>> writer, Duration lockTimeout) {
        this.file = file;
        this.section = section;
        this.subject = subject;
        this.parser = parser;
        this.writer = writer;
        this.lockTimeout = lockTimeout;
    }

    Path file() {
        return file;
    }

    String corruptionNotice() {
        return subject + " '" + file + "' is corrupt or has an unexpected shape -- a full extract will occur.";
    }

    boolean exists() {
        return Files.exists(file);
    }

    Snapshot<T> read() {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return new Snapshot<>(Collections.emptySortedMap(), false);
        } catch (IOException e) {
            return new Snapshot<>(Collections.emptySortedMap(), true);
        }
        return parse(text).map(entries -> new Snapshot<>(entries, false))
                .orElseGet(() -> new Snapshot<>(Collections.emptySortedMap(), true));
    }

    private Optional<SortedMap<String, T>> parse(String text) {
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (IOException e) {
            return Optional.empty();
        }
        if (root == null || !root.isObject() || !root.path("version").isIntegralNumber()
                || root.get("version").asLong() != 1 || !root.path(section).isObject()) {
            return Optional.empty();
        }
        SortedMap<String, T> entries = new TreeMap<>();
        Iterator<Map.Entry<String, JsonNode>> fields = root.get(section).fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            Optional<T> entry = parser.apply(field.getValue());
            if (entry.isEmpty()) {
                return Optional.empty();
            }
            entries.put(field.getKey(), entry.get());
        }
        return Optional.of(Collections.unmodifiableSortedMap(entries));
    }

    /**
     * Re-reads the file under its lock, applies {@code change} to the entries and replaces the file;
     * a change that returns null leaves the file as it is. A corrupt file counts as empty.
     *
     * @throws PzException {@code PZ0518} when the lock is not acquired within the timeout, or the file cannot be written
     */
    void update(UnaryOperator<SortedMap<String, T>> change) {
        Path lockFile = file.resolveSibling(file.getFileName() + ".lock");
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw unavailable("could not create " + file.getParent() + ": " + e.getMessage());
        }
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = acquire(channel, lockFile)) {
            SortedMap<String, T> entries = change.apply(new TreeMap<>(read().entries()));
            if (entries == null) {
                return;
            }
            Map<String, Object> body = new LinkedHashMap<>();
            entries.forEach((key, entry) -> body.put(key, writer.apply(entry)));
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("version", 1L);
            root.put(section, body);
            AtomicFiles.writeString(file, Json.indented(root) + "\n");
        } catch (IOException | RuntimeException e) {
            if (e instanceof PzException pz) {
                throw pz;
            }
            throw unavailable("could not write " + file + ": " + e.getMessage());
        }
    }

    private FileLock acquire(FileChannel channel, Path lockFile) throws IOException {
        long deadline = System.nanoTime() + lockTimeout.toNanos();
        while (true) {
            try {
                FileLock lock = channel.tryLock();
                if (lock != null) {
                    return lock;
                }
            } catch (OverlappingFileLockException heldInThisProcess) {
                // Another thread of this process holds it: wait like for any other holder.
            }
            if (System.nanoTime() >= deadline) {
                throw unavailable(subject.toLowerCase(java.util.Locale.ROOT) + " '" + file + "' stayed locked for "
                        + lockTimeout.toSeconds() + " s (lock file " + lockFile + ") — another pz process is writing it;"
                        + " retry when it has finished");
            }
            try {
                Thread.sleep(LOCK_POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw unavailable("interrupted while waiting for the lock on " + lockFile);
            }
        }
    }

    private static PzException unavailable(String message) {
        return new PzException(PzCode.STATE_STORE_UNAVAILABLE, message);
    }

    static Optional<String> text(JsonNode entry, String field) {
        JsonNode value = entry.get(field);
        return value != null && value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
    }
}
