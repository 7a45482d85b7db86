package dev.pz.connectors.http;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteSession;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/** The write side of one http connection: universal tier only, one session per write. */
final class HttpSink implements Sink {

    private final HttpSettings settings;
    private final Path spoolRoot;

    /** {@code spoolRoot} is where sessions keep their rows until commit (in its {@code .pz-tmp}). */
    HttpSink(HttpSettings settings, Path spoolRoot) {
        this.settings = settings;
        this.spoolRoot = spoolRoot;
    }

    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        return Optional.empty();
    }

    @Override
    public Optional<String> universalReason(OutputSpec spec) {
        return Optional.of("http sends the rows as JSON requests itself");
    }

    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        return HttpWriteSession.begin(settings, TemporaryFiles.directoryIn(spoolRoot), spec, schema);
    }

    @Override
    public Optional<Path> temporaryDirectory(OutputSpec spec) {
        return Optional.of(TemporaryFiles.directoryIn(spoolRoot));
    }

    @Override
    public void close() {
        // Sessions own their clients and temporaries; the sink holds none.
    }
}
