package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.error.PzConnectorException;

/**
 * An output's bulk-copy settings: {@code tablock} (default true) takes a table lock for the load,
 * which lets the server log minimally into a heap and keeps other writers out; {@code batch_size}
 * (default 0) splits each load into bulk batches of n rows instead of sending every Arrow batch as
 * one. Either way the session's one transaction decides what becomes visible.
 */
record SqlServerWriteOptions(boolean tablock, int batchSize) {

    static SqlServerWriteOptions of(OutputSpec spec) {
        return new SqlServerWriteOptions(tablock(spec), batchSize(spec));
    }

    private static boolean tablock(OutputSpec spec) {
        Object raw = spec.options().get(SqlServerOptions.TABLOCK);
        if (raw == null) {
            return SqlServerOptions.DEFAULT_TABLOCK;
        }
        Boolean flag = OptionValues.bool(raw);
        if (flag != null) {
            return flag;
        }
        throw new PzConnectorException("output '" + spec.entity() + "': 'tablock' must be a boolean, got '" + raw + "'",
                false);
    }

    private static int batchSize(OutputSpec spec) {
        Object raw = spec.options().get(SqlServerOptions.BATCH_SIZE);
        if (raw == null) {
            return SqlServerOptions.DEFAULT_BATCH_SIZE;
        }
        Long value = OptionValues.wholeNumber(raw);
        if (value == null || value < 0 || value > Integer.MAX_VALUE) {
            throw new PzConnectorException("output '" + spec.entity() + "': 'batch_size' must be a whole number of rows "
                    + "(0 = one batch per Arrow batch), got '" + raw + "'", false);
        }
        return value.intValue();
    }
}
