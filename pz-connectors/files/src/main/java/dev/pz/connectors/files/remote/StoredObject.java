package dev.pz.connectors.files.remote;

/** One object as a listing returns it. */
public record StoredObject(String key, long size) {
}
