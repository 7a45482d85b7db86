package dev.pz.connectors.quack;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A Quack server address: {@code quack:host}, {@code quack:host:port} or {@code quack://host[:port]}, port 9494 by default. */
record QuackUri(String host, int port) {

    static final int DEFAULT_PORT = 9494;
    private static final Pattern FORM = Pattern.compile("quack:(?://)?([A-Za-z0-9._-]+)(?::(\\d{1,5}))?/?");

    static Optional<QuackUri> parse(String text) {
        Matcher matcher = FORM.matcher(text.trim());
        if (!matcher.matches()) {
            return Optional.empty();
        }
        int port = matcher.group(2) == null ? DEFAULT_PORT : Integer.parseInt(matcher.group(2));
        return port < 1 || port > 65_535 ? Optional.empty() : Optional.of(new QuackUri(matcher.group(1), port));
    }

    /** The canonical form DuckDB's quack extension attaches: {@code quack:<host>:<port>}. */
    String canonical() {
        return "quack:" + host + ":" + port;
    }
}
