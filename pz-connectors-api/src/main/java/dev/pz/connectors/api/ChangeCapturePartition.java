package dev.pz.connectors.api;

import java.util.List;
import java.util.Optional;

/**
 * The one partition of a change-capture read. After its reader has been read to the end and
 * closed, it says which columns identify a row and where the next read resumes.
 */
public interface ChangeCapturePartition extends ReadPartition {

    /**
     * The columns that identify a row of the table (its replica identity or primary key), as
     * the change rows name them; empty when the table has none.
     */
    List<String> changeKeyColumns();

    /**
     * The token the next read resumes from, to be stored once every sink the changes reach has
     * committed; empty when this read saw no change, so the stored token stays as it is.
     */
    Optional<String> resumeToken();
}
