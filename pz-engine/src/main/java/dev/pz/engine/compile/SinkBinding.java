package dev.pz.engine.compile;

/** A {@code sink()} target: connection and entity. */
record SinkBinding(String connection, String entity) {

    public String name() {
        return connection + "." + entity;
    }
}
