package dev.pz.connectors.api;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where pz and connectors put files that are not output yet, so that no reader of an output ever
 * sees one, even after a {@code kill -9}: in a hidden {@value #DIRECTORY} directory inside the
 * output's directory, named {@code <32 hex digits>.part} — matched neither by {@code out/x/*.csv}
 * nor by {@code out/x/*} nor by {@code out/x/**}{@code /*.parquet}. Every file there is a
 * temporary; pz deletes what a killed run left there (the next run, and {@code pz clean}).
 *
 * <p>A connector's universal write that stages a local file creates it with {@link #create} in a
 * directory it declares through {@link Sink#temporaryDirectory}, and moves it into place with
 * {@link #moveIntoPlace} at commit. Work that needs several files at once (batches spooled for
 * DuckDB, a fan-out into calendar folders, objects downloaded for a read) takes a temporary
 * directory instead ({@link #createDirectory}), named the same way and deleted whole.
 */
public final class TemporaryFiles {

    /** The name of a directory that holds temporaries only. */
    public static final String DIRECTORY = ".pz-tmp";

    private static final String SUFFIX = ".part";
    private static final Pattern NAME = Pattern.compile("[0-9a-f]{32}\\.part");

    private TemporaryFiles() {
    }

    /** The temporaries directory of an output directory: {@code <directory>/.pz-tmp}. */
    public static Path directoryIn(Path outputDirectory) {
        return outputDirectory.resolve(DIRECTORY);
    }

    /**
     * Creates a new empty temporary in {@code temporaryDirectory}, creating the directory too.
     * Safe against a concurrent {@link #removeIfEmpty} of the same directory.
     */
    public static Path create(Path temporaryDirectory) throws IOException {
        return createNew(temporaryDirectory, Files::createFile);
    }

    /**
     * Creates a new empty temporary directory in {@code temporaryDirectory} (named like a temporary
     * file), creating that directory too. Everything inside it is deleted with it.
     */
    public static Path createDirectory(Path temporaryDirectory) throws IOException {
        return createNew(temporaryDirectory, Files::createDirectory);
    }

    /** Creates one file system entry at a fresh temporary name. */
    @FunctionalInterface
    private interface Creation {
        Path create(Path path) throws IOException;
    }

    private static Path createNew(Path temporaryDirectory, Creation creation) throws IOException {
        Path entry = temporaryDirectory.resolve(UUID.randomUUID().toString().replace("-", "") + SUFFIX);
        for (int attempt = 0; ; attempt++) {
            Files.createDirectories(temporaryDirectory);
            try {
                return creation.create(entry);
            } catch (NoSuchFileException removedMeanwhile) {
                if (attempt == 3) {
                    throw removedMeanwhile;
                }
            }
        }
    }

    /** Deletes a temporary file, or a temporary directory with everything in it; absent is fine. */
    public static void delete(Path temporary) throws IOException {
        if (!Files.isDirectory(temporary, LinkOption.NOFOLLOW_LINKS)) {
            Files.deleteIfExists(temporary);
            return;
        }
        try (Stream<Path> tree = Files.walk(temporary)) {
            for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (NoSuchFileException gone) {
            // Deleted meanwhile.
        }
    }

    /** Whether {@code file} is named like a temporary (a file or a directory). */
    public static boolean isTemporary(Path file) {
        return NAME.matcher(String.valueOf(file.getFileName())).matches();
    }

    /**
     * Moves a finished temporary onto {@code target}, replacing it, atomically where the file system
     * can (it always can within one directory tree on one file system).
     */
    public static void moveIntoPlace(Path temporary, Path target) throws IOException {
        try {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Removes the temporaries directory when nothing is left in it; otherwise leaves it. */
    public static void removeIfEmpty(Path temporaryDirectory) {
        try {
            Files.deleteIfExists(temporaryDirectory);
        } catch (DirectoryNotEmptyException inUse) {
            // Another write's temporary is in it; that write removes the directory when it finishes.
        } catch (IOException e) {
            // Best effort: an empty hidden directory holds nothing a reader could mistake for output.
        }
    }
}
