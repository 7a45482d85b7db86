package dev.pz.connectors.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Walks a streaming parser to the value a JSON pointer names, skipping every other subtree
 * without building it. Used for the records of a page, a cursor token and a raw-mode cursor.
 */
final class JsonNavigator {

    static final JsonFactory FACTORY = JsonFactory.builder().enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
            .enable(StreamReadFeature.USE_FAST_BIG_NUMBER_PARSER).build();

    private JsonNavigator() {
    }

    /**
     * Moves {@code parser}, positioned on the first token of a value, to the first token of the
     * value {@code pointer} names within it. Returns false when there is none; the parser is then
     * somewhere inside the value (drain it to the end to finish reading).
     */
    static boolean descend(JsonParser parser, JsonPointer pointer) throws IOException {
        JsonPointer rest = pointer;
        while (!rest.matches()) {
            JsonToken token = parser.currentToken();
            if (token == JsonToken.START_OBJECT) {
                String property = rest.getMatchingProperty();
                boolean found = false;
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    if (name.equals(property)) {
                        found = true;
                        break;
                    }
                    parser.skipChildren();
                }
                if (!found) {
                    return false;
                }
            } else if (token == JsonToken.START_ARRAY && rest.getMatchingIndex() >= 0) {
                int index = rest.getMatchingIndex();
                boolean found = false;
                for (int i = 0; parser.nextToken() != JsonToken.END_ARRAY; i++) {
                    if (i == index) {
                        found = true;
                        break;
                    }
                    parser.skipChildren();
                }
                if (!found) {
                    return false;
                }
            } else {
                parser.skipChildren();
                return false;
            }
            rest = rest.tail();
        }
        return true;
    }

    /**
     * The text of the value at {@code pointer} in a whole document: a string as it is, any other
     * value as its JSON text; empty when absent, null or an empty string.
     */
    static Optional<String> textAt(byte[] document, JsonPointer pointer) throws IOException {
        try (JsonParser parser = FACTORY.createParser(document)) {
            if (parser.nextToken() == null || !descend(parser, pointer)) {
                return Optional.empty();
            }
            JsonToken token = parser.currentToken();
            String text = token == JsonToken.VALUE_NULL ? null
                    : token == JsonToken.VALUE_STRING ? parser.getText() : jsonText(parser);
            return text == null || text.isEmpty() ? Optional.empty() : Optional.of(text);
        }
    }

    /** The current value as compact JSON text; the parser ends on its last token. */
    static String jsonText(JsonParser parser) throws IOException {
        ByteArrayBuilder bytes = new ByteArrayBuilder();
        try (JsonGenerator generator = FACTORY.createGenerator(bytes)) {
            generator.copyCurrentStructure(parser);
        }
        return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    }
}
