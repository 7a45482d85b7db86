package dev.pz.engine;

import java.nio.file.Path;

/** What {@code pz compile} wrote: how many nodes, under which target directory. */
public record CompileReport(int nodes, Path targetDirectory) {
}
