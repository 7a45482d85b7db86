package dev.pz.connectors.sqlserver;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The SQL Server types an output's {@code columns:} option may declare, parsed and re-rendered in one
 * canonical spelling ({@code NVARCHAR( 20 )} → {@code nvarchar(20)}), so a declared type goes into
 * DDL only as pz wrote it and compares exactly with the catalog's spelling of an existing column.
 * Nothing outside the grammar round-trips, so a declaration can never carry other SQL.
 */
final class SqlServerTypeGrammar {

    static final String ACCEPTED = "int, smallint, bigint, float, real, bit, date, datetime2(0..7), decimal(p,s) with "
            + "1<=p<=38 and 0<=s<=p, nvarchar(1..4000|max), varchar(1..8000|max), varbinary(1..8000|max)";

    private static final Pattern SHAPE = Pattern.compile(
            "\\s*([a-z0-9]+)\\s*(?:\\(\\s*([a-z0-9]+)\\s*(?:,\\s*([0-9]+)\\s*)?\\)\\s*)?");

    private SqlServerTypeGrammar() {
    }

    /** A parsed declaration: its canonical spelling, or the reason it is refused. */
    record Parsed(String canonical, String error) {
        boolean ok() {
            return canonical != null;
        }
    }

    static Parsed parse(String declared) {
        String text = declared == null ? "" : declared.toLowerCase(Locale.ROOT);
        Matcher matcher = SHAPE.matcher(text);
        if (!matcher.matches()) {
            return refused(declared);
        }
        String name = matcher.group(1);
        String first = matcher.group(2);
        String second = matcher.group(3);
        return switch (name) {
            case "int", "smallint", "bigint", "float", "real", "bit", "date" -> first == null ? new Parsed(name, null)
                    : refused(declared);
            case "datetime2" -> second == null && inRange(first, 0, 7) ? new Parsed("datetime2(" + first + ")", null)
                    : refused(declared);
            case "decimal", "numeric" -> decimal(declared, first, second);
            case "nvarchar" -> length(declared, "nvarchar", first, second, 4_000);
            case "varchar" -> length(declared, "varchar", first, second, 8_000);
            case "varbinary" -> length(declared, "varbinary", first, second, 8_000);
            default -> refused(declared);
        };
    }

    private static Parsed decimal(String declared, String precision, String scale) {
        if (!inRange(precision, 1, 38) || scale == null || !inRange(scale, 0, Integer.parseInt(precision))) {
            return refused(declared);
        }
        return new Parsed("decimal(" + Integer.parseInt(precision) + "," + Integer.parseInt(scale) + ")", null);
    }

    private static Parsed length(String declared, String name, String length, String extra, int max) {
        if (extra != null || length == null) {
            return refused(declared);
        }
        if (length.equals("max")) {
            return new Parsed(name + "(max)", null);
        }
        return inRange(length, 1, max) ? new Parsed(name + "(" + Integer.parseInt(length) + ")", null) : refused(declared);
    }

    private static boolean inRange(String number, int min, int max) {
        if (number == null || !number.matches("[0-9]{1,5}")) {
            return false;
        }
        int value = Integer.parseInt(number);
        return value >= min && value <= max;
    }

    private static Parsed refused(String declared) {
        return new Parsed(null, "'" + declared + "' is not a type the sink declares (accepted: " + ACCEPTED + ")");
    }
}
