package dev.pz.connectors.files;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A CSV header against a {@code columns:} contract, checked before a read starts. The native tier
 * binds the contract to the header by position, so the header must list exactly the contract's
 * columns in its order; the universal tier binds by name, so the header must hold every contract
 * column, in any order, among others. A mismatch names the file and what differs: columns missing
 * from the header, extra ones, renamed ones (a contract column whose position holds an unknown
 * name), a different order, and a delimiter the header seems to use instead of the configured one.
 * Names compare ignoring case, as DuckDB's do.
 */
public final class CsvContract {
    /** Delimiters DuckDB's sniffer tries; a header field holding one hints at a wrong delimiter. */
    private static final char[] COMMON_DELIMITERS = {',', ';', '\t', '|'};

    private CsvContract() {
    }

    /** Refuses (PZ0353) a header the native read would bind to the wrong columns. */
    public static void requireNative(String dataset, String location, char delimiter, List<String> header,
            Collection<String> contract) {
        Difference difference = Difference.of(header, List.copyOf(contract));
        if (difference.isEmpty() && !difference.reordered()) {
            return;
        }
        List<String> parts = difference.describe();
        if (difference.reordered()) {
            parts.add("the same columns in another order");
        }
        throw refusal(dataset, location, delimiter, header, contract, parts,
                "a native csv read binds the columns: contract to the header by position: make the contract list"
                        + " the header's columns in order, or remove it to let DuckDB auto-detect the schema");
    }

    /** Refuses (PZ0353) a header that lacks a contract column the universal read binds by name. */
    public static void requireUniversal(String dataset, String location, char delimiter, List<String> header,
            Collection<String> contract) {
        Difference difference = Difference.of(header, List.copyOf(contract));
        if (difference.missing().isEmpty() && difference.renamed().isEmpty()) {
            return;
        }
        Difference named = new Difference(difference.missing(), List.of(), difference.renamed(), false);
        throw refusal(dataset, location, delimiter, header, contract, named.describe(),
                "add the columns to the file, or remove them from the columns: contract");
    }

    private static PzConnectorException refusal(String dataset, String location, char delimiter, List<String> header,
            Collection<String> contract, List<String> parts, String hint) {
        String delimiterHint = otherDelimiter(header, delimiter).map(CsvContract::delimiterHint).orElse("");
        return new PzConnectorException(PzCode.NATIVE_PATH_CONTRACT_MISMATCH, "dataset '" + dataset
                + "': the header of csv file '" + location + "' does not match the columns: contract: "
                + String.join("; ", parts) + " (header: " + String.join(",", header) + "; contract: "
                + String.join(",", contract) + ") -- " + hint + delimiterHint);
    }

    private static String delimiterHint(char found) {
        return switch (found) {
            case '\t' -> "; the header looks tab-delimited: use format: tsv";
            case ',' -> "; the header looks comma-delimited: remove delimiter: (comma is the default)";
            default -> "; the header looks '" + found + "'-delimited: set delimiter: '" + found + "'";
        };
    }

    /** A common delimiter other than the configured one inside a single-field header. */
    private static Optional<Character> otherDelimiter(List<String> header, char delimiter) {
        if (header.size() != 1) {
            return Optional.empty();
        }
        for (char candidate : COMMON_DELIMITERS) {
            if (candidate != delimiter && header.get(0).indexOf(candidate) >= 0) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** What separates a header from a contract, in contract order. */
    record Difference(List<String> missing, List<String> extra, List<String> renamed, boolean reordered) {

        static Difference of(List<String> header, List<String> contract) {
            List<String> missing = new ArrayList<>();
            List<String> renamed = new ArrayList<>();
            List<String> unclaimed = new ArrayList<>();
            for (String name : header) {
                if (indexOf(contract, name) < 0) {
                    unclaimed.add(name);
                }
            }
            for (int position = 0; position < contract.size(); position++) {
                String declared = contract.get(position);
                if (indexOf(header, declared) >= 0) {
                    continue;
                }
                String there = position < header.size() ? header.get(position) : null;
                if (there != null && unclaimed.remove(there)) {
                    renamed.add("'" + declared + "' is named '" + there + "' in the file");
                } else {
                    missing.add(declared);
                }
            }
            boolean sameColumns = missing.isEmpty() && renamed.isEmpty() && unclaimed.isEmpty();
            boolean reordered = sameColumns && !inOrder(header, contract);
            return new Difference(List.copyOf(missing), List.copyOf(unclaimed), List.copyOf(renamed), reordered);
        }

        boolean isEmpty() {
            return missing.isEmpty() && extra.isEmpty() && renamed.isEmpty();
        }

        /** The differences as phrases: renamed first, then missing, then extra. */
        List<String> describe() {
            List<String> parts = new ArrayList<>(renamed);
            if (!missing.isEmpty()) {
                parts.add("missing " + quoted(missing));
            }
            if (!extra.isEmpty()) {
                parts.add("extra " + quoted(extra));
            }
            return parts;
        }

        private static String quoted(List<String> names) {
            return "'" + String.join("', '", names) + "'";
        }

        private static boolean inOrder(List<String> header, List<String> contract) {
            for (int i = 0; i < contract.size(); i++) {
                if (!header.get(i).strip().equalsIgnoreCase(contract.get(i))) {
                    return false;
                }
            }
            return true;
        }

        private static int indexOf(List<String> names, String name) {
            String wanted = name.strip().toLowerCase(Locale.ROOT);
            for (int i = 0; i < names.size(); i++) {
                if (names.get(i).strip().toLowerCase(Locale.ROOT).equals(wanted)) {
                    return i;
                }
            }
            return -1;
        }
    }
}
