package dev.pz.engine.execute;

import java.nio.file.Path;

/** A native COPY's finished temporary, waiting for its sink node to publish it, and the rows it holds. */
public record CopiedFile(long rows, Path temporary) {
}
