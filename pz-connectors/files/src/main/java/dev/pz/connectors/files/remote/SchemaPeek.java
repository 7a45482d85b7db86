package dev.pz.connectors.files.remote;

import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.ContractSchema;
import dev.pz.connectors.files.CsvHeader;
import dev.pz.connectors.files.DuckReadPartition;
import dev.pz.connectors.files.PzFormatFiles;
import dev.pz.connectors.files.SqlText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The live schema of an object-store dataset for {@code pz validate --connect}: the first object the
 * dataset's patterns match is downloaded to a temporary directory and read as the native tier would.
 * A contracted csv returns the contract's columns its header names, so a missing column surfaces as
 * drift; xlsx and avro return what pz's reader types; everything else returns what DuckDB reads
 * (parquet's footer, an inferred csv or json).
 */
public final class SchemaPeek {

    private SchemaPeek() {
    }

    /** @throws PzConnectorException when nothing matches, or the store refuses the listing or download */
    public static Schema schema(ObjectStores stores, RemoteDataset dataset) {
        try (ObjectStore store = stores.open()) {
            return schema(stores, store, dataset);
        }
    }

    private static Schema schema(ObjectStores stores, ObjectStore store, RemoteDataset dataset) {
        StoredObject first = dataset.select(stores, store).stream().findFirst().orElseThrow(() -> new PzConnectorException(
                PzCode.NODE_FAILED, dataset.context() + ": no " + dataset.connector() + " object matches '"
                        + stores.url(dataset.container(), dataset.patterns().get(0)) + "'"));
        Path directory;
        try {
            directory = Files.createTempDirectory("pz-peek-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            Path file = RemoteRead.download(stores, store, dataset.container(), List.of(first), directory).get(0);
            Map<String, ContractTypes> declared = dataset.columns() == null ? null
                    : ContractSchema.types(dataset.columns(), dataset.context());
            if (dataset.options().format().handledByPz()) {
                return PzFormatFiles.schema(dataset.options(), file, stores.url(dataset.container(), first.key()),
                        declared);
            }
            if (dataset.options().format().isCsv() && dataset.contract() != null) {
                Map<String, ContractTypes> types = ContractSchema.types(dataset.columns(), dataset.context());
                Optional<List<String>> header = CsvHeader.read(file, dataset.options().delimiter());
                return ContractSchema.arrow(header.map(names -> ContractSchema.presentIn(types, names)).orElse(types));
            }
            return DuckReadPartition.schema(dataset.fragment(SqlText.string(file.toString())));
        } finally {
            delete(directory);
        }
    }

    private static void delete(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException ignored) {
            // Best effort: a leftover peek file in the OS temp directory is harmless.
        }
    }
}
