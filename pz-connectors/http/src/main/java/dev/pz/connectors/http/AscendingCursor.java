package dev.pz.connectors.http;

/**
 * Watches the cursor values a crawl lands, in order: whether they never decrease and rise at
 * least once. Only then does a crawl cut short by {@code max_pages} provably hold every row up to
 * its highest cursor, so that the watermark may advance to it.
 */
final class AscendingCursor {

    private Comparable<Object> last;
    private boolean descended;
    private boolean rose;

    @SuppressWarnings("unchecked")
    void observe(Object value) {
        if (value == null) {
            return;
        }
        Comparable<Object> current = (Comparable<Object>) value;
        if (last != null) {
            int order = current.compareTo(last);
            descended |= order < 0;
            rose |= order > 0;
        }
        last = current;
    }

    boolean provesAscent() {
        return !descended && rose;
    }
}
