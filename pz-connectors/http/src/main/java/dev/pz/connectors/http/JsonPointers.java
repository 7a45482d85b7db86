package dev.pz.connectors.http;

import com.fasterxml.jackson.core.JsonPointer;

/** Whether a text is a JSON pointer Jackson can follow. */
final class JsonPointers {

    private JsonPointers() {
    }

    static boolean isValid(String text) {
        try {
            JsonPointer.compile(text);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
