package dev.pz.connectors.remote;

/** One file as a listing returns it. */
public record StoredObject(String key, long size) {
}
