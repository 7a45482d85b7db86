package dev.pz.engine.scaleout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.pz.engine.events.WatermarkCandidate;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A shard's completion marker, written after its files: how many rows it staged, each file with
 * its size and SHA-256 (the commit checks them), and the largest cursor value it read.
 */
record ShardMarker(String runId, int shard, int shards, long rows, List<StagedFile> files,
        WatermarkCandidate watermark) {
    static final String FORMAT = "pz.shard-marker/v1";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** One staged file, by name within the shard's prefix. */
    record StagedFile(String name, long bytes, String sha256) {
        static StagedFile of(Path file) {
            return new StagedFile(file.getFileName().toString(), size(file), digest(file));
        }

        /** Whether {@code file} still has this size and checksum. */
        boolean matches(Path file) {
            return Files.isRegularFile(file) && size(file) == bytes && digest(file).equals(sha256);
        }
    }

    ShardMarker {
        files = List.copyOf(files);
    }

    String toJson() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("format", FORMAT);
        root.put("run_id", runId);
        root.put("shard", shard);
        root.put("shards", shards);
        root.put("rows", rows);
        List<Map<String, Object>> staged = new ArrayList<>();
        for (StagedFile file : files) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", file.name());
            entry.put("bytes", file.bytes());
            entry.put("sha256", file.sha256());
            staged.add(entry);
        }
        root.put("files", staged);
        if (watermark == null) {
            root.put("watermark", null);
        } else {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("cursor", watermark.cursor());
            entry.put("type", watermark.type());
            entry.put("value", watermark.value());
            root.put("watermark", entry);
        }
        try {
            return JSON.writeValueAsString(root).replace("\r\n", "\n") + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static ShardMarker parse(String text) {
        try {
            JsonNode root = JSON.readTree(text);
            if (!FORMAT.equals(root.path("format").asText())) {
                throw new IllegalArgumentException("not a " + FORMAT + " file");
            }
            List<StagedFile> files = new ArrayList<>();
            root.path("files").forEach(file -> files.add(new StagedFile(file.path("name").asText(),
                    file.path("bytes").asLong(), file.path("sha256").asText())));
            JsonNode watermark = root.path("watermark");
            return new ShardMarker(root.path("run_id").asText(), root.path("shard").asInt(), root.path("shards").asInt(),
                    root.path("rows").asLong(), files, watermark.isObject() ? new WatermarkCandidate(
                            watermark.path("cursor").asText(), watermark.path("type").asText(),
                            watermark.path("value").asText()) : null);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e.getOriginalMessage(), e);
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String digest(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                digest.update(buffer, 0, read);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + file + ": " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
