package dev.pz.engine.events;

/** The four kinds of DAG node, in dispatch rank order. */
public enum NodeKind {
    SOURCE_LOAD("SourceLoad", "source_load"),
    PIPELINE("Pipeline", "pipeline"),
    CHECK("Check", "check"),
    SINK_WRITE("SinkWrite", "sink_write");

    private final String pascalName;
    private final String snakeName;

    NodeKind(String pascalName, String snakeName) {
        this.pascalName = pascalName;
        this.snakeName = snakeName;
    }

    /** As plan.json, run_results.json and events write it: {@code SourceLoad}. */
    public String pascalName() {
        return pascalName;
    }

    /** As manifest.json and {@code pz ls} write it: {@code source_load}. */
    public String snakeName() {
        return snakeName;
    }

    /** Ties among ready nodes break by this rank, then by name. */
    public int rank() {
        return ordinal();
    }
}
