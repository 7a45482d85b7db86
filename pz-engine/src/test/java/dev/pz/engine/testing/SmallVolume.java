package dev.pz.engine.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A real, small filesystem for disk-full tests: a tmpfs of a few MiB mounted over a directory, so a
 * write past its size fails the way a full disk does (ENOSPC, "No space left on device"). Needs the
 * right to mount (root, as on the machines pz is built on); {@link #mount} says when it is missing.
 */
public final class SmallVolume implements AutoCloseable {
    private final Path directory;

    private SmallVolume(Path directory) {
        this.directory = directory;
    }

    /** Mounts a tmpfs of {@code megabytes} MiB over {@code directory}; empty when this process may not mount. */
    public static Optional<SmallVolume> mount(Path directory, int megabytes) {
        try {
            Files.createDirectories(directory);
            if (run(List.of("mount", "-t", "tmpfs", "-o", "size=" + megabytes + "m", "tmpfs", directory.toString()))) {
                return Optional.of(new SmallVolume(directory));
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    public Path path() {
        return directory;
    }

    /** Fills the volume: grows {@code name} until the filesystem refuses another byte. */
    public Path fill(String name) {
        Path filler = directory.resolve(name);
        byte[] block = new byte[64 * 1024];
        try (var out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException full) {
            return filler;
        }
    }

    @Override
    public void close() {
        run(List.of("umount", "-l", directory.toString()));
    }

    private static boolean run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
