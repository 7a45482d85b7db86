package dev.pz.connectors.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A loopback socket that speaks just enough HTTP to break it: it reads one request's head, then
 * either sends a response whose body stops short of its {@code Content-Length} and closes, or
 * resets the connection without answering. JDK's {@code HttpServer} cannot do either.
 */
final class RawHttpServer implements AutoCloseable {

    /** How the answer breaks. */
    enum Script { SHORT_BODY, RESET }

    private final ServerSocket socket;
    private final Thread acceptor;

    private RawHttpServer(Script script, String bodyStart) throws IOException {
        socket = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
        acceptor = new Thread(() -> serve(script, bodyStart), "raw-http-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    static RawHttpServer start(Script script, String bodyStart) {
        try {
            return new RawHttpServer(script, bodyStart);
        } catch (IOException e) {
            throw new IllegalStateException("could not open a loopback socket", e);
        }
    }

    String baseUrl() {
        return "http://127.0.0.1:" + socket.getLocalPort() + "/";
    }

    private void serve(Script script, String bodyStart) {
        while (!socket.isClosed()) {
            try (Socket connection = socket.accept()) {
                readHead(connection.getInputStream());
                if (script == Script.RESET) {
                    connection.setSoLinger(true, 0);
                    continue;
                }
                byte[] body = bodyStart.getBytes(StandardCharsets.UTF_8);
                OutputStream out = connection.getOutputStream();
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + (body.length + 4096)
                        + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(body);
                out.flush();
            } catch (IOException e) {
                // Closed by close(), or the client went away: either way this connection is done.
            }
        }
    }

    private static void readHead(InputStream in) throws IOException {
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        for (int b = in.read(); b != -1; b = in.read()) {
            matched = b == end[matched] ? matched + 1 : b == '\r' ? 1 : 0;
            if (matched == end.length) {
                return;
            }
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
            acceptor.join(5_000);
        } catch (IOException e) {
            // Already closed.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
