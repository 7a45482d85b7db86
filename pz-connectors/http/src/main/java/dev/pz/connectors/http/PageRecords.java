package dev.pz.connectors.http;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The records of one page, read one at a time from a streaming parser over the page's bytes: the
 * parser is walked to {@code items} once, then each record is projected straight into the batch.
 * After the last record the rest of the document is read too, so a page that is not valid JSON to
 * its end always fails, even when its records came first.
 */
final class PageRecords implements AutoCloseable {

    private enum Shape { ARRAY, SINGLE, NONE }

    private final JsonParser parser;
    private final byte[] body;
    private final String shownUri;
    private final String context;
    private final Shape shape;
    private boolean done;
    private int count;

    private PageRecords(JsonParser parser, byte[] body, String shownUri, String context, Shape shape) {
        this.parser = parser;
        this.body = body;
        this.shownUri = shownUri;
        this.context = context;
        this.shape = shape;
    }

    /** Opens a page and finds its records; fails when {@code items} names nothing usable. */
    static PageRecords open(byte[] body, HttpDataset dataset, String shownUri, String context) {
        JsonParser parser = null;
        try {
            parser = JsonNavigator.FACTORY.createParser(body);
            if (parser.nextToken() == null) {
                throw new PzConnectorException(null, context + ": the response from " + shownUri
                        + " is not valid JSON (the body is empty)", false, null, null);
            }
            if (!JsonNavigator.descend(parser, dataset.items())) {
                drain(parser);
                throw new PzConnectorException(null, context + ": 'items' pointer '" + dataset.itemsText()
                        + "' was not found in the response from " + shownUri, false, null, null);
            }
            JsonToken token = parser.currentToken();
            Shape shape = token == JsonToken.START_ARRAY ? Shape.ARRAY : token == JsonToken.START_OBJECT ? Shape.SINGLE
                    : token == JsonToken.VALUE_NULL ? Shape.NONE : null;
            if (shape == null) {
                throw new PzConnectorException(null, context + ": 'items' pointer '" + dataset.itemsText()
                        + "' resolved to a value that is neither an array nor an object in the response from "
                        + shownUri, false, null, null);
            }
            return new PageRecords(parser, body, shownUri, context, shape);
        } catch (IOException e) {
            throw invalidJson(context, shownUri, e);
        } catch (RuntimeException e) {
            closeQuietly(parser);
            throw e;
        }
    }

    /** Projects the next record into {@code row}; false once the page has no more. */
    boolean next(RecordProjector projector, VectorSchemaRoot root, int row, RecordProjector.Page page) {
        if (done) {
            return false;
        }
        try {
            boolean more = switch (shape) {
                case ARRAY -> parser.nextToken() != JsonToken.END_ARRAY;
                case SINGLE -> count == 0;
                case NONE -> false;
            };
            if (!more) {
                drain(parser);
                done = true;
                return false;
            }
            projector.project(parser, body, root, row, page);
            count++;
            return true;
        } catch (IOException e) {
            throw invalidJson(context, shownUri, e);
        }
    }

    /** Records read so far. */
    int count() {
        return count;
    }

    @Override
    public void close() {
        closeQuietly(parser);
    }

    /** Reads to the end of the document; a token after the root value is invalid JSON. */
    private static void drain(JsonParser parser) throws IOException {
        boolean rootDone = parser.getParsingContext().inRoot();
        for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
            if (rootDone) {
                throw new com.fasterxml.jackson.core.JsonParseException(parser, "more than one JSON value");
            }
            rootDone = parser.getParsingContext().inRoot();
        }
    }

    private static PzConnectorException invalidJson(String context, String shownUri, IOException e) {
        String where = "";
        if (e instanceof JacksonException jackson && jackson.getLocation() != null) {
            JsonLocation location = jackson.getLocation();
            where = " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
        }
        return new PzConnectorException(null, context + ": the response from " + shownUri + " is not valid JSON"
                + where, false, null, e);
    }

    private static void closeQuietly(JsonParser parser) {
        if (parser != null) {
            try {
                parser.close();
            } catch (IOException ignored) {
                // A parser over a byte array holds nothing to release.
            }
        }
    }
}
