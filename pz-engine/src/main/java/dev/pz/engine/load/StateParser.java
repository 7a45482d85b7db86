package dev.pz.engine.load;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.PzWarning;
import dev.pz.engine.model.SourceLocation;
import dev.pz.engine.model.StateConfig;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * project.yml {@code state:}: the backend and its keys, each resolved as
 * explicit project.yml key, else {@code PZ_STATE_*} environment variable, else default. Secrets that
 * have no YAML spelling ({@code PZ_STATE_CONNECTION_STRING}, {@code PZ_STATE_TOKEN}) land in the
 * settings as {@code connection_string} and {@code token}; no message ever echoes them.
 */
final class StateParser {
    static final List<String> BACKENDS = List.of("local", "sqlserver", "http", "postgres");
    private static final Map<String, List<String>> BACKEND_KEYS = Map.of(
            "local", List.of("backend"),
            "sqlserver", List.of("backend", "connection", "schema", "artifacts", "events"),
            "postgres", List.of("backend", "connection", "schema"),
            "http", List.of("backend", "url", "timeout_seconds", "artifacts", "events"));
    /** The state key the connection's options land under once {@code state.connection} is resolved. */
    public static final String CONNECTION_CONFIG = "connection_config";

    private final String file;
    private final Map<String, String> env;
    private final Problems problems;

    StateParser(String file, Map<String, String> env, Problems problems) {
        this.file = file;
        this.env = env;
        this.problems = problems;
    }

    StateConfig parse(YamlNode node) {
        YamlNode.Mapping state;
        if (node == null || node.isEmpty()) {
            state = new YamlNode.Mapping(Map.of(), 0);
        } else if (node instanceof YamlNode.Mapping mapping) {
            state = mapping;
        } else {
            error(PzCode.STATE_BACKEND_CONFIG_INVALID, "state must be a mapping.", node.line(),
                    "write e.g. state: {backend: local}");
            return StateConfig.local();
        }
        String backend;
        String source = "project.yml";
        boolean fromDefault = false;
        int backendLine = state.lineOf("backend");
        YamlNode backendNode = state.get("backend");
        if (backendNode != null && !backendNode.isEmpty()) {
            backend = backendNode instanceof YamlNode.Scalar scalar ? scalar.text() : backendNode.describe();
        } else if (env.get("PZ_STATE_BACKEND") != null && !env.get("PZ_STATE_BACKEND").isBlank()) {
            backend = env.get("PZ_STATE_BACKEND").trim();
            source = "PZ_STATE_BACKEND";
        } else {
            backend = "local";
            fromDefault = true;
        }
        if (!BACKENDS.contains(backend)) {
            error(PzCode.STATE_BACKEND_CONFIG_INVALID, "unknown state backend '" + backend
                    + "' (expected local, sqlserver, http or postgres).", backendLine,
                    NearMiss.didYouMean(backend, BACKENDS).orElse("set state.backend or PZ_STATE_BACKEND to local,"
                            + " sqlserver, http or postgres"));
            return StateConfig.local();
        }
        List<String> allowed = BACKEND_KEYS.get(backend);
        boolean valid = true;
        for (YamlNode.Entry entry : state.entries().values()) {
            if (!allowed.contains(entry.key())) {
                valid = false;
                error(PzCode.STATE_BACKEND_CONFIG_INVALID, "state key '" + entry.key()
                        + "' does not belong to backend '" + backend + "'.", entry.line(),
                        entry.key().equals("token") || entry.key().equals("connection_string")
                                ? "secrets have no YAML spelling: set PZ_STATE_" + entry.key().toUpperCase(Locale.ROOT)
                                + " in the environment"
                                : "backend '" + backend + "' accepts " + String.join(", ", allowed));
            }
        }
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put(StateConfig.SOURCE, source);
        switch (backend) {
            case "sqlserver" -> valid &= sqlServer(state, settings);
            case "postgres" -> valid &= database("postgres", state, settings);
            case "http" -> valid &= http(state, settings);
            default -> {
            }
        }
        if (!valid) {
            return StateConfig.local();
        }
        return new StateConfig(backend, settings, fromDefault);
    }

