package dev.pz.connectors.http;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One write to an API. An HTTP request cannot be taken back, so nothing is sent before commit:
 * {@link #write} serialises the rows into a local temporary (one JSON object per line, a merge row
 * behind its escaped key), {@link #commit} sends them and {@link #abort} only deletes the
 * temporary. A row counts as delivered when its request got a 2xx answer. When a commit fails
 * after some appended rows were delivered, they stay delivered and the failure says how many, as
 * a permanent failure (a retry would deliver them twice); a merge is idempotent per key, so its
 * failures keep their transience.
 */
final class HttpWriteSession implements WriteSession, Cancellable {

    private enum State { OPEN, COMMITTED, ABORTED }

    private final HttpTransport transport;
    private final HttpOutput output;
    private final RowJson rows;
    private final int keyColumn;
    private final String context;
    private final Path spool;
    private final OutputStream spoolOut;
    private final JsonGenerator generator;
    private State state = State.OPEN;
    private long written;

    private HttpWriteSession(HttpTransport transport, HttpOutput output, RowJson rows, int keyColumn, String context,
            Path spool) throws IOException {
        this.transport = transport;
        this.output = output;
        this.rows = rows;
        this.keyColumn = keyColumn;
        this.context = context;
        this.spool = spool;
        this.spoolOut = new BufferedOutputStream(Files.newOutputStream(spool), 1 << 16);
        this.generator = JsonNavigator.FACTORY.createGenerator(spoolOut);
        this.generator.setRootValueSeparator(null);
    }

    static HttpWriteSession begin(HttpSettings settings, Path spoolDirectory, OutputSpec spec, Schema schema) {
        HttpOutput output = HttpOutput.of(spec);
        RowJson rows = new RowJson(schema, spec.context());
        int keyColumn = -1;
        if (output.merge()) {
            keyColumn = schema.getFields().indexOf(schema.getFields().stream()
                    .filter(field -> field.getName().equals(output.key())).findFirst().orElseThrow(() ->
                            new PzConnectorException(null, spec.context() + ": merge key '" + output.key()
                                    + "' is not a column of the written data", false, null, null)));
        }
        try {
            return new HttpWriteSession(new HttpTransport(settings), output, rows, keyColumn, spec.context(),
                    TemporaryFiles.create(spoolDirectory));
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a temporary in " + spoolDirectory, e);
        }
    }

    @Override
    public void write(VectorSchemaRoot batch) {
        requireOpen("write to");
        try {
            for (int row = 0; row < batch.getRowCount(); row++) {
                if (keyColumn >= 0) {
                    String key = rows.keyText(keyColumn, batch, row);
                    if (key == null || key.isEmpty()) {
                        throw new PzConnectorException(null, context + ": a row has a null or empty merge key '"
                                + output.key() + "'; every merged row needs one", false, null, null);
                    }
                    generator.writeRaw(pathSegment(key) + "\t");
                }
                rows.write(generator, batch, row);
                generator.writeRaw('\n');
                written++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the temporary " + spool, e);
        }
    }

    @Override
    public WriteResult commit() {
        requireOpen("commit");
        state = State.COMMITTED;
        try {
            generator.close();
            spoolOut.close();
            return output.merge() ? sendEach() : sendBatches();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the temporary " + spool, e);
        } finally {
            deleteSpool();
        }
    }

    @Override
    public void abort() {
        requireOpen("abort");
        state = State.ABORTED;
        discard();
    }

    @Override
    public void close() {
        if (state == State.OPEN) {
            state = State.ABORTED;
            discard();
        }
    }

    @Override
    public void cancel() {
        transport.cancel();
    }

    /** Append: {@code rows_per_request} rows a request. */
    private WriteResult sendBatches() throws IOException {
        URI uri = transport.settings().resolve(output.path());
        long delivered = 0;
        long requests = 0;
        try (SpoolLines lines = new SpoolLines(spool)) {
            List<byte[]> chunk = new ArrayList<>();
            for (byte[] line = lines.next(); line != null || !chunk.isEmpty(); line = lines.next()) {
                if (line != null) {
                    chunk.add(line);
                }
                if (chunk.size() == output.rowsPerRequest() || line == null) {
                    try {
                        deliver(uri, body(chunk), output.bodyFormat().contentType());
                    } catch (PzConnectorException failure) {
                        throw delivered == 0 ? failure : partlyDelivered(failure, delivered);
                    }
                    delivered += chunk.size();
                    requests++;
                    chunk.clear();
                }
            }
        }
        return new WriteResult(delivered, requests);
    }

    /** Merge: one request per row, to the row's own URL. */
    private WriteResult sendEach() throws IOException {
        long delivered = 0;
        try (SpoolLines lines = new SpoolLines(spool)) {
            for (byte[] line = lines.next(); line != null; line = lines.next()) {
                int tab = indexOf(line, (byte) '\t');
                String key = new String(line, 0, tab, StandardCharsets.US_ASCII);
                byte[] body = java.util.Arrays.copyOfRange(line, tab + 1, line.length);
                deliver(transport.settings().resolve(output.path().replace(HttpOutput.KEY_PLACEHOLDER, key)), body,
                        "application/json");
                delivered++;
            }
        }
        return new WriteResult(delivered, delivered);
    }

    private void deliver(URI uri, byte[] body, String contentType) {
        HttpResponseBytes response = transport.send(output.method(), uri, body, contentType, context);
        if (!response.succeeded()) {
            throw HttpFailures.status(context, response, transport.redactor(), false);
        }
    }

    private PzConnectorException partlyDelivered(PzConnectorException failure, long delivered) {
        return new PzConnectorException(null, failure.getMessage() + "; " + delivered + " of " + written
                + " rows were delivered before it and stay at the destination (an HTTP append cannot be taken back,"
                + " so pz does not retry it)", false, null, failure);
    }

    /** A request body: the rows as a JSON array, or as NDJSON lines. */
    private byte[] body(List<byte[]> chunk) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        boolean array = output.bodyFormat() == HttpOptions.BodyFormat.JSON_ARRAY;
        if (array) {
            body.write('[');
        }
        for (int i = 0; i < chunk.size(); i++) {
            if (array && i > 0) {
                body.write(',');
            }
            body.writeBytes(chunk.get(i));
            if (!array) {
                body.write('\n');
            }
        }
        if (array) {
            body.write(']');
        }
        return body.toByteArray();
    }

    private static int indexOf(byte[] bytes, byte wanted) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == wanted) {
                return i;
            }
        }
        throw new IllegalStateException("a merge row lost its key in the temporary");
    }

    /** A key as one URL path segment: every byte outside the unreserved set percent-encoded. */
    static String pathSegment(String key) {
        return QueryString.encode(key).replace("+", "%20");
    }

    private void discard() {
        try {
            generator.close();
            spoolOut.close();
        } catch (IOException ignored) {
            // The temporary is deleted next; what it held no longer matters.
        }
        deleteSpool();
    }

    private void deleteSpool() {
        try {
            Files.deleteIfExists(spool);
        } catch (IOException ignored) {
            // A leftover temporary is deleted by the next run or pz clean (its directory is recorded).
        }
        TemporaryFiles.removeIfEmpty(spool.getParent());
    }

    private void requireOpen(String action) {
        if (state != State.OPEN) {
            throw new IllegalStateException("cannot " + action + " a session already "
                    + (state == State.COMMITTED ? "committed" : "aborted"));
        }
    }
}
