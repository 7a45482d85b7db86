package dev.pz.connectors.api;

import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/** The write side of one connection. Opened by {@link Connector#openSink}; the engine closes it. */
public interface Sink extends AutoCloseable {

    /** The native write of an output, or empty when it needs the universal tier. Side-effect free. */
    Optional<NativeCopy> nativeCopy(OutputSpec spec);

    /**
     * Why an output {@link #nativeCopy} left to the universal tier goes there, as a phrase the plan
     * shows after {@code arrow stream: }; empty for the generic reason. Side-effect free.
     */
    default Optional<String> universalReason(OutputSpec spec) {
        return Optional.empty();
    }

    /**
     * Starts a universal write. The caller owns the session: it calls {@link WriteSession#commit}
     * or {@link WriteSession#abort} exactly once and then {@link WriteSession#close}.
     */
    WriteSession beginWrite(OutputSpec spec, Schema schema);

    @Override
    void close();
}
