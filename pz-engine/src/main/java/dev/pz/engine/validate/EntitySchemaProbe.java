package dev.pz.engine.validate;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.connect.ConnectorMessages;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.load.BlockContext;
import dev.pz.engine.load.ReadBlockParser;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.EntityDef;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.ReadDef;
import dev.pz.engine.model.SecretMask;
import dev.pz.engine.model.SourceLocation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeoutException;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The live schema of one entity of a declared connection, read through a real connection as
 * {@code pz validate --connect} reads it (30 s bound). The entity need not be declared: the given
 * read options (the keys an entity's {@code read:} block takes, {@code columns:} included) describe
 * it, and override a declared entity's options key by key. The live schema is read whole (not
 * pruned to a contract); with a {@code columns:} contract it is held against it (PZ0331 for a
 * missing or retyped column); without one the live columns are the answer. An unknown connection, a connector that cannot read, or a dataset the
 * connector cannot open is PZ0330, its message masked of the connection's secret values.
 */
public final class EntitySchemaProbe {

    /** One column: its name, and its contract word or Arrow-derived type name ({@code Int64}, {@code Utf8}). */
    public record Column(String name, String type) {
    }

    /**
     * What the probe found: {@code contract} is the declared columns (null without a contract),
     * {@code live} the fetched ones, {@code extra} the live columns a contract does not name.
     */
    public record Result(List<Column> live, List<Column> contract, List<Column> extra) {
    }

    private EntitySchemaProbe() {
    }

    public static Result probe(Project project, ConnectorRegistry registry, String connectionName, String entity,
            Map<String, Object> read) {
        Duration timeout = ConnectivityValidator.TIMEOUT;
        ConnectionDef connection = project.connections().get(connectionName);
        if (connection == null) {
            throw refusal("connection '" + connectionName + "' is not declared in connections.yml",
                    project.connections().isEmpty() ? "add it to connections.yml"
                            : "declared connections: " + String.join(", ", project.connections().keySet()));
        }
        Connector connector = registry.find(connection.connector()).orElseThrow(() -> refusal("connection '"
                + connectionName + "' uses connector '" + connection.connector() + "', which is not installed",
                "run pz connectors to list the connectors this project can use"));
        ReadDef options = readOptions(connection, entity, read, connector);
        DatasetSpec spec = DatasetSpec.of(connectionName, entity, options.options(), options.columns());
        ConnectorConfig config = ConnectorRegistry.configFor(connection, project.directory());
        SecretMask secrets = secretsOf(connection, connector);
        String subject = "connection '" + connectionName + "'";
        ExecutorService pool = LiveSchema.probePool("pz-entity-schema");
        Optional<Schema> live;
        try {
            live = fetchWhole(connector, config, spec, pool, timeout);
        } catch (TimeoutException e) {
            throw unreadable(subject, entity, "schema fetch gave no answer within " + timeout.toSeconds() + " s");
        } catch (RuntimeException e) {
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw unreadable(subject, entity, secrets.mask(ConnectorMessages.withoutCodeOrSubject(subject, message)));
        } finally {
            pool.shutdownNow();
        }
        if (live.isEmpty()) {
            throw refusal("connector '" + connection.connector() + "' of " + subject + " cannot read, so '" + entity
                    + "' has no schema to fetch", "probe an entity of a connection whose connector reads");
        }
        List<Column> fetched = columns(live.get().getFields());
        if (options.columns() == null) {
            return new Result(fetched, null, List.of());
        }
        ContractComparison comparison = ContractComparison.of(connectionName + "." + entity, options.columns(),
                live.get());
        if (!comparison.drift().isEmpty()) {
            throw new PzValidationException(comparison.drift());
        }
        List<Column> contract = new ArrayList<>();
        options.columns().forEach((name, type) -> contract.add(new Column(name, ContractTypes.fromWord(type).map(ContractTypes::word)
                        .orElse(type))));
        return new Result(fetched, List.copyOf(contract), columns(comparison.extra()));
    }

