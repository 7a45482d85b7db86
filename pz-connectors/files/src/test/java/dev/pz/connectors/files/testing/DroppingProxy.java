package dev.pz.connectors.files.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback TCP proxy in front of a test server that can cut a connection in the middle of a request,
 * as a server that dies mid-upload does, or stall it, as a hung server does. Armed with a byte count,
 * the first connection whose requests pass that many bytes is closed on both sides (or held, sending
 * nothing more, until the proxy closes) at that point; later connections pass untouched.
 */
public final class DroppingProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicLong dropAfterBytes = new AtomicLong(-1);
    private final AtomicLong stallAfterBytes = new AtomicLong(-1);
    private final AtomicInteger drops = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CountDownLatch stalled = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);

    private DroppingProxy(ServerSocket listener, InetSocketAddress target) {
        this.listener = listener;
        this.target = target;
    }

    public static DroppingProxy to(int port) throws IOException {
        ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        DroppingProxy proxy = new DroppingProxy(listener, new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        Thread accept = new Thread(proxy::accept, "dropping-proxy-accept");
        accept.setDaemon(true);
        accept.start();
        return proxy;
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** The next connection that sends more than {@code bytes} bytes is cut there. */
    public void dropNextConnectionAfter(long bytes) {
        dropAfterBytes.set(bytes);
    }

    /** The next connection that sends more than {@code bytes} bytes stops there until the proxy closes. */
    public void stallNextConnectionAfter(long bytes) {
        stallAfterBytes.set(bytes);
    }

    /** Waits until a connection is stalled. */
    public void awaitStall() throws InterruptedException {
        stalled.await();
    }

    /** How many connections were cut. */
    public int drops() {
        return drops.get();
    }

    private void accept() {
        while (!closed.get()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(target.getAddress(), target.getPort());
                sockets.add(client);
                sockets.add(server);
                pump(client, server, true);
                pump(server, client, false);
            } catch (IOException e) {
                if (!closed.get()) {
                    // A refused upstream connection: the client sees its connection closed.
                    continue;
                }
                return;
            }
        }
    }

    private void pump(Socket from, Socket to, boolean upstream) {
        Thread thread = new Thread(() -> {
            long sent = 0;
            byte[] buffer = new byte[64 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                    long limit = upstream ? dropAfterBytes.get() : -1;
                    if (limit >= 0 && sent + read > limit && dropAfterBytes.compareAndSet(limit, -1)) {
                        out.write(buffer, 0, (int) Math.max(0, limit - sent));
                        out.flush();
                        drops.incrementAndGet();
                        closeQuietly(from);
                        closeQuietly(to);
                        return;
                    }
                    long stallAt = upstream ? stallAfterBytes.get() : -1;
                    if (stallAt >= 0 && sent + read > stallAt && stallAfterBytes.compareAndSet(stallAt, -1)) {
                        out.write(buffer, 0, (int) Math.max(0, stallAt - sent));
                        out.flush();
                        stalled.countDown();
                        released.await();
                        return;
                    }
                    out.write(buffer, 0, read);
                    out.flush();
                    sent += read;
                }
            } catch (IOException e) {
                // The other direction closed the pair.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "dropping-proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Already closed.
        }
    }

    @Override
    public void close() throws IOException {
        closed.set(true);
        released.countDown();
        listener.close();
        sockets.forEach(DroppingProxy::closeQuietly);
    }
}
