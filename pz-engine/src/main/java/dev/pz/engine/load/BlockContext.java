package dev.pz.engine.load;

import dev.pz.engine.model.SourceLocation;

/**
 * Where a read/write/retry block was declared: a description used as the message prefix
 * ({@code connection 'files' entity 'orders'} or {@code source('files', 'orders')}), the location of
 * the block, whether it came from {@code source()}/{@code sink()} keyword arguments, and the entity it
 * belongs to (null for a connection's own block).
 */
public record BlockContext(String description, SourceLocation location, boolean callSite, String entity) {

    /** A connection-level block. */
    public BlockContext(String description, SourceLocation location, boolean callSite) {
        this(description, location, callSite, null);
    }
}
