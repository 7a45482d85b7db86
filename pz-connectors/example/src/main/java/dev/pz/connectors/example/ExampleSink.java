package dev.pz.connectors.example;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The write side: one CSV file per output in {@code root}, {@code <entity>.csv} for replace and a
 * new {@code <entity>-<32 hex>.csv} for each append. Both tiers write a temporary in
 * {@code root/.pz-tmp/} and rename the finished file into place, so a reader never sees half a file.
 */
final class ExampleSink implements Sink {

    private final Path root;

    ExampleSink(Path root) {
        this.root = root;
    }

    /** DuckDB writes the CSV; pz calls the publisher (a rename) once the COPY succeeded. */
    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        refuseMerge(spec);
        return Optional.of(new NativeCopy("format csv, header " + spec.get(ExampleOptions.HEADER), List.of(),
                "COPY TO csv", TemporaryFiles.directoryIn(root), NativeCopy.renameTo(target(spec))));
    }

    /** Declared so that pz records it before a universal write, and finds what a killed run left there. */
    @Override
    public Optional<Path> temporaryDirectory(OutputSpec spec) {
        return Optional.of(TemporaryFiles.directoryIn(root));
    }

    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        refuseMerge(spec);
        return new ExampleWriteSession(spec.context(), TemporaryFiles.directoryIn(root), target(spec), schema,
                spec.get(ExampleOptions.HEADER));
    }

    @Override
    public void close() {
        // Holds nothing.
    }

    /** pz refuses merge before a write (the connector does not declare Merge); a direct caller is refused too. */
    private static void refuseMerge(OutputSpec spec) {
        if (spec.strategy() == WriteStrategy.MERGE) {
            throw new PzConnectorException(PzCode.WRITE_MODE_UNSUPPORTED, spec.context()
                    + ": the example connector writes files, which it cannot merge into", "use replace or append");
        }
    }

    private Path target(OutputSpec spec) {
        return root.resolve(spec.strategy() == WriteStrategy.APPEND
                ? spec.entity() + "-" + UUID.randomUUID().toString().replace("-", "") + ".csv"
                : spec.entity() + ".csv");
    }
}
