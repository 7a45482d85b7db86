package dev.pz.engine.validate;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.artifacts.CompileArtifacts;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.connect.ConnectorMessages;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.json.AtomicFiles;
import dev.pz.engine.json.Json;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.SourceLocation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeoutException;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The live probes of {@code pz validate --connect}, after the preflight: one connectivity probe per
 * connection, all concurrent, each bounded by 30 s (PZ0330); then the live schema of every dataset
 * the project reads, 30 s each, compared with its {@code columns:} contract (missing column or
 * different type → PZ0331; extra columns are fine). Schemas of contract-less datasets are written to
 * {@code .pz/target/schemas.json}. Messages come from connectors, which keep credentials out of
 * them; any configured secret value is masked once more before printing.
 */
public final class ConnectivityValidator {
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final Project project;
    private final ConnectorRegistry registry;
    private final Duration timeout;
    private final Problems problems = new Problems();
    private final List<String> notes = new ArrayList<>();

    private ConnectivityValidator(Project project, ConnectorRegistry registry, Duration timeout) {
        this.project = project;
        this.registry = registry;
        this.timeout = timeout;
    }

    /**
     * Probes; returns the {@code note:} lines to print. Always writes schemas.json, then throws
     * {@link dev.pz.connectors.api.error.PzValidationException} with every failure.
     */
    public static List<String> run(Project project, CompiledDag dag, ConnectorRegistry registry) {
        return run(project, dag, registry, TIMEOUT);
    }

    static List<String> run(Project project, CompiledDag dag, ConnectorRegistry registry, Duration timeout) {
        ConnectivityValidator validator = new ConnectivityValidator(project, registry, timeout);
        ExecutorService pool = LiveSchema.probePool("pz-validate-connect");
        try {
            Map<String, Boolean> reachable = validator.checkConnections(pool);
            Map<String, String> schemas = validator.fetchSchemas(dag, reachable, pool);
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("version", 1L);
            root.put("schemas", new TreeMap<>(schemas));
            AtomicFiles.writeString(CompileArtifacts.targetDirectory(project.directory()).resolve("schemas.json"),
                    Json.indented(root) + "\n");
        } finally {
            pool.shutdownNow();
        }
        validator.problems.throwIfErrors();
        return List.copyOf(validator.notes);
    }

    private Map<String, Boolean> checkConnections(ExecutorService pool) {
        Map<String, Future<ConnectionCheck>> probes = new LinkedHashMap<>();
        for (ConnectionDef connection : project.connections().values()) {
            Optional<Connector> connector = registry.find(connection.connector());
            if (connector.isEmpty()) {
                continue;
            }
            probes.put(connection.name(), pool.submit(() -> connector.get().checkConnection(
                    ConnectorRegistry.configFor(connection, project.directory()))));
        }
        Map<String, Boolean> reachable = new LinkedHashMap<>();
        probes.forEach((name, probe) -> {
            ConnectionDef connection = project.connections().get(name);
            String failure;
            ConnectionCheck check = null;
            try {
                check = bounded(probe);
                failure = check.ok() ? null : check.message();
            } catch (TimeoutException e) {
                failure = "no answer within " + timeout.toSeconds() + " s";
            } catch (RuntimeException e) {
                failure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            }
            if (failure != null) {
                problems.error(PzCode.CONNECTION_CHECK_FAILED, "connection '" + name + "' (connector '"
                        + connection.connector() + "') failed its connectivity check: " + mask(connection,
                                ConnectorMessages.withoutCodeOrSubject("connection '" + name + "'", failure)),
                        location(connection), "check host, port, credentials and that the server is running");
                reachable.put(name, false);
            } else {
                reachable.put(name, true);
                if (check.message() != null && !check.message().isBlank()) {
                    notes.add("connection '" + name + "': " + mask(connection, check.message()));
                }
            }
        });
        return reachable;
    }

