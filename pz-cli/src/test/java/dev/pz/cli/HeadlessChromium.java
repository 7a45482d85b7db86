package dev.pz.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Debian's headless Chromium driven over the DevTools protocol from the JDK's own WebSocket
 * client: open a page, collect what it reports as errors (uncaught exceptions, console errors, log
 * errors such as a blocked resource), evaluate script in it, and take a full-page screenshot. Every
 * wait is bounded by the protocol's own answer or event (a minute at most, as a guard).
 */
final class HeadlessChromium implements AutoCloseable {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final long TIMEOUT_SECONDS = 60;

    private final Process process;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final Map<String, CompletableFuture<JsonNode>> awaited = new ConcurrentHashMap<>();
    private final List<String> errors = java.util.Collections.synchronizedList(new ArrayList<>());
    private final List<String> requests = java.util.Collections.synchronizedList(new ArrayList<>());
    private String session;

    private HeadlessChromium(Process process, WebSocket socket) {
        this.process = process;
        this.socket = socket;
    }

    /** Debian's Chromium ({@code PZ_CHROMIUM} names another); see {@link RequiredTools}. */
    static Path require() {
        return RequiredTools.require("chromium", "PZ_CHROMIUM");
    }

    static HeadlessChromium start(Path executable, Path profile) throws Exception {
        Process process = new ProcessBuilder(executable.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", "--user-data-dir=" + profile, "--remote-debugging-port=0",
                "about:blank").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader stderr = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                    StandardCharsets.UTF_8));
            String endpoint = null;
            for (String line = stderr.readLine(); line != null; line = stderr.readLine()) {
                int at = line.indexOf("DevTools listening on ");
                if (at >= 0) {
                    endpoint = line.substring(at + "DevTools listening on ".length()).trim();
                    break;
                }
            }
            if (endpoint == null) {
                throw new IllegalStateException("Chromium ended without opening its DevTools endpoint");
            }
            Thread drain = new Thread(() -> stderr.lines().forEach(ignored -> { }), "chromium-stderr");
            drain.setDaemon(true);
            drain.start();
            HeadlessChromium[] self = new HeadlessChromium[1];
            WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder()
                    .buildAsync(URI.create(endpoint), new Listener(message -> self[0].receive(message)))
                    .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            self[0] = new HeadlessChromium(process, socket);
            return self[0];
        } catch (Exception e) {
            process.destroyForcibly();
            throw e;
        }
    }

    /** Opens {@code page} in a new tab with a {@code width}×{@code height} viewport and waits for its load event. */
    void open(Path page, int width, int height) throws Exception {
        String target = call(null, "Target.createTarget", Map.of("url", "about:blank")).get("targetId").asText();
        session = call(null, "Target.attachToTarget", Map.of("targetId", target, "flatten", true)).get("sessionId")
                .asText();
        call(session, "Runtime.enable", Map.of());
        call(session, "Log.enable", Map.of());
        call(session, "Page.enable", Map.of());
        call(session, "Network.enable", Map.of());
        call(session, "Emulation.setDeviceMetricsOverride", Map.of("width", width, "height", height,
                "deviceScaleFactor", 1, "mobile", width < 600));
        CompletableFuture<JsonNode> loaded = awaitEvent("Page.loadEventFired");
        JsonNode navigation = call(session, "Page.navigate", Map.of("url", page.toUri().toString()));
        if (navigation.hasNonNull("errorText")) {
            throw new IllegalStateException("Chromium could not open " + page + ": " + navigation.get("errorText"));
        }
        loaded.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /** Emulates print media, so a screenshot shows the page as it prints. */
    void emulatePrint() throws Exception {
        call(session, "Emulation.setEmulatedMedia", Map.of("media", "print"));
    }

    /** The value of a script expression in the page (JSON-serialisable results only). */
    JsonNode evaluate(String expression) throws Exception {
        JsonNode result = call(session, "Runtime.evaluate", Map.of("expression", expression, "returnByValue", true));
        if (result.has("exceptionDetails")) {
            throw new AssertionError("script failed in the page: " + result.get("exceptionDetails"));
        }
        return result.path("result").path("value");
    }

    /** Everything the page reported as an error so far: exceptions, console.error calls, error log entries. */
    List<String> errors() {
        synchronized (errors) {
            return List.copyOf(errors);
        }
    }

    /** The URL of every request the page made, its own included. */
    List<String> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    /** A PNG of the whole page, beyond the viewport. */
    void screenshot(Path file) throws Exception {
        JsonNode shot = call(session, "Page.captureScreenshot", Map.of("format", "png", "captureBeyondViewport", true));
        Files.createDirectories(file.getParent());
        Files.write(file, Base64.getDecoder().decode(shot.get("data").asText()));
    }

    @Override
    public void close() throws Exception {
        try {
            call(null, "Browser.close", Map.of());
        } catch (Exception ignored) {
            // The browser may already be gone; the process is ended below either way.
        }
        socket.abort();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
        }
    }

    private CompletableFuture<JsonNode> awaitEvent(String method) {
        CompletableFuture<JsonNode> event = new CompletableFuture<>();
        awaited.put(method, event);
        return event;
    }

    private JsonNode call(String sessionId, String method, Map<String, Object> params) throws Exception {
        int id = ids.incrementAndGet();
        ObjectNode message = MAPPER.createObjectNode();
        message.put("id", id);
        message.put("method", method);
        message.set("params", MAPPER.valueToTree(params));
        if (sessionId != null) {
            message.put("sessionId", sessionId);
        }
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        socket.sendText(MAPPER.writeValueAsString(message), true).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        JsonNode reply = answer.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (reply.has("error")) {
            throw new IllegalStateException(method + " failed: " + reply.get("error"));
        }
        return reply.path("result");
    }

    private void receive(String text) {
        JsonNode message;
        try {
            message = MAPPER.readTree(text);
        } catch (IOException e) {
            errors.add("unreadable DevTools message: " + e.getMessage());
            return;
        }
        if (message.has("id")) {
            CompletableFuture<JsonNode> answer = pending.remove(message.get("id").asInt());
            if (answer != null) {
                answer.complete(message);
            }
            return;
        }
        String method = message.path("method").asText();
        JsonNode params = message.path("params");
        switch (method) {
            case "Runtime.exceptionThrown" -> errors.add("exception: " + params.path("exceptionDetails"));
            case "Runtime.consoleAPICalled" -> {
                String type = params.path("type").asText();
                if (type.equals("error") || type.equals("assert")) {
                    errors.add("console." + type + ": " + params.path("args"));
                }
            }
            case "Log.entryAdded" -> {
                if (params.path("entry").path("level").asText().equals("error")) {
                    errors.add("log: " + params.path("entry").path("text").asText() + " "
                            + params.path("entry").path("url").asText());
                }
            }
            case "Network.requestWillBeSent" -> requests.add(params.path("request").path("url").asText());
            default -> {
            }
        }
        CompletableFuture<JsonNode> event = awaited.remove(method);
        if (event != null) {
            event.complete(params);
        }
    }

    /** Joins a text message's fragments and hands each whole message on. */
    private static final class Listener implements WebSocket.Listener {
        private final java.util.function.Consumer<String> sink;
        private final StringBuilder partial = new StringBuilder();

        Listener(java.util.function.Consumer<String> sink) {
            this.sink = sink;
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String message = partial.toString();
                partial.setLength(0);
                sink.accept(message);
            }
            webSocket.request(1);
            return null;
        }
    }
}
