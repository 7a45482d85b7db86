package dev.pz.engine.compile;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.load.BlockContext;
import dev.pz.engine.load.NearMiss;
import dev.pz.engine.load.ReadBlockParser;
import dev.pz.engine.load.WriteBlockParser;
import dev.pz.engine.model.EntityName;
import dev.pz.engine.model.PipelineDef;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.PzWarning;
import dev.pz.engine.model.ReadDef;
import dev.pz.engine.model.SecretMask;
import dev.pz.engine.model.SourceLocation;
import dev.pz.engine.model.WriteDef;
import dev.pz.engine.template.CallArguments;
import dev.pz.engine.template.Template;
import dev.pz.engine.template.TemplateException;
import dev.pz.engine.template.TemplateScope;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Renders one pipeline's template in the sandbox and records the edges its calls declare. Edges
 * come only from these calls, never from reading the SQL.
 */
final class PipelineRenderer {
    private static final List<String> SOURCE_KWARGS = List.of("columns", "sync", "retry", "partition_column",
            "partitions");
    private static final List<String> SINK_KWARGS = List.of("strategy", "keys", "duplicates", "on_delete",
            "schema_policy", "retry");
    private static final String ONE_LINE_HINT = "write the whole source()/ref()/sink()/watermark() call on one line";

    private final Project project;
    private final RenderContext context;
    private final Set<String> ephemeralPipelines;
    private final Problems problems;
    private final Set<String> secrets = new java.util.HashSet<>();

    PipelineRenderer(Project project, RenderContext context, Set<String> ephemeralPipelines, Problems problems) {
        this.project = project;
        this.context = context;
        this.ephemeralPipelines = ephemeralPipelines;
        this.problems = problems;
    }

    /** The secret values rendering read so far: {@code env()} and {@code var()} of secret-looking names. */
    Set<String> secretsRead() {
        return java.util.Collections.unmodifiableSet(secrets);
    }

    /** Renders; on a template error records PZ0104 and returns empty. */
    Optional<RenderedPipeline> render(PipelineDef pipeline) {
        Recorder recorder = new Recorder(pipeline);
        try {
            String sql = Template.parse(pipeline.sql()).render(recorder.scope());
            return Optional.of(new RenderedPipeline(pipeline, sql, recorder.sources, recorder.refs, recorder.sinks,
                    recorder.watermarks));
        } catch (TemplateException e) {
            String hint = e.hint();
            if (hint == null && e.getMessage().contains("spans")) {
                hint = ONE_LINE_HINT;
            }
            problems.error(PzCode.TEMPLATE_ERROR, e.getMessage(), new SourceLocation(pipeline.file(), e.line()), hint);
            return Optional.empty();
        }
    }

    /** Collects one pipeline's calls while its template renders. */
    private final class Recorder {
        private final PipelineDef pipeline;
        private final List<SourceCall> sources = new ArrayList<>();
        private final List<String> refs = new ArrayList<>();
        private final List<SinkCall> sinks = new ArrayList<>();
        private final List<SourceCall> watermarks = new ArrayList<>();

        Recorder(PipelineDef pipeline) {
            this.pipeline = pipeline;
        }

        TemplateScope scope() {
            return TemplateScope.create()
                    .function("source", this::source)
                    .function("ref", this::ref)
                    .function("sink", this::sink)
                    .function("watermark", this::watermark)
                    .function("var", this::var)
                    .function("env", this::env)
                    .constant("this", "staging." + pipeline.name())
                    .constant("run_id", context.runId())
                    .constant("run_started_at", context.runStartedAt());
        }

        private SourceLocation at(int line) {
            return new SourceLocation(pipeline.file(), line);
        }

        private Object source(CallArguments call) {
            Optional<String[]> target = connectionAndEntity(call, PzCode.UNRESOLVED_REF,
                    "read options are keyword arguments");
            if (target.isEmpty()) {
                return "staging.__pz_unresolved__";
            }
            String connection = target.get()[0];
            String entity = target.get()[1];
            String description = "source('" + connection + "', '" + entity + "')";
            Map<String, Object> kwargs = keywords(call, description, PzCode.UNRESOLVED_REF);
            warnNearMisses(kwargs, SOURCE_KWARGS, description, PzCode.UNRESOLVED_REF, call.line());
            ReadDef read = kwargs.isEmpty() ? null
                    : ReadBlockParser.parse(kwargs, new BlockContext(description, at(call.line()), true, entity),
                            problems);
            sources.add(new SourceCall(connection, entity, read, call.line()));
            return "staging." + StagingNames.sourceLoad(connection, entity);
        }

        private Object ref(CallArguments call) {
            if (call.positional().size() != 1 || !(call.positional().get(0) instanceof String name)
                    || !call.keywords().isEmpty()) {
                problems.error(PzCode.UNRESOLVED_REF, "ref() takes exactly one pipeline name, e.g. ref('stg_orders')",
                        at(call.line()), null);
                return "staging.__pz_unresolved__";
            }
            boolean known = project.pipelines().stream().anyMatch(p -> p.name().equals(name));
            if (!known) {
                List<String> names = project.pipelines().stream().map(PipelineDef::name).toList();
                String hint = NearMiss.suggest(name, names).map(s -> "did you mean '" + s + "'?")
                        .orElse("create pipelines/" + name + ".sql or fix the name");
                problems.error(PzCode.UNRESOLVED_REF, "ref('" + name + "') names no pipeline", at(call.line()), hint);
            }
            refs.add(name);
            return ephemeralPipelines.contains(name) ? StagingNames.ephemeralCte(name) : "staging." + name;
        }

