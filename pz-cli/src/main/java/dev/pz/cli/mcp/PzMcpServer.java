package dev.pz.cli.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * {@code pz mcp}: pz as an MCP server over stdio, on the MCP Java SDK. The introspect, docs, verify
 * and author tools are always listed; the execute tools only with {@code allowRun}. Every tool
 * answers one text block holding its {@link ToolEnvelope}; a call whose arguments do not fit the
 * tool's inputs is an invalid-params error instead. The server ends when its input closes.
 */
public final class PzMcpServer {
    private final List<PzTool> tools;
    private final String version;

    private PzMcpServer(List<PzTool> tools, String version) {
        this.tools = List.copyOf(tools);
        this.version = version;
    }

    /**
     * @param directory the project the tools work on (it may not exist yet: pz_init_project makes it)
     * @param environment the environment snapshot (for {@code ${VAR}}, {@code env()} and {@code PZ_DOCS_URL})
     */
    public static PzMcpServer create(Path directory, Map<String, String> environment, String version,
            boolean allowRun, ProjectInitializer initializer) {
        McpProject project = new McpProject(directory, environment, version);
        List<PzTool> tools = new ArrayList<>();
        tools.add(new ProjectOverview(project).tool());
        tools.addAll(new IntrospectTools(project).tools());
        tools.addAll(new DocsTools(DocsSource.of(environment)).tools());
        tools.addAll(new VerifyTools(project).tools());
        tools.addAll(new AuthorTools(project, initializer).tools());
        if (allowRun) {
            tools.addAll(new ExecuteTools(project).tools());
        }
        return new PzMcpServer(tools, version);
    }

    /** Serves MCP on {@code in}/{@code out} until {@code in} ends. */
    public void serve(InputStream in, OutputStream out) {
        CountDownLatch ended = new CountDownLatch(1);
        StdioServerTransportProvider transport = new StdioServerTransportProvider(
                new JacksonMcpJsonMapper(new ObjectMapper()), new FilterInputStream(in) {
                    @Override
                    public int read(byte[] buffer, int offset, int length) throws IOException {
                        int read = super.read(buffer, offset, length);
                        if (read < 0) {
                            ended.countDown();
                        }
                        return read;
                    }

                    @Override
                    public int read() throws IOException {
                        int read = super.read();
                        if (read < 0) {
                            ended.countDown();
                        }
                        return read;
                    }
                }, out);
        McpSyncServer server = McpServer.sync(transport).serverInfo("pz", version)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(tools.stream().map(PzMcpServer::specification).toList()).build();
        try {
            ended.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            server.closeGracefully();
        }
    }

    private static McpServerFeatures.SyncToolSpecification specification(PzTool tool) {
        return McpServerFeatures.SyncToolSpecification.builder().tool(tool.protocolTool())
                .callHandler((exchange, request) -> call(tool, request.arguments())).build();
    }

    /** One call: arguments checked (invalid params propagate as a protocol error), then the tool's envelope. */
    static McpSchema.CallToolResult call(PzTool tool, Map<String, Object> arguments) {
        ToolArguments checked = ToolArguments.check(tool.name(), tool.inputs(), arguments);
        try {
            return result(tool.handler().call(checked), false);
        } catch (McpError e) {
            throw e;
        } catch (RuntimeException e) {
            PzError defect = PzError.of(PzCode.MCP_TOOL_FAILED, "'" + tool.name() + "' failed: "
                    + e.getClass().getSimpleName() + ": " + e.getMessage())
                    .withHint("this is a pz defect, not a bad argument; report it with this message");
            return result(ToolEnvelope.failed(List.of(defect)), true);
        }
    }

    private static McpSchema.CallToolResult result(ToolEnvelope envelope, boolean defect) {
        return McpSchema.CallToolResult.builder().addTextContent(envelope.json()).isError(defect).build();
    }
}