    private Map<String, String> fetchSchemas(CompiledDag dag, Map<String, Boolean> reachable, ExecutorService pool) {
        Map<String, String> schemas = new TreeMap<>();
        for (Node node : dag.nodes()) {
            if (!(node instanceof SourceLoadNode source) || !reachable.getOrDefault(source.connection(), false)) {
                continue;
            }
            ConnectionDef connection = project.connections().get(source.connection());
            Connector connector = registry.find(connection.connector()).orElseThrow();
            DatasetSpec spec = DatasetSpec.of(source.connection(), source.entity(), source.read().options(),
                    source.read().columns());
            Schema schema;
            try {
                schema = LiveSchema.fetch(connector, ConnectorRegistry.configFor(connection, project.directory()), spec,
                        pool, timeout).orElse(null);
            } catch (TimeoutException e) {
                datasetFailure(source, connection, "schema fetch gave no answer within " + timeout.toSeconds() + " s");
                continue;
            } catch (RuntimeException e) {
                datasetFailure(source, connection, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
                continue;
            }
            if (schema == null) {
                continue;
            }
            if (source.read().columns() == null) {
                schemas.put(source.datasetKey(), describe(schema));
            } else {
                compare(source, connection, schema);
            }
        }
        return schemas;
    }

    private void datasetFailure(SourceLoadNode source, ConnectionDef connection, String message) {
        problems.error(PzCode.CONNECTION_CHECK_FAILED, "connection '" + source.connection() + "' dataset '"
                + source.entity() + "': " + mask(connection, ConnectorMessages.withoutCodeOrSubject("connection '"
                        + source.connection() + "'", message)), location(connection),
                "check that the dataset exists and the connection's role may read it");
    }

    private void compare(SourceLoadNode source, ConnectionDef connection, Schema live) {
        SourceLocation at = location(connection);
        ContractComparison.of(source.datasetKey(), source.read().columns(), live).drift()
                .forEach(drift -> problems.error(drift.at(at.file(), at.line())));
    }

    /** The contract word of an Arrow type, or {@code (Type)} for a type no contract word names. */
    static String contractWord(ArrowType type) {
        return switch (type.getTypeID()) {
            case Int -> ((ArrowType.Int) type).getBitWidth() == 64 ? "bigint"
                    : ((ArrowType.Int) type).getBitWidth() == 32 ? "int" : "(" + typeName(type) + ")";
            case FloatingPoint -> ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.DOUBLE
                    ? "double" : "(" + typeName(type) + ")";
            case Decimal -> "decimal";
            case Utf8, LargeUtf8 -> "varchar";
            case Bool -> "boolean";
            case Date -> "date";
            case Timestamp -> "timestamp";
            default -> "(" + typeName(type) + ")";
        };
    }

    /** Arrow-derived type names: {@code Int32}, {@code Decimal128(38,9)}, {@code Timestamp(µs,"UTC")}. */
    static String typeName(ArrowType type) {
        return switch (type.getTypeID()) {
            case Int -> (((ArrowType.Int) type).getIsSigned() ? "Int" : "UInt") + ((ArrowType.Int) type).getBitWidth();
            case FloatingPoint -> switch (((ArrowType.FloatingPoint) type).getPrecision()) {
                case HALF -> "Float16";
                case SINGLE -> "Float32";
                case DOUBLE -> "Double";
            };
            case Decimal -> "Decimal" + ((ArrowType.Decimal) type).getBitWidth() + "("
                    + ((ArrowType.Decimal) type).getPrecision() + "," + ((ArrowType.Decimal) type).getScale() + ")";
            case Utf8 -> "Utf8";
            case LargeUtf8 -> "LargeUtf8";
            case Bool -> "Boolean";
            case Date -> ((ArrowType.Date) type).getUnit() == org.apache.arrow.vector.types.DateUnit.DAY ? "Date32"
                    : "Date64";
            case Timestamp -> {
                ArrowType.Timestamp ts = (ArrowType.Timestamp) type;
                String unit = switch (ts.getUnit()) {
                    case SECOND -> "s";
                    case MILLISECOND -> "ms";
                    case MICROSECOND -> "µs";
                    case NANOSECOND -> "ns";
                };
                yield "Timestamp(" + unit + (ts.getTimezone() == null ? "" : ",\"" + ts.getTimezone() + "\"") + ")";
            }
            default -> type.getTypeID().name();
        };
    }

    /** {@code "name: Type, …"} sorted by column name. */
    static String describe(Schema schema) {
        List<String> columns = new ArrayList<>();
        schema.getFields().stream().sorted((a, b) -> a.getName().compareTo(b.getName()))
                .forEach(field -> columns.add(field.getName() + ": " + typeName(field.getType())));
        return String.join(", ", columns);
    }

    private <T> T bounded(Future<T> future) throws TimeoutException {
        return LiveSchema.bounded(future, timeout);
    }

    private String mask(ConnectionDef connection, String message) {
        String masked = message;
        Optional<Connector> connector = registry.find(connection.connector());
        if (connector.isPresent()) {
            for (String key : connector.get().connectionOptions().secretNames()) {
                Object value = connection.config().get(key);
                if (value != null && String.valueOf(value).length() >= 3) {
                    masked = masked.replace(String.valueOf(value), "***");
                }
            }
        }
        return masked;
    }

    private static SourceLocation location(ConnectionDef connection) {
        return connection.location() != null ? connection.location() : SourceLocation.file("connections.yml");
    }
}
