package dev.pz.engine.model;

/**
 * One {@code pipelines/**}{@code /<name>.sql} file: its name (the file stem), its project-relative
 * path with '/' separators, its raw template text, and its sidecar (null when none).
 */
public record PipelineDef(String name, String file, String sql, SidecarDef sidecar) {

    public Materialization materialization() {
        return sidecar == null ? Materialization.TABLE : sidecar.materialization();
    }

    public boolean isEphemeral() {
        return materialization() == Materialization.EPHEMERAL;
    }
}
