package dev.pz.connectors.formats;

/**
 * How a workbook is read: which sheet (null for the first) and whether its first row names the
 * columns. The format options {@code sheet} and {@code header} of a file connector.
 */
public record XlsxReadOptions(String sheet, boolean header) {

    public static XlsxReadOptions defaults() {
        return new XlsxReadOptions(null, true);
    }
}