    /**
     * The dataset's whole live schema. A connector given a contract may describe only the contract's
     * columns (a database prunes to them), so the contract is withheld; a connector that cannot
     * describe the dataset without one (a csv has no types of its own) refuses with PZ0301, and then
     * the contract is what describes it.
     */
    private static Optional<Schema> fetchWhole(Connector connector, ConnectorConfig config, DatasetSpec spec,
            ExecutorService pool, Duration timeout) throws TimeoutException {
        if (spec.contract().isEmpty()) {
            return LiveSchema.fetch(connector, config, spec, pool, timeout);
        }
        try {
            return LiveSchema.fetch(connector, config, DatasetSpec.of(spec.connection(), spec.entity(), spec.options(),
                    null), pool, timeout);
        } catch (PzConnectorException needsContract) {
            if (needsContract.code().orElse(null) != PzCode.CONNECTOR_CONFIG_INVALID) {
                throw needsContract;
            }
            return LiveSchema.fetch(connector, config, spec, pool, timeout);
        }
    }

    /** The declared entity's read block with {@code read} laid over it, its options checked as pz run checks them. */
    private static ReadDef readOptions(ConnectionDef connection, String entity, Map<String, Object> read,
            Connector connector) {
        EntityDef declared = connection.entities().get(entity);
        ReadDef base = declared == null || declared.read() == null ? null : declared.read();
        Problems problems = new Problems();
        String subject = "read options of '" + connection.name() + "." + entity + "'";
        // The options come from a call, not a file: the parser's placeholder location never reaches an error.
        ReadDef given = read == null ? null : ReadBlockParser.parse(read, new BlockContext(subject,
                SourceLocation.file(subject), true, entity), problems);
        if (problems.hasErrors()) {
            throw new PzValidationException(problems.errors().stream().map(error -> PzError.of(error.code(),
                    error.message()).withHint(error.hint())).toList());
        }
        if (base == null && given == null) {
            throw refusal("entity '" + entity + "' is not declared under connection '" + connection.name()
                    + "' and no read options were given", connection.entities().isEmpty()
                            ? "pass read with the options that locate it"
                            : "declared entities: " + String.join(", ", connection.entities().keySet())
                                    + "; or pass read with the options that locate it");
        }
        Map<String, Object> options = new LinkedHashMap<>(base == null ? Map.of() : base.options());
        Map<String, String> columns = base == null ? null : base.columns();
        if (given != null) {
            options.putAll(given.options());
            columns = given.columns() != null ? given.columns() : columns;
        }
        List<OptionProblem> found = connector.readOptions().check(options, OptionSet.RESERVED_READ_KEYS);
        if (!found.isEmpty()) {
            throw new PzValidationException(found.stream().map(problem -> PzError.of(problem.code(),
                    subject + ": " + problem.message()).withHint(problem.hint())).toList());
        }
        return new ReadDef(options, columns, null, null, null, Map.of());
    }

    private static SecretMask secretsOf(ConnectionDef connection, Connector connector) {
        List<String> values = new ArrayList<>();
        connection.config().forEach((key, value) -> {
            if (value != null && (connector.connectionOptions().secretNames().contains(key)
                    || SecretMask.isSecretName(key))) {
                values.add(String.valueOf(value));
            }
        });
        return SecretMask.of(values);
    }

    private static List<Column> columns(List<Field> fields) {
        return fields.stream().map(field -> new Column(field.getName(),
                ConnectivityValidator.typeName(field.getType()))).toList();
    }

    private static PzException unreadable(String subject, String entity, String message) {
        return refusal(subject + " dataset '" + entity + "': " + message,
                "check the read options, that the dataset exists and that the connection's role may read it");
    }

    private static PzException refusal(String message, String hint) {
        return new PzException(PzError.of(PzCode.CONNECTION_CHECK_FAILED, message).withHint(hint));
    }
}
