package dev.pz.connectors.api;

import java.util.List;

/**
 * The change-row contract of a {@link ConnectorCapability#CHANGE_CAPTURE} read: every row starts
 * with {@link #OP} ({@code insert}, {@code update} or {@code delete}), {@link #POSITION} (text that
 * orders the changes of one read: comparing two values as strings orders them as they happened) and
 * {@link #CHANGED_AT} (when the change was committed; null for rows of a first-run snapshot),
 * followed by the table's columns. A delete row carries at least the key columns.
 */
public final class ChangeRows {

    public static final String OP = "_pz_op";
    public static final String POSITION = "_pz_lsn";
    public static final String CHANGED_AT = "_pz_changed_at";

    /** The three leading columns, in order. */
    public static final List<String> ENVELOPE = List.of(OP, POSITION, CHANGED_AT);

    public static final String INSERT = "insert";
    public static final String UPDATE = "update";
    public static final String DELETE = "delete";

    private ChangeRows() {
    }
}
