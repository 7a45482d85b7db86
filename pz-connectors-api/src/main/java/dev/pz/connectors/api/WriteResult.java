package dev.pz.connectors.api;

/** What a committed write made visible. */
public record WriteResult(long rowsWritten, long batchesWritten) {
}
