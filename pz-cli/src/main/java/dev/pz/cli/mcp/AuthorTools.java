package dev.pz.cli.mcp;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The tools that write the project: scaffold it, edit connections.yml (by splicing, so comments
 * and layout survive), write pipelines. Each checks its input first (guards, existence), writes,
 * then verifies the project (compile and offline validate): {@code applied} says whether the file
 * changed, {@code errors} what the verification found.
 */
final class AuthorTools {
    private static final String CONNECTIONS = "connections.yml";
    private static final Pattern PIPELINE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final McpProject project;
    private final ProjectInitializer initializer;
    private final VerifyTools verify;

    AuthorTools(McpProject project, ProjectInitializer initializer) {
        this.project = project;
        this.initializer = initializer;
        this.verify = new VerifyTools(project);
    }

    List<PzTool> tools() {
        ToolInput name = ToolInput.required("name", "string", "The connection's name (its top-level key).");
        ToolInput connector = ToolInput.required("connector", "string", "The connector, e.g. localfiles or postgres.");
        ToolInput options = ToolInput.required("connection", "object",
                "The connection's options; credentials as ${VAR} references only.");
        ToolInput connection = ToolInput.required("connection", "string", "The connection's name.");
        ToolInput entity = ToolInput.required("entity", "string", "The entity's name in its system.");
        ToolInput read = ToolInput.optional("read", "object", "Read options for pipelines that source() it.");
        ToolInput write = ToolInput.optional("write", "object", "Write options for the pipeline that sink()s it.");
        return List.of(
                new PzTool("pz_init_project", "Scaffold a new project from a built-in template into the server's "
                        + "(empty) project directory.", List.of(ToolInput.optional("template", "string",
                                "Template id (default minimal).")), arguments -> init(arguments.string("template",
                                        "minimal"))),
                new PzTool("pz_add_connection", "Add a connection to connections.yml.", List.of(name, connector, options),
                        arguments -> putConnection(arguments, false)),
                new PzTool("pz_update_connection", "Replace a connection in connections.yml wholesale (its entities "
                        + "go too).", List.of(name, connector, options), arguments -> putConnection(arguments, true)),
                new PzTool("pz_remove_connection", "Remove a connection from connections.yml.", List.of(name),
                        arguments -> removeConnection(arguments.string("name"))),
                new PzTool("pz_add_entity", "Add an entity with its read/write options under a connection.",
                        List.of(connection, entity, read, write), arguments -> putEntity(arguments, false)),
                new PzTool("pz_set_entity_options", "Replace an entity's read/write options wholesale.",
                        List.of(connection, entity, read, write), arguments -> putEntity(arguments, true)),
                new PzTool("pz_remove_entity", "Remove an entity from its connection.", List.of(connection, entity),
                        arguments -> removeEntity(arguments.string("connection"), arguments.string("entity"))),
                new PzTool("pz_write_pipeline", "Write pipelines/<name>.sql (and its checks sidecar "
                        + "pipelines/configs/<name>.yml when given).", List.of(
                                ToolInput.required("name", "string", "The pipeline's name: letters, digits, _."),
                                ToolInput.required("sql", "string", "The pipeline's SQL with source()/ref()/sink()."),
                                ToolInput.optional("checks_yaml", "string", "The sidecar YAML, written verbatim.")),
                        arguments -> writePipeline(arguments.string("name"), arguments.string("sql"),
                                arguments.string("checks_yaml"))),
                new PzTool("pz_remove_pipeline", "Remove pipelines/<name>.sql and its checks sidecar.", List.of(
                        ToolInput.required("name", "string", "The pipeline's name.")),
                        arguments -> removePipeline(arguments.string("name"))));
    }

