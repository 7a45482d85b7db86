package dev.pz.connectors.api;

import java.nio.file.Path;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/** The write side of one connection. Opened by {@link Connector#openSink}; the engine closes it. */
public interface Sink extends AutoCloseable {

    /**
     * The native write of an output, or empty when it needs the universal tier. Asked only of a
     * connector declaring {@link ConnectorCapability#NATIVE_COPY}. Side-effect free and offline: the
     * planner calls it. A refusal the user must fix is thrown as a
     * {@link dev.pz.connectors.api.error.PzConnectorException} with its code.
     */
    Optional<NativeCopy> nativeCopy(OutputSpec spec);

    /**
     * Why an output {@link #nativeCopy} left to the universal tier goes there, as a phrase the plan
     * shows after {@code arrow stream: }; empty for the generic reason. Side-effect free.
     */
    default Optional<String> universalReason(OutputSpec spec) {
        return Optional.empty();
    }

    /**
     * Refuses a write the universal tier cannot carry for this output (a format only DuckDB writes, a
     * strategy or option the connector does not support) by throwing a
     * {@link dev.pz.connectors.api.error.PzConnectorException} with its code. Offline and side-effect
     * free: the planner calls it for every write it puts on the universal tier, so the refusal comes
     * before anything runs. Accepts by default.
     */
    default void checkUniversalWrite(OutputSpec spec) {
    }

    /**
     * The native write of an output into a database the run's DuckDB session attaches, or empty.
     * Asked only of a connector declaring {@link ConnectorCapability#NATIVE_COPY}, and only when
     * {@link #nativeCopy} declined. Side-effect free and offline, like {@link #nativeCopy}.
     */
    default Optional<NativeSqlWrite> nativeSqlWrite(OutputSpec spec) {
        return Optional.empty();
    }

    /**
     * Starts a universal write. The caller owns the session: it calls {@link WriteSession#commit}
     * or {@link WriteSession#abort} exactly once and then {@link WriteSession#close}.
     */
    WriteSession beginWrite(OutputSpec spec, Schema schema);

    /**
     * The local {@value TemporaryFiles#DIRECTORY} directory in which a universal write of this output
     * creates its temporaries ({@link TemporaryFiles#create}), or empty when it creates none on the
     * local disk. pz records it before the write begins, so that whatever a killed run left there
     * is deleted by the next run and by {@code pz clean}. Side-effect free.
     */
    default Optional<Path> temporaryDirectory(OutputSpec spec) {
        return Optional.empty();
    }

    @Override
    void close();
}
