package dev.pz.connectors.api;

/** Outcome of a connectivity probe; the message never holds a credential. */
public record ConnectionCheck(boolean ok, String message) {

    public static ConnectionCheck passed() {
        return new ConnectionCheck(true, null);
    }

    public static ConnectionCheck failed(String message) {
        return new ConnectionCheck(false, message);
    }
}