    /**
     * Resolves {@code state.connection} of a database backend to that connection's options (in the
     * returned config under {@link #CONNECTION_CONFIG}); {@code PZ0125} when it names no connection of the
     * backend's connector.
     */
    StateConfig resolveConnection(StateConfig state, YamlNode stateNode, Map<String, ConnectionDef> connections) {
        String backend = state.backend();
        if (!(backend.equals("sqlserver") || backend.equals("postgres"))
                || !(state.settings().get("connection") instanceof String name)) {
            return state;
        }
        int line = stateNode instanceof YamlNode.Mapping mapping ? mapping.lineOf("connection") : 0;
        ConnectionDef connection = connections.get(name);
        if (connection == null) {
            error(PzCode.STATE_CONNECTION_INVALID, "state.connection names connection '" + name
                    + "', which connections.yml does not declare.", line,
                    NearMiss.didYouMean(name, connections.keySet()).orElse("declare a 'connector: " + backend
                            + "' connection named '" + name + "' in connections.yml"));
            return state;
        }
        if (!backend.equals(connection.connector())) {
            error(PzCode.STATE_CONNECTION_INVALID, "state.connection names connection '" + name
                    + "', which uses connector '" + connection.connector() + "', not " + backend + ".", line,
                    "point state.connection at a 'connector: " + backend + "' connection");
            return state;
        }
        Map<String, Object> settings = new LinkedHashMap<>(state.settings());
        settings.put(CONNECTION_CONFIG, connection.config());
        return new StateConfig(backend, settings, state.fromDefault());
    }

    /**
     * {@code --state-url}: the http backend at {@code url}, whatever project.yml says, with the token
     * from {@code PZ_STATE_TOKEN}.
     */
    StateConfig stateUrl(String url) {
        URI uri = httpUri(url);
        if (uri == null) {
            problems.error(PzCode.STATE_CONNECTION_INVALID, "--state-url must be an absolute http(s) URL (got '" + url
                    + "').", null, "pass e.g. --state-url https://state.example.com/pz");
            return StateConfig.local();
        }
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("url", url);
        token(uri, settings);
        settings.put("artifacts", false);
        settings.put("events", false);
        settings.put(StateConfig.SOURCE, "--state-url");
        return new StateConfig("http", settings, false);
    }

    private boolean sqlServer(YamlNode.Mapping state, Map<String, Object> settings) {
        boolean valid = true;
        String connection = string(state, "connection", null);
        String connectionString = env.get("PZ_STATE_CONNECTION_STRING");
        if (connection == null && (connectionString == null || connectionString.isBlank())) {
            valid = false;
            error(PzCode.STATE_CONNECTION_INVALID, "state backend 'sqlserver' has no connection.", state.line(),
                    "set state.connection to a sqlserver connection, or export PZ_STATE_CONNECTION_STRING");
        }
        if (connection != null) {
            settings.put("connection", connection);
        } else if (connectionString != null && !connectionString.isBlank()) {
            settings.put("connection_string", connectionString);
        }
        String schema = string(state, "schema", "PZ_STATE_SCHEMA");
        settings.put("schema", schema == null ? "pz" : schema);
        Boolean artifacts = flag(state, "artifacts", "PZ_STATE_ARTIFACTS");
        Boolean events = flag(state, "events", "PZ_STATE_EVENTS");
        boolean artifactsOn = artifacts == null || artifacts;
        boolean eventsOn = events != null && events;
        if (eventsOn && !artifactsOn) {
            valid = false;
            error(PzCode.STATE_BACKEND_CONFIG_INVALID, "state.events: true needs state.artifacts: true.",
                    state.lineOf("events"), "events are stored with the run artifacts; enable artifacts or disable events");
        }
        settings.put("artifacts", artifactsOn);
        settings.put("events", eventsOn);
        return valid;
    }

    /** A database backend other than sqlserver: a connection (or PZ_STATE_CONNECTION_STRING) and a schema. */
    private boolean database(String backend, YamlNode.Mapping state, Map<String, Object> settings) {
        boolean valid = true;
        String connection = string(state, "connection", null);
        String connectionString = env.get("PZ_STATE_CONNECTION_STRING");
        if (connection != null) {
            settings.put("connection", connection);
        } else if (connectionString != null && !connectionString.isBlank()) {
            settings.put("connection_string", connectionString.trim());
        } else {
            valid = false;
            error(PzCode.STATE_CONNECTION_INVALID, "state backend '" + backend + "' has no connection.", state.line(),
                    "set state.connection to a " + backend + " connection, or export PZ_STATE_CONNECTION_STRING");
        }
        String schema = string(state, "schema", "PZ_STATE_SCHEMA");
        settings.put("schema", schema == null ? "pz" : schema);
        return valid;
    }

