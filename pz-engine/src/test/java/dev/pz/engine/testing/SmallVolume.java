package dev.pz.engine.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A real, small filesystem for disk-full tests: a tmpfs of a few MiB mounted over a directory, so a
 * write past its size fails the way a full disk does (ENOSPC, "No space left on device"). Needs the
 * right to mount (root, as on the machines pz is built on); {@link #mount} says why when it is
 * missing.
 */
public final class SmallVolume implements AutoCloseable {
    private final Path directory;

    private SmallVolume(Path directory) {
        this.directory = directory;
    }

    /** The mounted volume, or why there is none. */
    public record Mount(Optional<SmallVolume> volume, String refusal) {
    }

    /** Mounts a tmpfs of {@code megabytes} MiB over {@code directory}; without one, what refused it. */
    public static Mount mount(Path directory, int megabytes) {
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            return new Mount(Optional.empty(), "cannot create " + directory + ": " + e.getMessage());
        }
        Result mounted = run(List.of("mount", "-t", "tmpfs", "-o", "size=" + megabytes + "m", "tmpfs",
                directory.toString()));
        return mounted.ok() ? new Mount(Optional.of(new SmallVolume(directory)), null)
                : new Mount(Optional.empty(), "mount -t tmpfs failed: " + mounted.output());
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

    private record Result(boolean ok, String output) {
    }

    private static Result run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            boolean ok = process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
            return new Result(ok, output.isEmpty() ? "exit " + process.exitValue() : output);
        } catch (IOException e) {
            return new Result(false, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(false, "interrupted");
        }
    }
}
