package dev.pz.connectors.files.remote;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.paths.Globs;
import dev.pz.connectors.api.paths.PathTemplate;
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.ScanSql;
import dev.pz.connectors.files.SqlText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One object-store dataset as a read sees it: its format, its container, and the key patterns to list.
 * A calendar-templated key in a bounded window becomes the window's cover (one glob per bucket run); a
 * templated key without bounds matches every bucket; any other key is one pattern (a single key or a
 * glob).
 *
 * @param contract the declared columns' DuckDB types, or null
 * @param columns the declared columns' contract words, or null
 * @param templated whether the dataset's key has calendar tokens
 * @param cover whether {@code patterns} is a bounded window's cover, which may match nothing
 * @param byName whether columns bind by name as the reference's managed readers bind them (sftp): a
 *     contract keeps and casts exactly its columns of a csv or parquet file wherever they stand, and
 *     a csv without one lands every column as text; otherwise DuckDB's native binding applies (a csv
 *     contract by position, checked against the header; a parquet file's own columns)
 */
public record RemoteDataset(String connector, String context, String entity, FormatOptions options,
        Map<String, String> contract, Map<String, String> columns, String container, String keyPattern,
        List<String> patterns, boolean templated, boolean cover, boolean byName) {

    /**
     * @param keyPattern the dataset's key or key pattern inside {@code container} (the root prefix joined)
     */
    public static RemoteDataset of(String connector, DatasetSpec spec, FormatOptions options, String container,
            String keyPattern) {
        String context = spec.context();
        Map<String, String> contract = spec.contract().map(columns -> ScanSql.duckTypes(columns, context)).orElse(null);
        boolean templated = PathTemplate.hasDateTokens(keyPattern);
        DatasetSpec.Watermark window = spec.watermark();
        boolean bounded = window != null && window.lowerValue() != null && window.upperBound() != null;
        List<String> patterns;
        if (templated && bounded) {
            patterns = PathTemplate.windowCover(keyPattern, PathTemplate.parseCanonical(window.lowerValue()),
                    PathTemplate.parseCanonical(window.upperBound()));
        } else if (templated) {
            patterns = List.of(PathTemplate.anyBucket(keyPattern));
        } else {
            patterns = List.of(keyPattern);
        }
        return new RemoteDataset(connector, context, spec.entity(), options, contract, spec.contract().orElse(null),
                container, keyPattern, patterns, templated, templated && bounded, false);
    }

    /** The same dataset, binding columns by name. */
    public RemoteDataset bindingByName() {
        return new RemoteDataset(connector, context, entity, options, contract, columns, container, keyPattern,
                patterns, templated, cover, true);
    }

    /** DuckDB's read of local copies of this dataset's objects ({@link SqlText#paths}). */
    public String fragment(String paths) {
        if (byName && options.format().isCsv()) {
            return ScanSql.csvByName(options, paths, contract);
        }
        if (byName && contract != null && options.format() == FileFormat.PARQUET) {
            return ScanSql.castByName(contract, ScanSql.fragment(options, paths, null));
        }
        return ScanSql.fragment(options, paths, contract);
    }

    private static final String PATH_HINT = "check the dataset's path: (and the connection's root:)";

    /** The objects of every pattern, each once, in key order. */
    public List<StoredObject> select(ObjectStores stores, ObjectStore store) {
        Map<String, StoredObject> selected = new LinkedHashMap<>();
        for (String pattern : patterns) {
            String prefix = PathTemplate.staticPrefix(pattern);
            if (!Globs.isGlob(pattern)) {
                StoredObject found = store.list(container, pattern).stream()
                        .filter(object -> object.key().equals(pattern)).findFirst()
                        .orElseThrow(() -> new PzConnectorException(PzCode.NODE_FAILED, context + ": " + connector
                                + " object '" + stores.url(container, pattern) + "' not found", PATH_HINT));
                selected.putIfAbsent(found.key(), found);
                continue;
            }
            Pattern regex = Globs.toRegex(pattern);
            List<StoredObject> matched = new ArrayList<>();
            for (StoredObject object : store.list(container, prefix)) {
                if (regex.matcher(object.key()).matches()) {
                    matched.add(object);
                }
            }
            if (matched.isEmpty() && !cover) {
                throw new PzConnectorException(PzCode.NODE_FAILED, context + ": no " + connector + " object matches '"
                        + stores.url(container, pattern) + "'", PATH_HINT);
            }
            matched.forEach(object -> selected.putIfAbsent(object.key(), object));
        }
        List<StoredObject> objects = new ArrayList<>(selected.values());
        objects.sort(java.util.Comparator.comparing(StoredObject::key));
        return objects;
    }
}
