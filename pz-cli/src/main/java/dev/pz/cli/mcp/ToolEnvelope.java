package dev.pz.cli.mcp;

import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.Formats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one result every pz tool returns, as compact JSON in a fixed field order that agents match
 * on: {@code ok}; {@code applied} (author tools only); {@code errors} (omitted when empty, each
 * {@code code, message, file?, line?, next_step}); {@code result}. {@code ok} is about the call: a
 * run that starts and fails is {@code ok: true} with its status in the result.
 */
record ToolEnvelope(boolean ok, Boolean applied, List<PzError> errors, Map<String, Object> result) {

    ToolEnvelope {
        errors = List.copyOf(errors);
    }

    static ToolEnvelope ok(Map<String, Object> result) {
        return new ToolEnvelope(true, null, List.of(), result);
    }

    static ToolEnvelope failed(List<PzError> errors) {
        return new ToolEnvelope(false, null, errors, null);
    }

    ToolEnvelope applied(boolean written) {
        return new ToolEnvelope(ok, written, errors, result);
    }

    ToolEnvelope withResult(Map<String, Object> value) {
        return new ToolEnvelope(ok, applied, errors, value);
    }

    String json() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("ok", ok);
        if (applied != null) {
            root.put("applied", applied);
        }
        if (!errors.isEmpty()) {
            List<Object> entries = new ArrayList<>();
            errors.forEach(error -> entries.add(entry(error)));
            root.put("errors", entries);
        }
        if (result != null) {
            root.put("result", result);
        }
        return Formats.compactJson(root);
    }

    private static Map<String, Object> entry(PzError error) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("code", error.code().code());
        entry.put("message", error.message());
        if (error.file() != null) {
            entry.put("file", error.file());
        }
        if (error.line() > 0) {
            entry.put("line", error.line());
        }
        entry.put("next_step", error.hint());
        return entry;
    }
}
