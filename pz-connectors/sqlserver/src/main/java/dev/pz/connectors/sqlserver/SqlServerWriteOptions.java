package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.error.PzConnectorException;

/**
 * An output's bulk-copy settings: {@code tablock} (default true) takes a table lock for the load,
 * which lets the server log minimally into a heap and keeps other writers out; {@code batch_size}
 * (default 0) commits inside the server every n rows of a load instead of once per Arrow batch —
 * the session's transaction still decides what becomes visible.
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
        if (raw instanceof Boolean flag) {
            return flag;
        }
        String text = String.valueOf(raw).trim();
        if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(text);
        }
        throw new PzConnectorException("output '" + spec.entity() + "': 'tablock' must be a boolean, got '" + raw + "'",
                false);
    }

    private static int batchSize(OutputSpec spec) {
        Object raw = spec.options().get(SqlServerOptions.BATCH_SIZE);
        if (raw == null) {
            return SqlServerOptions.DEFAULT_BATCH_SIZE;
        }
        long value;
        if (raw instanceof Number number && number.doubleValue() == Math.rint(number.doubleValue())) {
            value = number.longValue();
        } else {
            try {
                value = Long.parseLong(String.valueOf(raw).trim());
            } catch (NumberFormatException e) {
                value = -1;
            }
        }
        if (value < 0 || value > Integer.MAX_VALUE) {
            throw new PzConnectorException("output '" + spec.entity() + "': 'batch_size' must be a whole number of rows "
                    + "(0 = one batch per Arrow batch), got '" + raw + "'", false);
        }
        return (int) value;
    }
}
