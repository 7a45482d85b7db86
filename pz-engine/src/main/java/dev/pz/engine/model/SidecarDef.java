package dev.pz.engine.model;

import java.util.List;

/** {@code pipelines/configs/<name>.yml}: materialization, tags and checks of one pipeline. */
public record SidecarDef(String pipeline, Materialization materialization, List<String> tags, List<CheckDef> checks,
        String file) {

    public SidecarDef {
        tags = List.copyOf(tags);
        checks = List.copyOf(checks);
    }
}
