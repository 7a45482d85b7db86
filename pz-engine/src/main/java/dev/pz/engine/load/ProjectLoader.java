package dev.pz.engine.load;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.PipelineDef;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.PzWarning;
import dev.pz.engine.model.SidecarDef;
import dev.pz.engine.model.SourceLocation;
import dev.pz.engine.model.StateConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Loads a pz project directory: project.yml, connections.yml,
 * {@code pipelines/**}{@code /*.sql} and {@code pipelines/configs/*.yml}. One pass finds every
 * problem; errors are thrown together, warnings travel in {@link Project#warnings()}.
 */
public final class ProjectLoader {
    private static final String PIPELINES = "pipelines";
    private static final String CONFIGS = "configs";

    private ProjectLoader() {
    }

    /**
     * @param projectDirectory the directory holding project.yml
     * @param env the environment snapshot used for {@code ${VAR}}
     * @param varOverrides parsed {@code --vars} (may be empty); they replace project vars key by key
     * @throws PzValidationException every error of the pass, sorted by file, line and discovery order
     */
    public static Project load(Path projectDirectory, Map<String, String> env, Map<String, Object> varOverrides) {
        Path directory = projectDirectory.toAbsolutePath().normalize();
        Problems problems = new Problems();
        Path projectFile = directory.resolve(ProjectFileParser.FILE);
        if (!Files.isRegularFile(projectFile)) {
            throw new PzValidationException(List.of(new PzError(PzCode.YAML_SHAPE, "project.yml is missing.", null, 0,
                    "run pz from a project directory (or pass --project <dir>), or create one with 'pz init <name>'")));
        }
        warnYamlExtension(directory, "project.yaml", problems);
        warnYamlExtension(directory, "connections.yaml", problems);

        ProjectFileParser.Settings settings = null;
        Optional<YamlNode.Mapping> projectRoot = readYaml(directory, ProjectFileParser.FILE, problems);
        if (projectRoot.isPresent()) {
            settings = new ProjectFileParser(env, problems).parse(projectRoot.get(), varOverrides);
        }

        Map<String, ConnectionDef> connections = new LinkedHashMap<>();
        if (Files.isRegularFile(directory.resolve(ConnectionsParser.FILE))) {
            readYaml(directory, ConnectionsParser.FILE, problems)
                    .ifPresent(root -> connections.putAll(new ConnectionsParser(env, problems).parse(root)));
        }
        StateConfig state = settings == null ? null : new StateParser(ProjectFileParser.FILE, env, problems)
                .resolveConnection(settings.state(), settings.stateNode(), connections);

        reportRetiredDirectory(directory, "sources", false, problems);
        reportRetiredDirectory(directory, "sinks", true, problems);
        List<PipelineDef> pipelines = loadPipelines(directory, problems);

        problems.throwIfErrors();
        return new Project(directory, settings.name(), settings.version(), settings.connectors(),
                settings.repositories(), settings.vars(),
                settings.engine(), settings.retention(), state, settings.onSourceDrift(), connections,
                pipelines, problems.warnings(), settings.scaleOut());
    }

    /**
     * Reads only project.yml's {@code state:} block, for the management verbs ({@code pz clean},
     * {@code pz state}, {@code pz runs}) that must work even when the rest of the project is broken.
     *
     * @throws PzValidationException when project.yml is missing or unreadable, or {@code state:} is invalid
     */
    public static StateConfig loadStateConfig(Path projectDirectory, Map<String, String> env) {
        Path directory = projectDirectory.toAbsolutePath().normalize();
        if (!Files.isRegularFile(directory.resolve(ProjectFileParser.FILE))) {
            throw new PzValidationException(List.of(new PzError(PzCode.YAML_SHAPE, "project.yml is missing.", null, 0,
                    "run pz from a project directory (or pass --project <dir>), or create one with 'pz init <name>'")));
        }
        Problems problems = new Problems();
        StateParser parser = new StateParser(ProjectFileParser.FILE, env, problems);
        Optional<YamlNode.Mapping> root = readYaml(directory, ProjectFileParser.FILE, problems);
        StateConfig state = root.map(yaml -> parser.parse(yaml.get("state"))).orElse(StateConfig.local());
        if (state.settings().containsKey("connection") && Files.isRegularFile(directory.resolve(ConnectionsParser.FILE))) {
            // Only the state connection matters here: problems elsewhere in connections.yml never block these verbs.
            Problems elsewhere = new Problems();
            Map<String, ConnectionDef> connections = readYaml(directory, ConnectionsParser.FILE, elsewhere)
                    .map(yaml -> new ConnectionsParser(env, elsewhere).parse(yaml)).orElse(Map.of());
            state = parser.resolveConnection(state, root.get().get("state"), connections);
        }
        problems.throwIfErrors();
        return state;
    }

    /**
     * {@code --state-url}: the http state backend at {@code url}, replacing project.yml's {@code state:}.
     *
     * @throws PzValidationException {@code PZ0125} when {@code url} is not an absolute http(s) URL
     */
    public static StateConfig stateUrl(String url, Map<String, String> env) {
        Problems problems = new Problems();
        StateConfig state = new StateParser("--state-url", env, problems).stateUrl(url);
        problems.throwIfErrors();
        return state;
    }

    private static List<PipelineDef> loadPipelines(Path directory, Problems problems) {
        Path pipelinesDir = directory.resolve(PIPELINES);
        Map<String, String> sqlByName = new LinkedHashMap<>();
        Map<String, String> fileByName = new LinkedHashMap<>();
        Map<String, String> fileByFoldedName = new LinkedHashMap<>();
        for (Path path : walk(pipelinesDir)) {
            String file = relative(directory, path);
            Path inside = pipelinesDir.relativize(path);
            boolean underConfigs = false;
            for (int i = 0; i < inside.getNameCount() - 1; i++) {
                underConfigs |= inside.getName(i).toString().equals(CONFIGS);
            }
            String fileName = path.getFileName().toString();
            if (underConfigs || !fileName.endsWith(".sql")) {
                continue;
            }
            String name = fileName.substring(0, fileName.length() - ".sql".length());
            if (!Identifiers.isIdentifier(name)) {
                String suggestion = Identifiers.suggestRename(name);
                problems.error(PzCode.INVALID_IDENTIFIER_NAME, "pipeline file name '" + name
                        + "' is not a valid identifier.", SourceLocation.file(file), "rename it to '" + suggestion
                                + ".sql' (pipeline names match [A-Za-z_][A-Za-z0-9_]*)");
                continue;
            }
            String clash = fileByFoldedName.putIfAbsent(name.toLowerCase(Locale.ROOT), file);
            if (clash != null) {
                problems.error(PzCode.DUPLICATE_NAME, "two pipelines are named '" + name + "': " + clash + " and " + file
                        + ".", SourceLocation.file(file), "pipeline names are unique across all folders of pipelines/"
                                + " (ignoring case); rename one of the files");
                continue;
            }
            String sql = ProjectFiles.read(path, file, PzCode.TEMPLATE_ERROR, problems);
            if (sql != null) {
                sqlByName.put(name, sql);
                fileByName.put(name, file);
            }
        }
        Map<String, SidecarDef> sidecars = loadSidecars(directory, pipelinesDir.resolve(CONFIGS), fileByName, problems);
        List<PipelineDef> pipelines = new ArrayList<>();
        sqlByName.forEach((name, sql) -> pipelines.add(new PipelineDef(name, fileByName.get(name), sql, sidecars.get(name))));
        pipelines.sort(Comparator.comparing(PipelineDef::name));
        return pipelines;
    }

    private static Map<String, SidecarDef> loadSidecars(Path directory, Path configs, Map<String, String> pipelines,
            Problems problems) {
        Map<String, SidecarDef> sidecars = new LinkedHashMap<>();
        if (!Files.isDirectory(configs)) {
            return sidecars;
        }
        List<Path> files;
        try (Stream<Path> listing = Files.list(configs)) {
            files = listing.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Path path : files) {
            String file = relative(directory, path);
            String fileName = path.getFileName().toString();
            if (fileName.endsWith(".yaml")) {
                warnYamlExtension(directory, file, problems);
                continue;
            }
            if (!fileName.endsWith(".yml")) {
                continue;
            }
            Optional<YamlNode.Mapping> root = readYaml(directory, file, problems);
            if (root.isEmpty()) {
                continue;
            }
            Optional<SidecarDef> parsed = SidecarParser.parse(root.get(), file, problems);
            if (parsed.isEmpty()) {
                continue;
            }
            SidecarDef sidecar = parsed.get();
            SourceLocation at = new SourceLocation(file, root.get().lineOf("pipeline"));
            if (!pipelines.containsKey(sidecar.pipeline())) {
                problems.error(PzCode.SIDECAR_UNKNOWN_PIPELINE, file + " configures pipeline '" + sidecar.pipeline()
                        + "', but there is no pipelines/**/" + sidecar.pipeline() + ".sql.", at,
                        NearMiss.didYouMean(sidecar.pipeline(), pipelines.keySet()).orElse(
                                "set pipeline: to the file stem of an existing .sql pipeline, or delete the sidecar"));
            } else if (sidecars.containsKey(sidecar.pipeline())) {
                problems.error(PzCode.DUPLICATE_NAME, file + " configures pipeline '" + sidecar.pipeline() + "', which "
                        + sidecars.get(sidecar.pipeline()).file() + " already configures.", at,
                        "keep one sidecar per pipeline");
            } else {
                sidecars.put(sidecar.pipeline(), sidecar);
            }
        }
        return sidecars;
    }

    private static void reportRetiredDirectory(Path directory, String name, boolean sink, Problems problems) {
        Path retired = directory.resolve(name);
        if (!Files.isDirectory(retired)) {
            return;
        }
        for (Path path : walk(retired)) {
            String file = relative(directory, path);
            String text = null;
            try {
                text = Files.size(path) > ProjectFiles.MAX_BYTES ? null
                        : stripBom(Files.readString(path, StandardCharsets.UTF_8));
            } catch (IOException unreadable) {
                text = null;
            }
            RetiredLayout.report(file, text, sink, problems);
        }
    }

    private static void warnYamlExtension(Path directory, String file, Problems problems) {
        if (Files.isRegularFile(directory.resolve(file))) {
            String expected = file.substring(0, file.length() - ".yaml".length()) + ".yml";
            problems.warning(new PzWarning(PzCode.YAML_EXTENSION_IGNORED,
                    file + " is ignored: pz reads only .yml files here", file, "rename it to " + expected));
        }
    }

    private static Optional<YamlNode.Mapping> readYaml(Path directory, String file, Problems problems) {
        String text = ProjectFiles.read(directory.resolve(file), file, PzCode.YAML_SHAPE, problems);
        return text == null ? Optional.empty() : YamlReader.readRoot(text, file, problems);
    }

    private static String stripBom(String text) {
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** Regular files below {@code root}, sorted by path; none when it does not exist. */
    private static List<Path> walk(Path root) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String relative(Path directory, Path path) {
        return directory.relativize(path).toString().replace('\\', '/');
    }
}