    private boolean http(YamlNode.Mapping state, Map<String, Object> settings) {
        boolean valid = true;
        String url = string(state, "url", "PZ_STATE_URL");
        URI uri = url == null ? null : httpUri(url);
        if (uri == null) {
            valid = false;
            error(PzCode.STATE_CONNECTION_INVALID, url == null ? "state backend 'http' has no url."
                    : "state.url must be an absolute http(s) URL (got '" + url + "').", state.lineOf("url"),
                    "set state.url or PZ_STATE_URL, e.g. https://state.example.com/pz");
        } else {
            settings.put("url", url);
        }
        token(uri, settings);
        Object timeout = state.get("timeout_seconds") != null && !state.get("timeout_seconds").isEmpty()
                ? state.get("timeout_seconds").toPlain() : envNumber("PZ_STATE_TIMEOUT_SECONDS");
        if (timeout != null) {
            Integer seconds = Values.asIntIn(timeout, 1, Integer.MAX_VALUE).orElse(null);
            if (seconds == null) {
                valid = false;
                error(PzCode.STATE_BACKEND_CONFIG_INVALID, "state.timeout_seconds must be an integer >= 1 (got "
                        + Values.describe(timeout) + ").", state.lineOf("timeout_seconds"), null);
            } else {
                settings.put("timeout_seconds", seconds);
            }
        }
        for (String key : List.of("artifacts", "events")) {
            Boolean value = flag(state, key, "PZ_STATE_" + key.toUpperCase(Locale.ROOT));
            if (value != null && value) {
                valid = false;
                error(PzCode.STATE_BACKEND_CONFIG_INVALID, "state." + key + ": true is not supported by backend 'http'.",
                        state.lineOf(key), "the http backend stores keyed state only; use backend sqlserver for " + key);
            }
            settings.put(key, false);
        }
        return valid;
    }

    /** {@code PZ_STATE_TOKEN} into {@code settings}; warns (PZ0530) when it would travel over plain http. */
    private void token(URI uri, Map<String, Object> settings) {
        String token = env.get("PZ_STATE_TOKEN");
        if (token != null && !token.isBlank()) {
            settings.put("token", token);
            if (uri != null && "http".equalsIgnoreCase(uri.getScheme()) && !isLoopback(uri.getHost())) {
                problems.warning(new PzWarning(PzCode.HTTP_STATE_TOKEN_OVER_INSECURE_URL,
                        "the state token is sent over plain http to " + uri.getHost(), file,
                        "use an https:// state URL"));
            }
        }
    }

    /** {@code url} as an absolute http(s) URI with a host; null when it is not one. */
    private static URI httpUri(String url) {
        try {
            URI uri = new URI(url);
            return uri.isAbsolute() && uri.getHost() != null
                    && ("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme())) ? uri : null;
        } catch (URISyntaxException invalid) {
            return null;
        }
    }

    private Object envNumber(String name) {
        String text = env.get(name);
        if (text == null || text.isBlank()) {
            return null;
        }
        Object typed = YamlReader.typePlain(text.trim());
        return typed;
    }

    private String string(YamlNode.Mapping state, String key, String envName) {
        YamlNode node = state.get(key);
        if (node != null && !node.isEmpty()) {
            if (node instanceof YamlNode.Scalar scalar) {
                return scalar.text();
            }
            error(PzCode.STATE_BACKEND_CONFIG_INVALID, "state." + key + " must be a single value.", state.lineOf(key), null);
            return null;
        }
        String value = envName == null ? null : env.get(envName);
        return value == null || value.isBlank() ? null : value;
    }

    private Boolean flag(YamlNode.Mapping state, String key, String envName) {
        YamlNode node = state.get(key);
        if (node != null && !node.isEmpty()) {
            if (node.toPlain() instanceof Boolean value) {
                return value;
            }
            error(PzCode.STATE_BACKEND_CONFIG_INVALID, "state." + key + " must be true or false.", state.lineOf(key), null);
            return null;
        }
        String text = env.get(envName);
        if (text == null || text.isBlank()) {
            return null;
        }
        if (text.trim().equalsIgnoreCase("true") || text.trim().equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(text.trim());
        }
        error(PzCode.STATE_BACKEND_CONFIG_INVALID, envName + " must be true or false.", 0,
                "unset " + envName + " or set it to true or false");
        return null;
    }

    private static boolean isLoopback(String host) {
        String lower = host.toLowerCase(Locale.ROOT);
        return lower.equals("localhost") || lower.startsWith("127.") || lower.equals("[::1]") || lower.equals("::1");
    }

    private void error(PzCode code, String message, int line, String hint) {
        problems.error(code, file + ": " + message, new SourceLocation(file, line), hint);
    }
}
