package dev.pz.connectors.http;

import com.fasterxml.jackson.core.JsonPointer;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One dataset's read options, checked together. Two landing modes: with {@code columns:} (contract
 * mode) each record is an object projected onto the declared columns; without, each record lands
 * whole as JSON text in {@code payload}, beside its page and fetch time (raw mode) and, for an
 * incremental read, a typed cursor column taken from the record.
 */
record HttpDataset(String path, QueryTemplate query, Pagination pagination, JsonPointer items, String itemsText,
        Map<String, ContractTypes> contract, String cursor, ContractTypes cursorType, JsonPointer cursorPointer,
        HttpOptions.CursorOrder cursorOrder, Integer maxPages) {

    static final String PAYLOAD = "payload";
    static final String PAGE = "pz_page";
    static final String FETCHED_AT = "pz_fetched_at";

    /** The dataset's options, or a failure naming every problem. */
    static HttpDataset of(DatasetSpec spec) {
        List<OptionProblem> problems = problems(spec);
        if (!problems.isEmpty()) {
            PzCode code = problems.stream().map(OptionProblem::code).filter(c -> c != PzCode.CONNECTOR_CONFIG_INVALID)
                    .findFirst().orElse(PzCode.CONNECTOR_CONFIG_INVALID);
            throw new PzConnectorException(code, spec.context() + ": " + problems.stream().map(OptionProblem::message)
                    .collect(Collectors.joining("; ")) + " (fix the dataset options and re-run)", problems.get(0).hint());
        }
        Map<String, ContractTypes> contract = null;
        if (spec.columns() != null) {
            contract = new LinkedHashMap<>();
            for (Map.Entry<String, String> column : spec.columns().entrySet()) {
                contract.put(column.getKey(), ContractTypes.fromWord(column.getValue()).orElseThrow());
            }
        }
        String cursor = spec.get(HttpOptions.CURSOR);
        HttpOptions.CursorType cursorType = spec.get(HttpOptions.CURSOR_TYPE);
        String pointer = spec.find(HttpOptions.CURSOR_POINTER).orElse(cursor == null ? null : "/" + escape(cursor));
        String items = spec.get(HttpOptions.ITEMS);
        return new HttpDataset(spec.get(HttpOptions.PATH), QueryTemplate.of(spec.get(HttpOptions.QUERY)),
                Pagination.of(spec.get(HttpOptions.PAGINATION)), JsonPointer.compile(items), items, contract, cursor,
                cursorType == null ? null : cursorType.type(), pointer == null ? null : JsonPointer.compile(pointer),
                spec.get(HttpOptions.CURSOR_ORDER), spec.get(HttpOptions.MAX_PAGES));
    }

    /** Every rule across the dataset's options, its contract and its incremental cursor. */
    static List<OptionProblem> problems(DatasetSpec spec) {
        List<OptionProblem> declared = HttpOptions.READ.check(spec.options(), OptionSet.RESERVED_READ_KEYS);
        if (!declared.isEmpty()) {
            return declared;
        }
        List<OptionProblem> problems = new ArrayList<>();
        String path = spec.get(HttpOptions.PATH);
        if (path != null && !HttpSettings.isRelativeReference(path)) {
            problems.add(invalid(HttpOptions.PATH, "'path' must be a URL path such as /items, got '" + path + "'"));
        }
        QueryTemplate.problems(spec.get(HttpOptions.QUERY)).forEach(message -> problems.add(invalid(HttpOptions.QUERY,
                message)));
        Pagination.problems(spec.get(HttpOptions.PAGINATION)).forEach(message -> problems.add(invalid(
                HttpOptions.PAGINATION, message)));
        if (!JsonPointers.isValid(spec.get(HttpOptions.ITEMS))) {
            problems.add(invalid(HttpOptions.ITEMS, "'items' is not a valid JSON pointer"));
        }
        if (spec.isSet(HttpOptions.CURSOR_POINTER) && !JsonPointers.isValid(spec.get(HttpOptions.CURSOR_POINTER))) {
            problems.add(invalid(HttpOptions.CURSOR_POINTER, "'cursor_pointer' is not a valid JSON pointer"));
        }
        if (spec.isSet(HttpOptions.DELTA_POINTER)) {
            problems.add(new OptionProblem(HttpOptions.DELTA_POINTER.name(), OptionProblem.Kind.INVALID,
                    PzCode.CONNECTOR_CONFIG_INVALID, "'delta_pointer' reads a delta-link feed, which needs sync state"
                            + " that this build of pz does not keep",
                    "remove delta_pointer and read incrementally: sync: {mode: incremental, cursor: <column>}"));
        }
        if (spec.columns() == null) {
            rawModeProblems(spec, problems);
        } else {
            contractModeProblems(spec, problems);
        }
        boolean incremental = spec.watermark() != null && spec.watermark().cursor() != null;
        if (incremental && spec.get(HttpOptions.CURSOR_ORDER) == HttpOptions.CursorOrder.DESC
                && spec.isSet(HttpOptions.MAX_PAGES)) {
            problems.add(new OptionProblem(HttpOptions.CURSOR_ORDER.name(), OptionProblem.Kind.INVALID,
                    PzCode.DESCENDING_CURSOR_TRUNCATABLE, "cursor_order: desc with max_pages cuts a descending incremental"
                            + " crawl before its oldest rows, which the advanced watermark would then skip for good",
                    "remove max_pages, or read the API oldest first (cursor_order: asc)"));
        }
        return problems;
    }

    private static void rawModeProblems(DatasetSpec spec, List<OptionProblem> problems) {
        String cursor = spec.get(HttpOptions.CURSOR);
        if ((cursor == null) != (spec.get(HttpOptions.CURSOR_TYPE) == null)) {
            problems.add(invalid(cursor == null ? HttpOptions.CURSOR_TYPE : HttpOptions.CURSOR,
                    "'cursor' and 'cursor_type' go together: a read without columns: lands its cursor typed"));
        }
        if (cursor != null && (cursor.startsWith("pz_") || cursor.equals(PAYLOAD))) {
            problems.add(invalid(HttpOptions.CURSOR, "'cursor' must not be '" + PAYLOAD + "' or start with pz_: those"
                    + " names are the raw landing's own columns"));
        }
        if (cursor == null && spec.isSet(HttpOptions.CURSOR_POINTER)) {
            problems.add(invalid(HttpOptions.CURSOR_POINTER, "'cursor_pointer' needs 'cursor' and 'cursor_type'"));
        }
        if (cursor == null && spec.isSet(HttpOptions.CURSOR_ORDER)) {
            problems.add(invalid(HttpOptions.CURSOR_ORDER, "'cursor_order' requires a cursor (cursor and cursor_type,"
                    + " or a columns: contract)"));
        }
        String incremental = spec.watermark() == null ? null : spec.watermark().cursor();
        if (incremental != null && cursor == null) {
            problems.add(invalid(HttpOptions.CURSOR, "an incremental read without columns: needs 'cursor: "
                    + incremental + "' and its 'cursor_type', so the cursor lands beside the payload"));
        } else if (incremental != null && !incremental.equals(cursor)) {
            problems.add(invalid(HttpOptions.CURSOR, "the incremental cursor '" + incremental
                    + "' is not the dataset's 'cursor' ('" + cursor + "')"));
        }
    }

    private static void contractModeProblems(DatasetSpec spec, List<OptionProblem> problems) {
        for (Option<?> rawOnly : List.of(HttpOptions.CURSOR_TYPE, HttpOptions.CURSOR_POINTER)) {
            if (spec.isSet(rawOnly)) {
                problems.add(invalid(rawOnly, "'" + rawOnly.name() + "' is for reads without columns:; with columns:"
                        + " the contract types the cursor"));
            }
        }
        spec.columns().forEach((name, type) -> {
            if (ContractTypes.fromWord(type).isEmpty()) {
                problems.add(new OptionProblem("columns", OptionProblem.Kind.INVALID, PzCode.CONNECTOR_CONFIG_INVALID,
                        ContractTypes.unknown(name, type), ContractTypes.unknownHint()));
            }
        });
        String cursor = spec.get(HttpOptions.CURSOR);
        if (cursor != null && !spec.columns().containsKey(cursor)) {
            problems.add(invalid(HttpOptions.CURSOR, "'cursor' names '" + cursor + "', which is not a column of"
                    + " columns:"));
        }
        String incremental = spec.watermark() == null ? null : spec.watermark().cursor();
        if (incremental != null && !spec.columns().containsKey(incremental)) {
            problems.add(invalid(HttpOptions.CURSOR, "the incremental cursor '" + incremental
                    + "' is not a column of columns:"));
        }
    }

    private static OptionProblem invalid(Option<?> option, String message) {
        return new OptionProblem(option.name(), OptionProblem.Kind.INVALID, PzCode.CONNECTOR_CONFIG_INVALID, message,
                null);
    }

    private static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }

    boolean contractMode() {
        return contract != null;
    }

    /** The type of the incremental cursor {@code name}, or null when the dataset does not type it. */
    ContractTypes typeOf(String name) {
        if (contract != null) {
            return contract.get(name);
        }
        return name != null && name.equals(cursor) ? cursorType : null;
    }
}
