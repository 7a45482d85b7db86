package dev.pz.engine.model;

/**
 * project.yml's {@code scale_out:}: where sharded runs stage their output until {@code pz commit}
 * publishes it. {@code staging} is the folder as written (relative to the project or absolute),
 * null when the block is absent; {@code line} is where it was written (0 when absent).
 */
public record ScaleOutConfig(String staging, int line) {

    public static ScaleOutConfig absent() {
        return new ScaleOutConfig(null, 0);
    }
}
