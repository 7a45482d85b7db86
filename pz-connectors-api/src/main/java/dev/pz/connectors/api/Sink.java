package dev.pz.connectors.api;

import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/** The write side of one connection. Opened by {@link Connector#openSink}; the engine closes it. */
public interface Sink extends AutoCloseable {

    /** The native write of an output, or empty when it needs the universal tier. Side-effect free. */
    Optional<NativeCopy> nativeCopy(OutputSpec spec);

    /**
     * Starts a universal write. The caller owns the session: it calls {@link WriteSession#commit}
     * or {@link WriteSession#abort} exactly once and then {@link WriteSession#close}.
     */
    WriteSession beginWrite(OutputSpec spec, Schema schema);

    @Override
    void close();
}
