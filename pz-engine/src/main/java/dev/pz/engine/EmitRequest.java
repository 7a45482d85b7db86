package dev.pz.engine;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code pz plan --emit} request: the format, shards per flow, the container image (kubernetes
 * and argo), the run id (kubernetes only: its manifests are one run's) and the directory the files
 * go to (null for the project's {@code .pz/target}). Options that do not fit the format are refused
 * on construction (PZ0721, every problem at once), before any project file is read.
 */
public record EmitRequest(EmitFormat format, int shards, String image, String runId, Path outDirectory) {
    public static final int MAX_SHARDS = 1000;
    private static final String HINT = "see `pz plan --help`";

    public EmitRequest {
        check(format, shards, image, runId);
    }

    private static void check(EmitFormat format, int shards, String image, String runId) {
        List<PzError> problems = new ArrayList<>();
        if (shards < 1 || shards > MAX_SHARDS) {
            problems.add(problem("--shards must be between 1 and " + MAX_SHARDS + " (got "
                    + shards + ")."));
        }
        boolean container = format != EmitFormat.PLAN;
        if (container && (image == null || image.isBlank())) {
            problems.add(problem("--emit " + format.word()
                    + " needs --image: the container image that holds pz and the project."));
        }
        if (!container && image != null) {
            problems.add(problem("--image applies to kubernetes and argo; the neutral plan runs no container."));
        }
        if (format == EmitFormat.KUBERNETES && runId == null) {
            problems.add(problem("--emit kubernetes needs --run-id: Kubernetes Jobs are made for one run."));
        }
        if (format != EmitFormat.KUBERNETES && runId != null) {
            problems.add(problem("--run-id applies to kubernetes; --emit " + format.word()
                    + " leaves the run id to the orchestrator."));
        }
        if (runId != null && !ScaleOutRunIds.isValid(runId)) {
            problems.add(problem("--run-id '" + runId
                    + "' must be 1 to 128 letters, digits, '.', '_' or '-', starting with a letter or digit."));
        }
        if (!problems.isEmpty()) {
            throw new PzValidationException(problems);
        }
    }

    private static PzError problem(String message) {
        return PzError.of(PzCode.EMIT_OPTIONS_INVALID, message).withHint(HINT);
    }
}
