import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

/**
 * The macro bench's floor: one DuckDB statement in a plain JVM with only the
 * DuckDB driver on the class path. Usage: java -cp duckdb_jdbc.jar:<dir> Floor <in.csv> <out.csv>
 * Prints the rows COPY reported.
 */
public class Floor {
    public static void main(String[] args) throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = connection.createStatement()) {
            long rows = statement.executeUpdate("COPY (SELECT * FROM read_csv('" + args[0].replace("'", "''")
                    + "')) TO '" + args[1].replace("'", "''") + "' (FORMAT csv)");
            System.out.println(rows);
        }
    }
}
