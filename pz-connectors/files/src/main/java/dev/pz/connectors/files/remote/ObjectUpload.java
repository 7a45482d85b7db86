package dev.pz.connectors.files.remote;

import java.nio.file.Path;

/**
 * Publishes one finished local file as an object. The object appears whole or not at all: a large file
 * goes up in parallel parts (S3 multipart, Azure blocks) that only a final commit makes visible, and a
 * failed or interrupted upload is aborted so that no part is left behind. An existing object of the same
 * key is replaced.
 */
@FunctionalInterface
public interface ObjectUpload {

    void upload(Path file, String container, String key);
}
