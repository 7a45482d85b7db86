package dev.pz.engine.execute;

import dev.pz.engine.events.NodeResult;
import java.nio.file.Path;

/**
 * A write finished ahead of its node, and the rows it holds: a native COPY's finished temporary,
 * waiting for its sink node to publish it; or, with no temporary, what a streamed chain already
 * delivered for its pipeline or universal sink node to report (with the sink's channel timings).
 */
public record CopiedFile(long rows, Path temporary, NodeResult.Timings timings) {

    public CopiedFile(long rows, Path temporary) {
        this(rows, temporary, null);
    }
}
