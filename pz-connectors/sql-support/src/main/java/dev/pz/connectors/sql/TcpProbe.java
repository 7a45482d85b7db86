package dev.pz.connectors.sql;

import dev.pz.connectors.api.ConnectionCheck;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;

/** The connection check of a server pz reaches only through DuckDB: can a TCP connection be opened? */
public final class TcpProbe {

    private static final int TIMEOUT_MILLIS = 5_000;

    private TcpProbe() {
    }

    public static ConnectionCheck check(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
            return ConnectionCheck.passed();
        } catch (UnknownHostException e) {
            return ConnectionCheck.failed("permanent: unknown host '" + host + "'");
        } catch (IOException e) {
            return ConnectionCheck.failed("transient: cannot reach " + host + ":" + port + " (" + e.getMessage() + ")");
        }
    }
}
