package dev.pz.connectors.iceberg;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.sql.AttachedSource;
import dev.pz.connectors.sql.DuckDbExtensions;
import dev.pz.connectors.sql.SqlDialect;
import dev.pz.connectors.sql.WatermarkLiterals;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads a files-catalog table natively: {@code iceberg_scan('<root>/<ns>/<table>', allow_moved_paths
 * = true[, version => '<metadata_version>'][, snapshot_from_id => n][, snapshot_from_timestamp =>
 * timestamp '…'])}, wrapped in a select of the contract's columns within the watermark bounds.
 */
final class IcebergSource implements Source {

    private static final SqlDialect SQL = SqlDialect.DOUBLE_QUOTES;

    private final Path root;
    private final DuckDbExtensions extensions;

    IcebergSource(Path root, DuckDbExtensions extensions) {
        this.root = root;
        this.extensions = extensions;
    }

    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        List<String> setup = extensions.load(spec.context(), List.of("iceberg"));
        String[] parts = spec.entity().split("\\.", -1);
        if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
            throw new PzConnectorException(PzCode.ENTITY_NAME_INVALID, spec.context()
                    + ": expected 'namespace.table'", "name the table's namespace and the table");
        }
        Path table = root.resolve(parts[0]).resolve(parts[1]);
        if (!Files.isDirectory(table)) {
            throw new PzConnectorException(PzCode.NATIVE_PATH_CONTRACT_MISMATCH, spec.context() + ": iceberg table"
                    + " directory '" + table + "' does not exist", "check 'root' and the entity's name");
        }
        Optional<String> version = spec.find(IcebergConnector.VERSION);
        Optional<String> timestamp = spec.find(IcebergConnector.TIMESTAMP);
        if (version.isPresent() && timestamp.isPresent()) {
            throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, spec.context()
                    + ": declare either version: or timestamp:, not both", "remove one of them");
        }
        StringBuilder scan = new StringBuilder("iceberg_scan(" + SqlDialect.string(table.toString())
                + ", allow_moved_paths = true");
        spec.find(IcebergConnector.METADATA_VERSION).ifPresent(v -> scan.append(", version => ").append(SqlDialect.string(v)));
        version.ifPresent(v -> scan.append(", snapshot_from_id => ").append(v));
        timestamp.ifPresent(t -> scan.append(", snapshot_from_timestamp => timestamp ").append(SqlDialect.string(t)));
        scan.append(")");
        List<String> terms = WatermarkLiterals.terms(spec.watermark(), SQL);
        boolean contract = spec.columns() != null && !spec.columns().isEmpty();
        String fragment = !contract && terms.isEmpty() ? scan.toString()
                : "(select " + (contract ? SQL.quoteAll(spec.columns().keySet()) : "*") + " from " + scan
                        + (terms.isEmpty() ? "" : " where " + String.join(" and ", terms)) + ")";
        return Optional.of(new NativeScan(fragment, setup, "iceberg_scan", "iceberg table " + spec.entity(), false));
    }

    @Override
    public Schema schema(DatasetSpec spec) {
        return AttachedSource.contractSchema(IcebergConnectorFactory.NAME, spec);
    }

    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        throw universal(spec);
    }

    private static PzConnectorException universal(DatasetSpec spec) {
        return new PzConnectorException(PzCode.NATIVE_PATH_REQUIRED, spec.context()
                + ": connector 'iceberg' reads natively only (inside the run's DuckDB)", "remove engine.force_universal");
    }

    @Override
    public void close() {
        // Nothing is opened before the run's session loads the extension.
    }
}
