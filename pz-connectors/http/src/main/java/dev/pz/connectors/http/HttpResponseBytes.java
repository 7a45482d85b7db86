package dev.pz.connectors.http;

import java.net.URI;
import java.net.http.HttpHeaders;

/** A whole response: the URI that answered (after redirects), its status, headers and body. */
record HttpResponseBytes(URI uri, int status, HttpHeaders headers, byte[] body) {

    boolean succeeded() {
        return status / 100 == 2;
    }

    boolean redirected() {
        return (status == 301 || status == 302 || status == 303 || status == 307 || status == 308)
                && headers.firstValue("Location").isPresent();
    }
}
