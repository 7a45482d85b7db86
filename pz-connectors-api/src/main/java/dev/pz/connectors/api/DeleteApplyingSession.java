package dev.pz.connectors.api;

import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A merge session of a sink declaring {@link ConnectorCapability#APPLY_DELETES}: besides the rows
 * to upsert it takes the keys of rows to delete, and applies them at {@link #commit()}, after the
 * upsert, as {@link OutputSpec#onDelete()} says (remove the rows, or stamp their
 * {@code _pz_deleted_at}).
 */
public interface DeleteApplyingSession extends WriteSession {

    /**
     * Takes a batch of keys: exactly the output's merge keys, in their declared order. The batch is
     * the engine's only until the call returns.
     */
    void deleteKeys(VectorSchemaRoot keys);
}
