package dev.pz.engine.events;

/**
 * What a change-capture source load read: the raw count of each kind of change (before the changes
 * were collapsed to one per key), and the position the next run resumes from, or null when nothing
 * changed. The position becomes the stored token only when every downstream sink committed.
 */
public record ChangeCounts(long inserts, long updates, long deletes, String position) {
}
