package dev.pz.engine.model;

/** project.yml {@code on_source_drift:}. */
public enum DriftPolicy {
    IGNORE, WARN, FAIL
}
