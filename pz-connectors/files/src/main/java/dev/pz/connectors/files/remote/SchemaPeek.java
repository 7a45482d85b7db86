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
 * A contracted csv whose header lacks a declared column returns the contract's columns the header
 * names, so the missing column surfaces as drift; xlsx and avro return what pz's reader types;
 * everything else returns what DuckDB's read of the file yields (parquet's footer, an inferred csv or
 * json, a contract's columns as DuckDB types them), which is the schema of every universal partition.
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
            String fragment = dataset.fragment(SqlText.string(file.toString()));
            if (dataset.options().format().isCsv() && dataset.contract() != null) {
                Optional<List<String>> header = CsvHeader.read(file, dataset.options().delimiter());
                Map<String, ContractTypes> present = header.map(names -> ContractSchema.presentIn(declared, names))
                        .orElse(declared);
                if (present.size() < declared.size()) {
                    return ContractSchema.arrow(present);
                }
                return DuckReadPartition.schema(fragment);
            }
            return DuckReadPartition.schema(fragment);
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
