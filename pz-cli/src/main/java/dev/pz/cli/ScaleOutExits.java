package dev.pz.cli;

import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.RunReport;
import dev.pz.engine.ScaleOutFailures;
import java.io.PrintWriter;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * The exit codes of a shard ({@code run --shard}) and of {@code pz commit}, which orchestrators key
 * their retries on: 75 when every failure was transient, 1 for a refused commit or corrupt staged
 * output, otherwise the codes of a plain run (docs/scale-out.md).
 */
final class ScaleOutExits {

    private ScaleOutExits() {
    }

    /** Runs {@code verb}, turning transient and permanent pz errors into 75 and 1; the rest pass on. */
    static int guarded(PrintWriter err, IntSupplier verb) {
        try {
            return verb.getAsInt();
        } catch (PzValidationException e) {
            return classified(e.errors(), err, e);
        } catch (PzException e) {
            return classified(List.of(e.error()), err, e);
        }
    }

    private static int classified(List<PzError> errors, PrintWriter err, RuntimeException e) {
        boolean retry = errors.stream().allMatch(error -> ScaleOutFailures.isTransient(error.code()));
        boolean permanent = errors.stream().anyMatch(error -> ScaleOutFailures.isPermanent(error.code()));
        if (!retry && !permanent) {
            throw e;
        }
        errors.forEach(error -> ErrorReporter.print(error, err));
        err.flush();
        return retry ? ExitCodes.TEMPFAIL : ExitCodes.NODE_FAILURES;
    }

    /** A finished shard or commit publish: 75 instead of 1 when every failed node failed transiently. */
    static int ofShard(RunReport report) {
        int code = RunExecution.exitCode(report.status());
        return code == ExitCodes.NODE_FAILURES && ScaleOutFailures.allTransient(report.results()) ? ExitCodes.TEMPFAIL
                : code;
    }
}
