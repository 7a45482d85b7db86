package dev.pz.engine.emit;

/**
 * Where emitted specs run: the project's name, the container image that holds pz and the project
 * (at {@link #PROJECT_DIRECTORY}), and the run id Kubernetes manifests are made for (null for
 * formats that leave it to the orchestrator).
 */
public record EmitTarget(String project, String image, String runId) {
    /** The project directory inside the image: the working directory of every emitted container. */
    public static final String PROJECT_DIRECTORY = "/project";

    /**
     * The Secret whose keys become the container's environment: the project's {@code ${VAR}}
     * credentials are referenced by this name and never written into a spec.
     */
    public String secretName() {
        return KubeNames.of(project, 50) + "-pz-env";
    }
}
