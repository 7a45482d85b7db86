package dev.pz.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A command line split as a POSIX shell splits it, for completion: blanks separate words, single
 * quotes keep everything, double quotes keep all but a backslash escape, a backslash outside quotes
 * keeps the next character. An unterminated quote or trailing backslash ends the word being typed.
 */
record ShellWords(List<String> complete, String current) {

    /** The words before the cursor, and the (possibly empty) word the cursor is in. */
    static ShellWords split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                inWord = true;
                if (c == '\'' || c == '"') {
                    quote = c;
                } else if (c == '\\') {
                    if (i + 1 < line.length()) {
                        word.append(line.charAt(++i));
                    }
                } else {
                    word.append(c);
                }
            }
        }
        return new ShellWords(List.copyOf(words), inWord ? word.toString() : "");
    }
}
