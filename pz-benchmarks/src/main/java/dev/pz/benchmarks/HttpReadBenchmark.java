package dev.pz.benchmarks;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.sun.net.httpserver.HttpServer;
import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.http.HttpConnector;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The http connector reading {@value #PAGES} pages of {@value #PAGE_ROWS} records (5 fields each)
 * from a loopback server, page-number pagination, into Arrow: with a {@code columns:} contract and
 * raw. The floor is the least any reader must do: fetch the same pages with the same client and
 * walk every JSON token. Score: records/s.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class HttpReadBenchmark {
    static final int PAGES = 50;
    static final int PAGE_ROWS = 2_000;
    private static final int RECORDS = PAGES * PAGE_ROWS;

    private HttpServer server;
    private BufferAllocator allocator;
    private HttpClient client;
    private Source source;
    private String base;

    @Setup(Level.Trial)
    public void start() throws Exception {
        byte[][] pages = new byte[PAGES + 1][];
        for (int page = 0; page < PAGES; page++) {
            StringBuilder json = new StringBuilder("{\"data\":[");
            for (int row = 0; row < PAGE_ROWS; row++) {
                long id = (long) page * PAGE_ROWS + row;
                json.append(row == 0 ? "" : ",").append("{\"id\":").append(id).append(",\"customer\":\"customer-")
                        .append(id % 997).append("\",\"amount\":").append(id % 10_000 / 100.0)
                        .append(",\"paid\":").append(id % 3 == 0).append(",\"updated_at\":\"2026-03-")
                        .append(String.format("%02d", 1 + id % 28)).append("T10:00:00Z\",\"extra\":{\"tags\":[1,2]}}");
            }
            pages[page] = json.append("]}").toString().getBytes(StandardCharsets.UTF_8);
        }
        pages[PAGES] = "{\"data\":[]}".getBytes(StandardCharsets.UTF_8);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(2));
        server.createContext("/items", exchange -> {
            String query = exchange.getRequestURI().getQuery();
            int page = Math.min(PAGES, Integer.parseInt(query.substring(query.indexOf("page=") + 5)) - 1);
            exchange.sendResponseHeaders(200, pages[page].length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(pages[page]);
            }
        });
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
        allocator = new RootAllocator();
        client = HttpClient.newHttpClient();
        source = new HttpConnector().openSource(new ConnectorConfig("api", Map.of("base_url", base))).orElseThrow();
    }

    @TearDown(Level.Trial)
    public void stop() {
        source.close();
        allocator.close();
        server.stop(0);
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public long floorFetchAndTokenize() throws Exception {
        JsonFactory factory = new JsonFactory();
        long tokens = 0;
        for (int page = 1; page <= PAGES + 1; page++) {
            byte[] body = client.send(HttpRequest.newBuilder(URI.create(base + "items?page=" + page)).build(),
                    HttpResponse.BodyHandlers.ofByteArray()).body();
            try (JsonParser parser = factory.createParser(body)) {
                for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                    tokens++;
                }
            }
        }
        return tokens;
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public long contractColumns() throws Exception {
        Map<String, String> columns = new LinkedHashMap<>();
        columns.put("id", "bigint");
        columns.put("customer", "varchar");
        columns.put("amount", "double");
        columns.put("paid", "boolean");
        columns.put("updated_at", "timestamp");
        return read(DatasetSpec.of("api", "items", options(), columns));
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public long rawPayload() throws Exception {
        return read(DatasetSpec.of("api", "items", options(), null));
    }

    private static Map<String, Object> options() {
        return Map.of("path", "/items", "items", "/data", "pagination", Map.of("strategy", "page"));
    }

    private long read(DatasetSpec spec) throws Exception {
        long rows = 0;
        try (ArrowReader reader = source.planRead(spec, ReadHints.none()).get(0).open(allocator,
                BatchOptions.defaults())) {
            while (reader.loadNextBatch()) {
                rows += reader.getVectorSchemaRoot().getRowCount();
            }
        }
        if (rows != RECORDS) {
            throw new IllegalStateException("read " + rows + " records, expected " + RECORDS);
        }
        return rows;
    }
}
