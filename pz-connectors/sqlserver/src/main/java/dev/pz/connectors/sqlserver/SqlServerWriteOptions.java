package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.OutputSpec;

/**
 * An output's bulk-copy settings: {@code tablock} (default true) takes a table lock for the load,
 * which lets the server log minimally into a heap and keeps other writers out; {@code batch_size}
 * (default 0) splits each load into bulk batches of n rows instead of sending every Arrow batch as
 * one. Either way the session's one transaction decides what becomes visible.
 */
record SqlServerWriteOptions(boolean tablock, int batchSize) {

    /**
     * @throws dev.pz.connectors.api.error.PzConnectorException PZ0301 for a value its declaration in
     *     {@link SqlServerOptions} refuses
     */
    static SqlServerWriteOptions of(OutputSpec spec) {
        return new SqlServerWriteOptions(spec.get(SqlServerOptions.TABLOCK), spec.get(SqlServerOptions.BATCH_SIZE));
    }
}