        private Object sink(CallArguments call) {
            Optional<String[]> target = connectionAndEntity(call, PzCode.INVALID_SINK_CALL,
                    "write options are keyword arguments");
            if (target.isEmpty()) {
                return "__pz_sink_invalid__";
            }
            String connection = target.get()[0];
            String entity = target.get()[1];
            String description = "sink('" + connection + "', '" + entity + "')";
            Map<String, Object> kwargs = keywords(call, description, PzCode.INVALID_SINK_CALL);
            warnNearMisses(kwargs, SINK_KWARGS, description, PzCode.INVALID_SINK_CALL, call.line());
            WriteDef write = kwargs.isEmpty() ? null
                    : WriteBlockParser.parse(kwargs, new BlockContext(description, at(call.line()), true, entity),
                            problems);
            sinks.add(new SinkCall(new SinkBinding(connection, entity), write, call.line()));
            return StagingNames.sinkMarker(connection, entity);
        }

        private Object watermark(CallArguments call) {
            Optional<String[]> target = connectionAndEntity(call, PzCode.UNRESOLVED_REF,
                    "watermark() takes no keyword arguments");
            if (target.isEmpty()) {
                return "NULL";
            }
            if (!call.keywords().isEmpty()) {
                problems.error(PzCode.UNRESOLVED_REF, "watermark() takes no keyword arguments", at(call.line()), null);
            }
            watermarks.add(new SourceCall(target.get()[0], target.get()[1], null, call.line()));
            return "'" + StagingNames.watermarkSentinel(target.get()[0], target.get()[1]) + "'";
        }

        private Object var(CallArguments call) {
            if (call.positional().size() != 1 || !(call.positional().get(0) instanceof String name)) {
                throw new TemplateException("var() takes exactly one variable name, e.g. var('min_amount')",
                        call.line(), null);
            }
            if (!project.vars().containsKey(name)) {
                String hint = NearMiss.suggest(name, project.vars().keySet()).map(s -> "did you mean '" + s + "'?")
                        .orElse("declare it under vars: in project.yml or pass it with --vars");
                throw new TemplateException("unknown var '" + name + "'", call.line(), hint);
            }
            Object value = project.vars().get(name);
            if (SecretMask.isSecretName(name)) {
                ProjectSecrets.addLeaves(value, secrets);
            }
            return value;
        }

        private Object env(CallArguments call) {
            if (call.positional().size() != 1 || !(call.positional().get(0) instanceof String name)) {
                throw new TemplateException("env() takes exactly one variable name, e.g. env('REGION')",
                        call.line(), null);
            }
            String value = context.environment().get(name);
            if (value == null) {
                problems.error(PzCode.UNDECLARED_ENV_VAR, "environment variable '" + name + "' is not set",
                        at(call.line()), "set " + name + " before running pz, or remove the env() call");
                return "";
            }
            if (SecretMask.isSecretName(name)) {
                secrets.add(value);
            }
            return value;
        }

        /** Checks the two positional string arguments and that the connection exists. */
        private Optional<String[]> connectionAndEntity(CallArguments call, PzCode code, String extraPositionalHint) {
            List<Object> args = call.positional();
            String function = call.function();
            if (args.size() < 2 || !(args.get(0) instanceof String) || !(args.get(1) instanceof String)) {
                problems.error(code, function + "() needs a connection and an entity, e.g. " + function
                        + "('crm', 'orders')", at(call.line()), null);
                return Optional.empty();
            }
            String connection = (String) args.get(0);
            String entity = (String) args.get(1);
            if (args.size() > 2) {
                problems.error(code, function + "('" + connection + "', '" + entity + "') has "
                        + (args.size() - 2) + " extra positional argument(s); " + extraPositionalHint,
                        at(call.line()), "write options as name: value, e.g. format: 'csv'");
            }
            if (!project.connections().containsKey(connection)) {
                String hint = NearMiss.suggest(connection, project.connections().keySet())
                        .map(s -> "did you mean '" + s + "'?")
                        .orElse("declare connection '" + connection + "' in connections.yml");
                problems.error(PzCode.UNRESOLVED_REF, function + "('" + connection + "', '" + entity
                        + "'): no connection named '" + connection + "'", at(call.line()), hint);
                return Optional.empty();
            }
            String nameProblem = EntityName.problem(entity);
            if (nameProblem != null) {
                problems.error(PzCode.ENTITY_NAME_INVALID, function + "('" + connection + "', '" + entity
                        + "'): entity name '" + entity + "' " + nameProblem + ".", at(call.line()),
                        "use a name like 'orders' or 'dbo.orders'");
                return Optional.empty();
            }
            return Optional.of(new String[] {connection, entity});
        }

        private Map<String, Object> keywords(CallArguments call, String description, PzCode duplicateCode) {
            Map<String, Object> kwargs = new LinkedHashMap<>();
            for (CallArguments.Keyword keyword : call.keywords()) {
                if (kwargs.containsKey(keyword.name())) {
                    problems.error(duplicateCode, description + " passes keyword argument '" + keyword.name()
                            + "' more than once", at(call.line()), "keep one " + keyword.name() + ": value");
                }
                kwargs.put(keyword.name(), keyword.value());
            }
            return kwargs;
        }

        private void warnNearMisses(Map<String, Object> kwargs, List<String> pzKeywords, String description,
                PzCode code, int line) {
            for (String name : kwargs.keySet()) {
                if (pzKeywords.contains(name)) {
                    continue;
                }
                NearMiss.suggest(name, pzKeywords).ifPresent(suggestion -> problems.warning(new PzWarning(code,
                        description + ": keyword argument '" + name + "' is passed to the connector as an option."
                                + " Did you mean '" + suggestion + "'?",
                        pipeline.file() + ":" + line, null)));
            }
        }
    }
}
