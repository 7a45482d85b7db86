package dev.pz.connectors.api;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Where pz and connectors put files that are not output yet, so that no reader of an output ever
 * sees one, even after a {@code kill -9}: in a hidden {@value #DIRECTORY} directory inside the
 * output's directory, named {@code <32 hex digits>.part} — matched neither by {@code out/x/*.csv}
 * nor by {@code out/x/*} nor by {@code out/x/**}{@code /*.parquet}. Every file there is a
 * temporary; pz deletes what a killed run left there (the next run, and {@code pz clean}).
 *
 * <p>A connector's universal write that stages a local file creates it with {@link #create} in a
 * directory it declares through {@link Sink#temporaryDirectory}, and moves it into place with
 * {@link #moveIntoPlace} at commit.
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
        Path file = temporaryDirectory.resolve(UUID.randomUUID().toString().replace("-", "") + SUFFIX);
        for (int attempt = 0; ; attempt++) {
            Files.createDirectories(temporaryDirectory);
            try {
                return Files.createFile(file);
            } catch (NoSuchFileException removedMeanwhile) {
                if (attempt == 3) {
                    throw removedMeanwhile;
                }
            }
        }
    }

    /** Whether {@code file} is named like a temporary. */
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
