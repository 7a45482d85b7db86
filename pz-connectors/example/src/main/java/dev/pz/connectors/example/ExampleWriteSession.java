package dev.pz.connectors.example;

import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One universal write: rows go to a temporary; commit renames it onto the target, abort (or close
 * without either) deletes it. Exactly one of commit and abort; any call after it throws.
 */
final class ExampleWriteSession implements WriteSession {

    private final String context;
    private final Path temporaryDirectory;
    private final Path target;
    private final Path temporary;
    private final BufferedWriter out;
    private String state = "open";
    private long rows;
    private long batches;

    ExampleWriteSession(String context, Path temporaryDirectory, Path target, Schema schema, boolean header) {
        this.context = context;
        this.temporaryDirectory = temporaryDirectory;
        this.target = target;
        try {
            temporary = TemporaryFiles.create(temporaryDirectory);
            out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8);
            if (header) {
                line(schema.getFields().stream().map(Field::getName).toList());
            }
        } catch (IOException e) {
            throw failure("cannot start the write", e);
        }
    }

    /** Copies the batch's values out: the batch is only lent for this call. */
    @Override
    public void write(VectorSchemaRoot batch) {
        requireOpen("write to");
        try {
            for (int row = 0; row < batch.getRowCount(); row++) {
                List<String> cells = new ArrayList<>();
                for (FieldVector vector : batch.getFieldVectors()) {
                    cells.add(vector.isNull(row) ? "" : String.valueOf(vector.getObject(row)));
                }
                line(cells);
            }
        } catch (IOException e) {
            throw failure("write failed", e);
        }
        rows += batch.getRowCount();
        batches++;
    }

    @Override
    public WriteResult commit() {
        requireOpen("commit");
        state = "committed";
        try {
            out.close();
            Files.createDirectories(target.getParent());
            TemporaryFiles.moveIntoPlace(temporary, target);
            TemporaryFiles.removeIfEmpty(temporaryDirectory);
        } catch (IOException e) {
            discard();
            throw failure("commit failed", e);
        }
        return new WriteResult(rows, batches);
    }

    @Override
    public void abort() {
        requireOpen("abort");
        state = "aborted";
        discard();
    }

    /** Aborts an open session; after commit or abort there is nothing left to release. */
    @Override
    public void close() {
        if (state.equals("open")) {
            abort();
        }
    }

    private void requireOpen(String action) {
        if (!state.equals("open")) {
            throw new IllegalStateException("cannot " + action + " a session already " + state);
        }
    }

    private void line(List<String> cells) throws IOException {
        List<String> quoted = cells.stream().map(cell -> cell.matches("(?s).*[,\"\\r\\n].*")
                ? "\"" + cell.replace("\"", "\"\"") + "\"" : cell).toList();
        out.write(String.join(",", quoted));
        out.write('\n');
    }

    private void discard() {
        try {
            out.close();
            Files.deleteIfExists(temporary);
        } catch (IOException ignored) {
            // pz deletes a temporary left in .pz-tmp/ at the next run or pz clean.
        }
        TemporaryFiles.removeIfEmpty(temporaryDirectory);
    }

    private PzConnectorException failure(String what, IOException e) {
        return new PzConnectorException(PzCode.NODE_FAILED, context + ": " + what + " (" + e.getMessage() + ")", true,
                null, e);
    }
}
