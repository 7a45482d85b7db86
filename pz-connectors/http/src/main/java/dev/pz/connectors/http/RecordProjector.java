package dev.pz.connectors.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Turns one JSON record into one row of Arrow vectors, reading the parser's tokens directly:
 * {@link Contract} projects an object onto the declared columns, {@link Raw} lands the record's
 * JSON text with its page, fetch time and typed cursor.
 */
sealed interface RecordProjector {

    Schema schema();

    /** The index of the column holding the incremental cursor {@code name}, or -1. */
    int columnOf(String name);

    /**
     * Writes the record whose first token is current into {@code row}; the parser ends on the
     * record's last token. {@code body} is the page the parser reads.
     */
    void project(JsonParser parser, byte[] body, VectorSchemaRoot root, int row, Page page) throws IOException;

    /** The page a record came from: its 0-based index in the crawl and when it was fetched (epoch µs). */
    record Page(int index, long fetchedAtMicros) {
    }

    static RecordProjector of(HttpDataset dataset, String context) {
        return dataset.contractMode() ? new Contract(dataset.contract(), context)
                : new Raw(dataset.cursor() == null ? null : new JsonColumn(dataset.cursor(), dataset.cursorType()),
                        dataset.cursorPointer(), context);
    }

    private static Field field(String name, ContractTypes type) {
        return new Field(name, FieldType.nullable(type.arrowType()), null);
    }

    /** Each record is an object; declared keys land typed, others are skipped unread, absent ones are null. */
    final class Contract implements RecordProjector {
        private final List<JsonColumn> columns = new ArrayList<>();
        private final Map<String, Integer> index = new HashMap<>();
        private final Schema schema;
        private final String context;

        Contract(Map<String, ContractTypes> contract, String context) {
            List<Field> fields = new ArrayList<>();
            contract.forEach((name, type) -> {
                index.put(name, columns.size());
                columns.add(new JsonColumn(name, type));
                fields.add(field(name, type));
            });
            this.schema = new Schema(fields);
            this.context = context;
        }

        @Override
        public Schema schema() {
            return schema;
        }

        @Override
        public int columnOf(String name) {
            return index.getOrDefault(name, -1);
        }

        @Override
        public void project(JsonParser parser, byte[] body, VectorSchemaRoot root, int row, Page page)
                throws IOException {
            if (parser.currentToken() != JsonToken.START_OBJECT) {
                throw new PzConnectorException(null, context + ": record is not an object (check 'items')", false, null,
                        null);
            }
            // Fresh vectors hold null in every cell, so a declared key the record lacks stays null.
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                Integer column = index.get(parser.currentName());
                parser.nextToken();
                if (column == null) {
                    parser.skipChildren();
                } else {
                    columns.get(column).write(parser, root.getVector(column), row, context);
                }
            }
        }
    }

    /** {@code payload} (the record's JSON text as sent), {@code pz_page}, {@code pz_fetched_at}, [cursor]. */
    final class Raw implements RecordProjector {
        private final JsonColumn cursor;
        private final com.fasterxml.jackson.core.JsonPointer cursorPointer;
        private final Schema schema;
        private final String context;

        Raw(JsonColumn cursor, com.fasterxml.jackson.core.JsonPointer cursorPointer, String context) {
            this.cursor = cursor;
            this.cursorPointer = cursorPointer;
            this.context = context;
            List<Field> fields = new ArrayList<>(List.of(field(HttpDataset.PAYLOAD, ContractTypes.VARCHAR),
                    field(HttpDataset.PAGE, ContractTypes.INT), field(HttpDataset.FETCHED_AT, ContractTypes.TIMESTAMP)));
            if (cursor != null) {
                fields.add(field(cursor.name(), cursor.type()));
            }
            this.schema = new Schema(fields);
        }

        @Override
        public Schema schema() {
            return schema;
        }

        @Override
        public int columnOf(String name) {
            return cursor != null && cursor.name().equals(name) ? 3 : -1;
        }

        @Override
        public void project(JsonParser parser, byte[] body, VectorSchemaRoot root, int row, Page page)
                throws IOException {
            VarCharVector payload = (VarCharVector) root.getVector(0);
            if (parser.currentToken().isStructStart()) {
                int start = (int) parser.currentTokenLocation().getByteOffset();
                parser.skipChildren();
                int end = (int) parser.currentLocation().getByteOffset();
                payload.setSafe(row, body, start, end - start);
                if (cursor != null) {
                    writeCursor(body, start, end, root.getVector(3), row);
                }
            } else {
                payload.setSafe(row, JsonNavigator.jsonText(parser).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            ((IntVector) root.getVector(1)).setSafe(row, page.index());
            ((TimeStampVector) root.getVector(2)).setSafe(row, page.fetchedAtMicros());
        }

        private void writeCursor(byte[] body, int start, int end, FieldVector vector, int row) throws IOException {
            try (JsonParser record = JsonNavigator.FACTORY.createParser(body, start, end - start)) {
                record.nextToken();
                if (JsonNavigator.descend(record, cursorPointer)) {
                    cursor.write(record, vector, row, context);
                }
            }
        }
    }
}
