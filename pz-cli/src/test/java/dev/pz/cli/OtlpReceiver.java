package dev.pz.cli;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

/**
 * An OTLP/HTTP trace receiver in the test JVM: accepts {@code POST /v1/traces} with a protobuf
 * {@code ExportTraceServiceRequest}, as a collector does, and keeps every span it decoded with its
 * resource and instrumentation scope.
 */
final class OtlpReceiver implements AutoCloseable {

    /** One received span, ids as lowercase hex. */
    record Received(String name, String traceId, String spanId, String parentSpanId, Map<String, String> attributes,
            int statusCode, String statusMessage, Map<String, String> resource, String scope, long startNanos,
            long endNanos) {
    }

    private final HttpServer server;
    private final List<Received> spans = new ArrayList<>();
    private final List<String> paths = new ArrayList<>();
    private final List<String> encodings = new ArrayList<>();
    private final List<Integer> bodySizes = new ArrayList<>();
    private final List<String> authorizations = new ArrayList<>();
    private final List<Integer> spansPerRequest = new ArrayList<>();

    private OtlpReceiver(HttpServer server) {
        this.server = server;
    }

    static OtlpReceiver start() throws IOException {
        return start(200);
    }

    /** A receiver that answers every export with {@code status} (a collector refusing with 413, say). */
    static OtlpReceiver start(int status) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        OtlpReceiver receiver = new OtlpReceiver(server);
        server.createContext("/", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                String encoding = exchange.getRequestHeaders().getFirst("Content-Encoding");
                byte[] bytes = "gzip".equals(encoding) ? new GZIPInputStream(body).readAllBytes() : body.readAllBytes();
                receiver.record(exchange.getRequestURI().getPath(), exchange.getRequestHeaders()
                        .getFirst("Content-Type"), encoding, exchange.getRequestHeaders().getFirst("Authorization"),
                        bytes);
                byte[] reply = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
                exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(status, reply.length == 0 ? -1 : reply.length);
                exchange.getResponseBody().write(reply);
            } finally {
                exchange.close();
            }
        });
        server.start();
        return receiver;
    }

    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    synchronized List<Received> spans() {
        return List.copyOf(spans);
    }

    synchronized List<String> paths() {
        return List.copyOf(paths);
    }

    /** The Content-Encoding of every request, in arrival order ("null" when none was sent). */
    synchronized List<String> encodings() {
        return List.copyOf(encodings);
    }

    /** The size of every request's protobuf body, uncompressed, in arrival order. */
    synchronized List<Integer> bodySizes() {
        return List.copyOf(bodySizes);
    }

    /** How many spans every request carried, in arrival order. */
    synchronized List<Integer> spansPerRequest() {
        return List.copyOf(spansPerRequest);
    }

    /** The Authorization header of every request, in arrival order ("null" when none was sent). */
    synchronized List<String> authorizations() {
        return List.copyOf(authorizations);
    }

    private synchronized void record(String path, String contentType, String encoding, String authorization,
            byte[] body) throws IOException {
        paths.add(path + " " + contentType);
        authorizations.add(String.valueOf(authorization));
        encodings.add(String.valueOf(encoding));
        bodySizes.add(body.length);
        int before = spans.size();
        ExportTraceServiceRequest request = ExportTraceServiceRequest.parseFrom(body);
        for (ResourceSpans resourceSpans : request.getResourceSpansList()) {
            Map<String, String> resource = attributes(resourceSpans.getResource());
            for (ScopeSpans scopeSpans : resourceSpans.getScopeSpansList()) {
                for (Span span : scopeSpans.getSpansList()) {
                    spans.add(new Received(span.getName(), hex(span.getTraceId().toByteArray()),
                            hex(span.getSpanId().toByteArray()), hex(span.getParentSpanId().toByteArray()),
                            attributes(span.getAttributesList()), span.getStatus().getCodeValue(),
                            span.getStatus().getMessage(), resource, scopeSpans.getScope().getName(),
                            span.getStartTimeUnixNano(), span.getEndTimeUnixNano()));
                }
            }
        }
        spansPerRequest.add(spans.size() - before);
    }

    private static Map<String, String> attributes(Resource resource) {
        return attributes(resource.getAttributesList());
    }

    private static Map<String, String> attributes(List<KeyValue> values) {
        Map<String, String> map = new TreeMap<>();
        for (KeyValue value : values) {
            AnyValue any = value.getValue();
            map.put(value.getKey(), any.hasStringValue() ? any.getStringValue()
                    : any.hasIntValue() ? Long.toString(any.getIntValue()) : any.toString());
        }
        return map;
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