    ToolEnvelope init(String template) {
        Path directory = project.directory();
        if (Files.isDirectory(directory) && !isEmpty(directory)) {
            return ToolEnvelope.failed(List.of(PzError.of(PzCode.MCP_INIT_DIR_NOT_EMPTY, "the project directory '"
                    + directory + "' is not empty").withHint("start the server on a new or empty directory, "
                            + "or edit the project that is there")));
        }
        McpProject.Outcome<List<String>> outcome = McpProject.attempt(() -> initializer.scaffold(directory, template));
        if (outcome.failed()) {
            return ToolEnvelope.failed(outcome.errors()).applied(false);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("created", true);
        result.put("dir", directory.toString());
        result.put("template", template);
        result.put("files", new ArrayList<Object>(outcome.value().orElseThrow()));
        return verified(result);
    }

    private ToolEnvelope putConnection(ToolArguments arguments, boolean replace) {
        String name = arguments.string("name");
        Map<String, Object> options = arguments.object("connection");
        String connector = arguments.string("connector");
        List<PzError> refused = new ArrayList<>(AuthoringGuards.literalCredentials(options, "connection"));
        if (connector.equals("localfiles")) {
            refused.addAll(AuthoringGuards.escapingPaths(project.directory(), options, "connection"));
        }
        ConnectionsFile file = connections();
        Optional<ConnectionsFile.Block> existing = file.connection(name);
        if (!replace && existing.isPresent()) {
            refused.add(target("connection '" + name + "' already exists in connections.yml",
                    "use pz_update_connection to replace it, or pick another name"));
        } else if (replace && existing.isEmpty()) {
            refused.add(missingConnection(name));
        }
        if (!refused.isEmpty()) {
            return ToolEnvelope.failed(refused).applied(false);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("connector", connector);
        options.remove("connector");
        body.putAll(options);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("file", CONNECTIONS);
        if (replace) {
            ConnectionsFile.Block block = existing.orElseThrow();
            List<String> dropped = file.entityNames(block);
            if (file.hasComment(block)) {
                result.put("dropped_comment", true);
            }
            file.replace(block, ConnectionsFile.connectionLines(name, body));
            result.put("dropped_entities", new ArrayList<Object>(dropped));
            result.put("warnings", dropped.isEmpty() ? new ArrayList<>() : new ArrayList<Object>(List.of(
                    "the entities of '" + name + "' were dropped with the old block; add them again with pz_add_entity")));
        } else {
            file.appendConnection(name, body);
        }
        write(CONNECTIONS, file.text());
        return verified(result);
    }

    private ToolEnvelope removeConnection(String name) {
        ConnectionsFile file = connections();
        Optional<ConnectionsFile.Block> existing = file.connection(name);
        if (existing.isEmpty()) {
            return ToolEnvelope.failed(List.of(missingConnection(name))).applied(false);
        }
        file.remove(existing.get());
        write(CONNECTIONS, file.text());
        return verified(new LinkedHashMap<>(Map.of("file", CONNECTIONS)));
    }

    private ToolEnvelope putEntity(ToolArguments arguments, boolean replace) {
        String connectionName = arguments.string("connection");
        String entityName = arguments.string("entity");
        Map<String, Object> read = arguments.object("read");
        Map<String, Object> write = arguments.object("write");
        List<PzError> refused = new ArrayList<>();
        refused.addAll(AuthoringGuards.literalCredentials(read, "read"));
        refused.addAll(AuthoringGuards.literalCredentials(write, "write"));
        ConnectionsFile file = connections();
        Optional<ConnectionsFile.Block> connection = file.connection(connectionName);
        if (connection.isEmpty()) {
            refused.add(missingConnection(connectionName));
            return ToolEnvelope.failed(refused).applied(false);
        }
        if (isLocalfiles(connectionName)) {
            refused.addAll(AuthoringGuards.escapingPaths(project.directory(), read, "read"));
            refused.addAll(AuthoringGuards.escapingPaths(project.directory(), write, "write"));
        }
        Optional<ConnectionsFile.Block> existing = file.entity(connection.get(), entityName);
        if (!replace && existing.isPresent()) {
            refused.add(target("entity '" + entityName + "' already exists under '" + connectionName + "'",
                    "use pz_set_entity_options to replace its options"));
        } else if (replace && existing.isEmpty()) {
            refused.add(target("no entity '" + entityName + "' under connection '" + connectionName + "'",
                    "add it with pz_add_entity"));
        }
        if (!refused.isEmpty()) {
            return ToolEnvelope.failed(refused).applied(false);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        if (read != null) {
            body.put("read", read);
        }
        if (write != null) {
            body.put("write", write);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("file", CONNECTIONS);
        result.put("connection", connectionName);
        result.put("entity", entityName);
        if (replace) {
            if (file.hasComment(existing.get())) {
                result.put("dropped_comment", true);
            }
            file.replace(existing.get(), ConnectionsFile.entityLines(entityName, body));
        } else {
            file.appendEntity(connection.get(), entityName, body);
        }
        write(CONNECTIONS, file.text());
        return verified(result);
    }

    private ToolEnvelope removeEntity(String connectionName, String entityName) {
        ConnectionsFile file = connections();
        Optional<ConnectionsFile.Block> connection = file.connection(connectionName);
        Optional<ConnectionsFile.Block> existing = connection.flatMap(block -> file.entity(block, entityName));
        if (existing.isEmpty()) {
            return ToolEnvelope.failed(List.of(connection.isEmpty() ? missingConnection(connectionName)
                    : target("no entity '" + entityName + "' under connection '" + connectionName + "'",
                            "pz_project_overview lists the entities"))).applied(false);
        }
        file.removeEntity(connectionName, entityName);
        write(CONNECTIONS, file.text());
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("file", CONNECTIONS);
        result.put("connection", connectionName);
        result.put("entity", entityName);
        return verified(result);
    }

    private ToolEnvelope writePipeline(String name, String sql, String checksYaml) {
        if (!PIPELINE_NAME.matcher(name).matches()) {
            return ToolEnvelope.failed(List.of(unsafeName(name))).applied(false);
        }
        String sqlFile = "pipelines/" + name + ".sql";
        String normalized = sql.replace("\r\n", "\n").replace('\r', '\n');
        write(sqlFile, normalized.endsWith("\n") ? normalized : normalized + "\n");
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("sql_file", sqlFile);
        if (checksYaml != null) {
            String checksFile = "pipelines/configs/" + name + ".yml";
            write(checksFile, checksYaml);
            result.put("checks_file", checksFile);
        }
        return verified(result);
    }

    private ToolEnvelope removePipeline(String name) {
        Path sql = project.directory().resolve("pipelines").resolve(name + ".sql");
        if (!PIPELINE_NAME.matcher(name).matches()) {
            return ToolEnvelope.failed(List.of(unsafeName(name))).applied(false);
        }
        if (!Files.isRegularFile(sql)) {
            return ToolEnvelope.failed(List.of(target("no pipeline '" + name + "' (pipelines/" + name + ".sql)",
                    "pz_project_overview lists the pipelines"))).applied(false);
        }
        Path checks = project.directory().resolve("pipelines").resolve("configs").resolve(name + ".yml");
        boolean checksRemoved;
        try {
            Files.delete(sql);
            checksRemoved = Files.deleteIfExists(checks);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("sql_file", "pipelines/" + name + ".sql");
        result.put("checks_file_removed", checksRemoved);
        return verified(result);
    }

    /** The written change's envelope: {@code applied}, with what compile and offline validate found. */
    private ToolEnvelope verified(Map<String, Object> result) {
        ToolEnvelope check = verify.validate(false);
        return new ToolEnvelope(check.ok(), true, check.errors(), result);
    }

    private boolean isLocalfiles(String connection) {
        return ProjectOverview.connectorOf(project, connection).filter("localfiles"::equals).isPresent();
    }

    private ConnectionsFile connections() {
        Path file = project.directory().resolve(CONNECTIONS);
        try {
            return ConnectionsFile.parse(Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void write(String relative, String text) {
        Path file = project.directory().resolve(relative);
        try {
            Files.createDirectories(file.getParent());
            Path temporary = file.resolveSibling("." + file.getFileName() + ".pz-tmp");
            Files.writeString(temporary, text, StandardCharsets.UTF_8);
            Files.move(temporary, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isEmpty(Path directory) {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static PzError missingConnection(String name) {
        return target("no connection '" + name + "' in connections.yml", "pz_project_overview lists the connections");
    }

    private static PzError unsafeName(String name) {
        return target("'" + name + "' is not a valid pipeline name", "use letters, digits and _, starting with a "
                + "letter or _ (the file is pipelines/<name>.sql)");
    }

    private static PzError target(String message, String hint) {
        return PzError.of(PzCode.MCP_MUTATION_TARGET, message).withHint(hint);
    }
}
