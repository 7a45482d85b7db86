package dev.pz.connectors.gcs;

import dev.pz.connectors.files.remote.ObjectStore;

/** A {@link ObjectStore} of buckets that can also be probed, for {@code pz validate --connect}. */
interface GcsBucketStore extends ObjectStore {

    /** Lists at most one object under {@code prefix}: the bucket exists and the credentials may read it. */
    void probe(String bucket, String prefix);
}
