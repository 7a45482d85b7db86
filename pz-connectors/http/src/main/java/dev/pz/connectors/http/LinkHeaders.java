package dev.pz.connectors.http;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code rel="next"} target of RFC 8288 {@code Link} headers, resolved against the URI that
 * answered. A next link that is present but cannot be read is an error, never the end of a crawl.
 */
final class LinkHeaders {

    /** A {@code Link} header names a next page that is not a URL. */
    static final class UnreadableLinkException extends Exception {
        private static final long serialVersionUID = 1L;

        UnreadableLinkException(String message) {
            super(message);
        }
    }

    private LinkHeaders() {
    }

    static Optional<URI> next(List<String> headers, URI current) throws UnreadableLinkException {
        for (String header : headers) {
            for (String link : splitLinks(header)) {
                String value = link.strip();
                if (!value.startsWith("<") || value.indexOf('>') < 0) {
                    continue;
                }
                int close = value.indexOf('>');
                if (isNext(value.substring(close + 1))) {
                    String target = value.substring(1, close).strip();
                    try {
                        return Optional.of(current.resolve(new URI(target)));
                    } catch (URISyntaxException | IllegalArgumentException e) {
                        throw new UnreadableLinkException("the Link header's next link is not a URL");
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** Whether a link's parameters hold a {@code rel} whose space-separated types include {@code next}. */
    private static boolean isNext(String parameters) {
        for (String parameter : parameters.split(";")) {
            int equals = parameter.indexOf('=');
            if (equals < 0 || !parameter.substring(0, equals).strip().equalsIgnoreCase("rel")) {
                continue;
            }
            String rel = parameter.substring(equals + 1).strip();
            if (rel.length() >= 2 && rel.startsWith("\"") && rel.endsWith("\"")) {
                rel = rel.substring(1, rel.length() - 1);
            }
            for (String type : rel.toLowerCase(Locale.ROOT).split("\\s+")) {
                if (type.equals("next")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A header's comma-separated links; commas inside {@code <…>} or quotes do not split. */
    private static List<String> splitLinks(String header) {
        List<String> links = new ArrayList<>();
        boolean inTarget = false;
        boolean inQuotes = false;
        int start = 0;
        for (int i = 0; i < header.length(); i++) {
            char c = header.charAt(i);
            if (c == '<' && !inQuotes) {
                inTarget = true;
            } else if (c == '>' && !inQuotes) {
                inTarget = false;
            } else if (c == '"' && !inTarget) {
                inQuotes = !inQuotes;
            } else if (c == ',' && !inTarget && !inQuotes) {
                links.add(header.substring(start, i));
                start = i + 1;
            }
        }
        links.add(header.substring(start));
        return links;
    }
}
