package dev.pz.temporal;

import dev.pz.cli.Console;
import dev.pz.cli.PzCommandLine;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testserver.TestServer;
import java.io.IOException;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;

/**
 * Temporal's in-process test server from {@code temporal-testing}, bound to a loopback port so worker
 * processes reach it over real gRPC, in real time (no time skipping), plus a client for reading
 * workflow histories.
 */
final class TemporalTestServer implements AutoCloseable {
    private final TestServer.PortBoundTestServer server;
    private final WorkflowServiceStubs service;
    private final String target;

    private TemporalTestServer(TestServer.PortBoundTestServer server, String target) {
        this.server = server;
        this.target = target;
        this.service = WorkflowServiceStubs.newServiceStubs(WorkflowServiceStubsOptions.newBuilder().setTarget(target)
                .build());
    }

    static TemporalTestServer start() throws IOException {
        int port = freePort();
        return new TemporalTestServer(TestServer.createPortBoundServer(port, true), "127.0.0.1:" + port);
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    String target() {
        return target;
    }

    List<HistoryEvent> history(String workflowId) {
        return WorkflowClient.newInstance(service).fetchHistory(workflowId).getHistory().getEventsList();
    }

    /** {@code pz <args>} in this JVM. */
    static CliResult pz(String... args) {
        return pz(System.getenv(), args);
    }

    /** {@code pz <args>} in this JVM, seeing {@code environment} as its environment variables. */
    static CliResult pz(Map<String, String> environment, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = PzCommandLine.create(Console.of(out, err, environment), args).execute(args);
        return new CliResult(code, out.toString(), err.toString());
    }

    record CliResult(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    @Override
    public void close() {
        service.shutdownNow();
        server.close();
    }
}
