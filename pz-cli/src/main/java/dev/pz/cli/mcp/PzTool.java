package dev.pz.cli.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One MCP tool: its name, what it does, its inputs, and what it does with a checked call. */
record PzTool(String name, String description, List<ToolInput> inputs, Handler handler) {

    /** The tool's work: a checked call in, its envelope out. */
    @FunctionalInterface
    interface Handler {
        ToolEnvelope call(ToolArguments arguments);
    }

    PzTool {
        inputs = List.copyOf(inputs);
    }

    McpSchema.Tool protocolTool() {
        Map<String, Object> properties = new LinkedHashMap<>();
        inputs.forEach(input -> properties.put(input.name(), input.schema()));
        List<String> required = inputs.stream().filter(ToolInput::required).map(ToolInput::name).toList();
        return McpSchema.Tool.builder().name(name).description(description)
                .inputSchema(new McpSchema.JsonSchema("object", properties, required, false, null, null)).build();
    }
}
