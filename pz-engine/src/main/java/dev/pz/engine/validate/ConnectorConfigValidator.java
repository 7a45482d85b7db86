package dev.pz.engine.validate;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.connect.ConnectorMessages;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.load.NearMiss;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.EntityDef;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.SourceLocation;
import dev.pz.engine.plan.CapabilityRules;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The preflight's connector stage: every connection names an installed connector (PZ0305) that
 * declares none of pz's own keys (PZ0345); every connection, read and write option is one its
 * connector declares, with a value the declaration allows (PZ0301, or the option's own code); the
 * connector's cross-option rules hold for each connection, dataset and output; and no connection
 * asks for something its connector's capabilities refuse. What a dataset or output asks of its connector's capabilities is the
 * planner's to refuse, for the nodes a run executes. Each message names its subject once:
 * {@code connection 'lake'}, {@code dataset 'orders'}, {@code output 'daily'} — as the connector
 * names it at run time — and points at the line where the option was written.
 */
final class ConnectorConfigValidator {
    private final ConnectorRegistry registry;
    private final Problems problems = new Problems();

    private ConnectorConfigValidator(ConnectorRegistry registry) {
        this.registry = registry;
    }

    /**
     * Validates; throws {@link dev.pz.connectors.api.error.PzValidationException} with every problem.
     * Returns how many connections were checked.
     */
    static int validate(Project project, CompiledDag dag, ConnectorRegistry registry) {
        ConnectorConfigValidator validator = new ConnectorConfigValidator(registry);
        int checked = 0;
        for (ConnectionDef connection : project.connections().values()) {
            Optional<Connector> connector = registry.find(connection.connector());
            if (connector.isEmpty()) {
                validator.unknownConnector(connection);
                continue;
            }
            checked++;
            validator.checkConnection(connection, connector.get(), project);
        }
        validator.checkNodes(project, dag);
        validator.problems.throwIfErrors();
        return checked;
    }

    private void unknownConnector(ConnectionDef connection) {
        List<String> known = registry.all().stream().map(Connector::name).toList();
        problems.error(PzCode.CONNECTOR_NOT_INSTALLED, "connection '" + connection.name() + "' uses connector '"
                + connection.connector() + "', which is not installed", location(connection),
                "known connectors: " + String.join(", ", known));
    }

    private void checkConnection(ConnectionDef connection, Connector connector, Project project) {
        if (!declaresNoReservedKey(connection, connector)) {
            return;
        }
        String subject = "connection '" + connection.name() + "'";
        boolean valid = report(subject, connection.config(), connector.connectionOptions(), Set.of(),
                connection::locationOf, "add %s to the connection");
        if (valid) {
            // The connector's cross-field rules read typed values: with a value of the wrong shape they
            // would only repeat the shape error above.
            ConnectorConfig config = ConnectorRegistry.configFor(connection, project.directory());
            for (String message : connector.validate(config)) {
                problems.error(PzCode.CONNECTOR_CONFIG_INVALID, subject + ": "
                        + ConnectorMessages.withoutCodeOrSubject(subject, message), ConnectorMessages.locate(message,
                                connection.config(), connection::locationOf, location(connection)),
                        "correct it in connections.yml, then run pz validate again");
            }
        }
        CapabilityRules.connection(connection, connector).forEach(this::refuse);
        for (EntityDef entity : connection.entities().values()) {
            if (entity.read() != null) {
                report("dataset '" + entity.name() + "'", entity.read().options(), connector.readOptions(),
                        OptionSet.RESERVED_READ_KEYS, entity.read()::locationOf, "add %s under read:");
            }
            if (entity.write() != null) {
                report("output '" + entity.name() + "'", entity.write().options(), connector.writeOptions(),
                        OptionSet.RESERVED_WRITE_KEYS, entity.write()::locationOf, "add %s under write:");
            }
        }
    }

    /** A connector that declares a key pz reads itself is a packaging bug the user cannot fix by editing. */
    private boolean declaresNoReservedKey(ConnectionDef connection, Connector connector) {
        boolean clean = true;
        for (Map.Entry<OptionSet, Set<String>> place : List.of(
                Map.entry(connector.connectionOptions(), OptionSet.RESERVED_CONNECTION_KEYS),
                Map.entry(connector.readOptions(), OptionSet.RESERVED_READ_KEYS),
                Map.entry(connector.writeOptions(), OptionSet.RESERVED_WRITE_KEYS))) {
            for (String name : place.getKey().names()) {
                if (place.getValue().contains(name)) {
                    clean = false;
                    problems.error(PzCode.RESERVED_CONNECTION_KEY, "connector '" + connector.name()
                            + "' declares option '" + name + "', a key pz reserves", location(connection),
                            "upgrade or fix the connector; connection '" + connection.name() + "' cannot use it as is");
                }
            }
        }
        return clean;
    }

    /** Datasets and outputs declared at call sites are checked here; YAML ones with their connection. */
    private void checkNodes(Project project, CompiledDag dag) {
        Set<String> seen = new HashSet<>();
        for (Node node : dag.nodes()) {
            if (node instanceof SourceLoadNode source && seen.add(node.name())) {
                connectorOf(project, source.connection()).ifPresent(connector -> {
                    if (source.declaredAtCallSite()) {
                        report("dataset '" + source.entity() + "'", source.read().options(), connector.readOptions(),
                                OptionSet.RESERVED_READ_KEYS, source.read()::locationOf, "pass %s to source()");
                    }
                    crossOptionRules(source, connector);
                });
            } else if (node instanceof SinkWriteNode sink && seen.add(node.name())) {
                connectorOf(project, sink.connection()).ifPresent(connector -> {
                    if (sink.declaredAtCallSite()) {
                        report("output '" + sink.entity() + "'", sink.write().options(), connector.writeOptions(),
                                OptionSet.RESERVED_WRITE_KEYS, sink.write()::locationOf, "pass %s to sink()");
                    }
                    crossOptionRules(sink, connector);
                });
            }
        }
    }

    /** The connector's rules across a dataset's options, once each declared option is valid. */
    private void crossOptionRules(SourceLoadNode source, Connector connector) {
        if (!connector.readOptions().check(source.read().options(), OptionSet.RESERVED_READ_KEYS).isEmpty()) {
            return;
        }
        DatasetSpec spec = new DatasetSpec(source.connection(), source.entity(), source.read().options(),
                source.read().columns(), source.incremental() == null ? null
                        : new DatasetSpec.Watermark(source.incremental().cursor(), null, false, null));
        for (OptionProblem problem : connector.validateRead(spec)) {
            problems.error(problem.code(), "dataset '" + source.entity() + "': " + problem.message(),
                    source.read().location(), problem.hint());
        }
    }

    /** The connector's rules across an output's options, strategy and keys, once each declared option is valid. */
    private void crossOptionRules(SinkWriteNode sink, Connector connector) {
        if (!connector.writeOptions().check(sink.write().options(), OptionSet.RESERVED_WRITE_KEYS).isEmpty()) {
            return;
        }
        OutputSpec spec = new OutputSpec(sink.connection(), sink.entity(), sink.write().strategy(),
                sink.write().schemaPolicy(), sink.write().options(), sink.write().keys(), null);
        for (OptionProblem problem : connector.validateWrite(spec)) {
            problems.error(problem.code(), "output '" + sink.entity() + "': " + problem.message(),
                    sink.write().location(), problem.hint());
        }
    }

    private Optional<Connector> connectorOf(Project project, String connection) {
        ConnectionDef def = project.connections().get(connection);
        return def == null ? Optional.empty() : registry.find(def.connector());
    }

    /**
     * Reports every problem of {@code written} against {@code declared}; returns whether there was none.
     *
     * @param where the location of a key
     * @param addMissing how to add a missing required option, for the hint ({@code %s} is the key)
     */
    private boolean report(String subject, Map<String, Object> written, OptionSet declared, Set<String> ignored,
            Function<String, SourceLocation> where, String addMissing) {
        List<OptionProblem> found = declared.check(written, ignored);
        for (OptionProblem problem : found) {
            problems.error(problem.code(), subject + ": " + problem.message(), where.apply(problem.option()),
                    hint(problem, written, declared, addMissing));
        }
        return found.isEmpty();
    }

    private static String hint(OptionProblem problem, Map<String, Object> written, OptionSet declared,
            String addMissing) {
        return switch (problem.kind()) {
            case UNKNOWN -> NearMiss.suggest(problem.option(), declared.names())
                    .map(name -> "did you mean '" + name + "'? accepted options: " + String.join(", ", declared.names()))
                    .orElse(problem.hint());
            case MISSING -> String.format(addMissing, problem.option() + ":");
            case INVALID -> {
                Option<?> option = declared.find(problem.option()).orElseThrow();
                Optional<String> nearMiss = option.isSecret() ? Optional.empty()
                        : NearMiss.suggest(String.valueOf(written.get(problem.option())), option.allowedValues());
                yield nearMiss.map(value -> "did you mean '" + value + "'?" + (problem.hint() == null ? ""
                        : " " + problem.hint())).orElse(problem.hint());
            }
        };
    }

    private void refuse(CapabilityRules.Refusal refusal) {
        problems.error(refusal.code(), refusal.message(), refusal.location() != null ? refusal.location()
                : SourceLocation.file("connections.yml"), refusal.hint());
    }

    private static SourceLocation location(ConnectionDef connection) {
        return connection.location() != null ? connection.location() : SourceLocation.file("connections.yml");
    }
}
