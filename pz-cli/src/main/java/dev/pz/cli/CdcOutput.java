package dev.pz.cli;

import dev.pz.engine.CdcDropReport;
import dev.pz.engine.CdcStatusRow;
import dev.pz.engine.CompiledProject;
import dev.pz.engine.Formats;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Where {@code pz cdc status|drop} print: text on stdout, or with {@code --log-format json} one
 * {@code cdc_status} / {@code cdc_dropped} object per line on stdout and every note on stderr. A
 * stored token is connector state and never appears in json: only whether there is one.
 */
final class CdcOutput {
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean json;
    private final Clock clock;

    CdcOutput(PrintWriter out, PrintWriter err, boolean json, Clock clock) {
        this.out = out;
        this.err = err;
        this.json = json;
        this.clock = clock;
    }

    static CdcOutput of(CommandSpec spec, String logFormat) {
        boolean json = switch (logFormat.toLowerCase(Locale.ROOT)) {
            case "text" -> false;
            case "json" -> true;
            default -> throw new RunExecution.UsageError("invalid --log-format value '" + logFormat
                    + "' (expected 'text' or 'json')");
        };
        return new CdcOutput(spec.commandLine().getOut(), spec.commandLine().getErr(), json, Clock.systemUTC());
    }

    boolean json() {
        return json;
    }

    PrintWriter out() {
        return out;
    }

    /** Loading and compiling, with compile notices on stderr in json mode. */
    ProjectContext context(CommandSpec spec) {
        ProjectContext context = ProjectContext.of(spec);
        return json ? context.noticesOnStderr() : context;
    }

    /** {@code note: state backend: <backend> (from <source>)} unless the backend is the default local one. */
    void stateNote(CompiledProject project) {
        if (!project.defaultState()) {
            note("note: state backend: " + project.stateBackend());
        }
    }

    void note(String line) {
        (json ? err : out).println(line);
    }

    void status(CdcStatusRow row) {
        Map<String, Object> event = envelope("cdc_status");
        event.put("dataset", row.dataset());
        event.put("connector", row.connector());
        event.put("adminSupported", row.adminSupported());
        event.put("healthy", row.healthy());
        event.put("positionName", row.positionName());
        event.put("hasStoredToken", row.storedToken() != null);
        event.put("retainedBytes", row.retainedBytes());
        event.put("detail", row.detail());
        emit(event);
    }

    /** {@code stateCleared}: where the stored token was removed, the project's {@code local} state or a {@code remote} backend. */
    void dropped(CdcDropReport report, boolean localState) {
        Map<String, Object> event = envelope("cdc_dropped");
        event.put("dataset", report.dataset());
        event.put("connector", report.connector());
        event.put("positionName", report.positionName());
        event.put("serverSideDropped", report.serverSideDropped());
        event.put("remediation", report.remediation());
        event.put("stateCleared", localState ? "local" : "remote");
        emit(event);
    }

    private Map<String, Object> envelope(String name) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("event", name);
        event.put("at", Formats.timestamp(clock.instant()));
        return event;
    }

    private void emit(Map<String, Object> event) {
        out.print(Formats.compactJson(event));
        out.print('\n');
        out.flush();
    }
}
