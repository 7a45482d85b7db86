package dev.pz.engine.compile;

/** Names of staging relations. */
public final class StagingNames {

    private StagingNames() {
    }

    /** Every character outside {@code [A-Za-z0-9_]} becomes {@code _}. */
    public static String fold(String entity) {
        StringBuilder folded = new StringBuilder(entity.length());
        for (int i = 0; i < entity.length(); i++) {
            char c = entity.charAt(i);
            boolean plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
            folded.append(plain ? c : '_');
        }
        return folded.toString();
    }

    /** {@code src_<connection>__<folded entity>}; the connection name is used as written. */
    public static String sourceLoad(String connection, String entity) {
        return "src_" + connection + "__" + fold(entity);
    }

    public static String sinkMarker(String connection, String entity) {
        return "__pz_sink__" + connection + "__" + entity + "__";
    }

    public static String watermarkSentinel(String connection, String entity) {
        return "__pz_watermark__" + connection + "__" + entity + "__";
    }

    public static String ephemeralCte(String pipeline) {
        return "__pz_cte__" + pipeline;
    }
}
