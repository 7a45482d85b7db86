package dev.pz.duckdb;

import java.sql.ResultSet;
import java.sql.SQLException;

/** Maps the current row of a result set; called once per row, never advances the cursor itself. */
@FunctionalInterface
public interface RowMapper<T> {

    T map(ResultSet row) throws SQLException;
}
