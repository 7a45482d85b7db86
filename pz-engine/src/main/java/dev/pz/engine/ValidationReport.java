package dev.pz.engine;

/**
 * A passed validation: the number of pipeline files and of connections whose connector is
 * installed (and so were checked). Notes went to the project's {@link Diagnostics} on the way.
 */
public record ValidationReport(int pipelines, int connectionsChecked) {
}
