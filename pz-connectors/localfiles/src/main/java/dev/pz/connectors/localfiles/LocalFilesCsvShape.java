package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Refuses, before a read starts, a csv file without a {@code columns:} contract whose rows do not
 * all have the header's number of fields. DuckDB's auto-detection cannot fit such a file to its
 * header and answers with the wrong shape instead of an error: one text column named after the
 * whole header line ({@code "id,name,amount"}), or another row taken for the header. The check
 * reads the rows DuckDB's sniffer samples, with every delimiter the sniffer would consider (the
 * configured one only, when the read names it): a file is regular when, for one of them, the
 * header has at least two fields and every sampled row has as many.
 */
final class LocalFilesCsvShape {
    /** DuckDB's default sniffer sample. */
    static final int SAMPLE_ROWS = 20_480;
    /** The delimiters DuckDB's sniffer tries when the read does not name one. */
    private static final char[] SNIFFED_DELIMITERS = {',', '|', ';', '\t'};

    private LocalFilesCsvShape() {
    }

    /**
     * @param sniffed whether DuckDB detects the delimiter (the read names none), else {@code delimiter} is used
     * @throws PzConnectorException PZ0353 naming the first row that does not fit
     */
    static void requireRegularRows(String dataset, String location, Path file, char delimiter, boolean sniffed) {
        char[] candidates = sniffed ? SNIFFED_DELIMITERS : new char[] {delimiter};
        Ragged first = null;
        for (char candidate : candidates) {
            Sample sample;
            try {
                sample = sample(file, candidate, location);
            } catch (IOException | PzConnectorException unreadable) {
                return; // the read itself reports what it cannot parse
            }
            if (!sample.headerSplits()) {
                continue;
            }
            if (sample.ragged() == null) {
                return;
            }
            first = first == null ? sample.ragged() : first;
        }
        if (first != null) {
            throw new PzConnectorException(PzCode.NATIVE_PATH_CONTRACT_MISMATCH, "dataset '" + dataset + "': csv file '"
                    + location + "' line " + first.line() + " has " + first.fields() + " fields where its header has "
                    + first.headerFields() + " (delimiter " + describe(first.delimiter()) + "), so DuckDB's"
                    + " auto-detection would read the file in a wrong shape (one text column named after the header"
                    + " line, or another row taken for the header) -- make every row match the header, or declare a"
                    + " columns: contract (a ragged row is then an error naming its line)");
        }
    }

    /** Whether the header splits on {@code delimiter}, and then the first sampled row that does not fit it. */
    private static Sample sample(Path file, char delimiter, String location) throws IOException {
        try (LocalFilesCsvParser parser = new LocalFilesCsvParser(Files.newInputStream(file), delimiter, location)) {
            parser.skipByteOrderMark();
            if (!parser.next() || parser.fieldCount() < 2) {
                return new Sample(false, null);
            }
            int header = parser.fieldCount();
            for (int row = 0; row < SAMPLE_ROWS && parser.next(); row++) {
                if (parser.fieldCount() != header) {
                    return new Sample(true, new Ragged(parser.recordLine(), parser.fieldCount(), header, delimiter));
                }
            }
            return new Sample(true, null);
        }
    }

    private static String describe(char delimiter) {
        return delimiter == '\t' ? "tab" : "'" + delimiter + "'";
    }

    private record Sample(boolean headerSplits, Ragged ragged) {
    }

    private record Ragged(long line, int fields, int headerFields, char delimiter) {
    }
}
