package dev.pz.connectors.api;

/**
 * The version of this connector contract. A connector package (a jar loaded from {@code connectors:} in
 * project.yml) states the version it was built against in its manifest, as
 * {@code Pz-Connector-Api: <version>}; pz loads a package only when that equals {@link #VERSION}, because a
 * package built against another contract would fail somewhere in the middle of a run instead.
 */
public final class ConnectorApi {
    /** Raised whenever an interface of this package changes in a way a compiled connector notices. */
    public static final int VERSION = 1;
    /** The manifest attribute naming the version a package was built against. */
    public static final String MANIFEST_ATTRIBUTE = "Pz-Connector-Api";

    private ConnectorApi() {
    }
}
