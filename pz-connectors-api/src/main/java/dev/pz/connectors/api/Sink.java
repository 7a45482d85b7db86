package dev.pz.connectors.api;

import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/** The write side of one connection. Opened by {@link Connector#openSink}; the engine closes it. */
public interface Sink extends AutoCloseable {

    /** The native write of an output, or empty when it needs the universal tier. Side-effect free. */
    Optional<NativeCopy> nativeCopy(OutputSpec spec);

    /**
     * Refuses, before anything runs, an output the universal tier cannot write: throws the
     * {@link dev.pz.connectors.api.error.PzConnectorException} {@link #beginWrite} would throw. Offline
     * and side-effect free; the planner calls it for every output it plans on the universal tier. The
     * default accepts every output.
     */
    default void checkUniversalWrite(OutputSpec spec) {
    }

    /**
     * Starts a universal write. The caller owns the session: it calls {@link WriteSession#commit}
     * or {@link WriteSession#abort} exactly once and then {@link WriteSession#close}.
     */
    WriteSession beginWrite(OutputSpec spec, Schema schema);

    @Override
    void close();
}
