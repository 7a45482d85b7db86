package dev.pz.engine.connect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.json.AtomicFiles;
import dev.pz.engine.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code pz.lock.json}: every connector package a project uses, at its exact version, with each file it
 * loads (the package's jar and its dependencies) as a path inside the per-user cache's repository and the
 * SHA-256 of its bytes. {@code pz restore} writes it; every other verb loads exactly what it names.
 * Packages are sorted by id; each package's own jar comes first.
 */
public record ConnectorLock(List<LockedPackage> packages) {
    public static final String FILE = "pz.lock.json";
    private static final long FORMAT = 1;

    public ConnectorLock {
        packages = packages.stream().sorted(Comparator.comparing(LockedPackage::packageId)).toList();
    }

    /** One package at its exact version. */
    public record LockedPackage(String packageId, String version, List<LockedFile> files) {
        public LockedPackage {
            files = List.copyOf(files);
        }
    }

    /**
     * One file of a package: its Maven coordinates ({@code group:artifact:extension:version}), its path
     * relative to the cache's repository (with {@code /}), and the SHA-256 of its bytes in hex.
     */
    public record LockedFile(String artifact, String path, String sha256) {
    }

    public Optional<LockedPackage> find(String packageId) {
        return packages.stream().filter(locked -> locked.packageId().equals(packageId)).findFirst();
    }

    /** The lock of a project, or empty when it has none. */
    public static Optional<ConnectorLock> read(Path projectDirectory) {
        Path file = projectDirectory.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode root = new ObjectMapper().readTree(file.toFile());
            if (root == null || root.path("version").asLong() != FORMAT || !root.path("packages").isArray()) {
                throw unreadable("it is not a version " + FORMAT + " lock");
            }
            List<LockedPackage> packages = new ArrayList<>();
            for (JsonNode entry : root.path("packages")) {
                List<LockedFile> files = new ArrayList<>();
                for (JsonNode locked : entry.path("files")) {
                    files.add(new LockedFile(text(locked, "artifact"), text(locked, "path"), text(locked, "sha256")));
                }
                if (files.isEmpty()) {
                    throw unreadable("package '" + text(entry, "package") + "' lists no files");
                }
                packages.add(new LockedPackage(text(entry, "package"), text(entry, "version"), files));
            }
            return Optional.of(new ConnectorLock(packages));
        } catch (IOException e) {
            throw unreadable("it is not valid JSON");
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw unreadable("an entry has no '" + field + "'");
        }
        return value.asText();
    }

    private static PzException unreadable(String why) {
        return new PzException(PzError.of(PzCode.LOCK_DRIFT, FILE + " cannot be read: " + why + ".").at(FILE, 0)
                .withHint("run 'pz restore --update' to write it again"));
    }

    /** Writes the lock beside project.yml: indented JSON, fixed field order, final newline. */
    public void write(Path projectDirectory) {
        List<Object> entries = new ArrayList<>();
        for (LockedPackage locked : packages) {
            List<Object> files = new ArrayList<>();
            for (LockedFile file : locked.files()) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("artifact", file.artifact());
                entry.put("path", file.path());
                entry.put("sha256", file.sha256());
                files.add(entry);
            }
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("package", locked.packageId());
            entry.put("version", locked.version());
            entry.put("files", files);
            entries.add(entry);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("version", FORMAT);
        root.put("packages", entries);
        AtomicFiles.writeString(projectDirectory.resolve(FILE), Json.indented(root) + "\n");
    }
}
