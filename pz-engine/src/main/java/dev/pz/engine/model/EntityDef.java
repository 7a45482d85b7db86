package dev.pz.engine.model;

/** An entity declared in connections.yml; either direction may be absent (null). */
public record EntityDef(String name, ReadDef read, WriteDef write, SourceLocation location) {
}
