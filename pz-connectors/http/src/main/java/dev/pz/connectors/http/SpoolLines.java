package dev.pz.connectors.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** The LF-terminated lines of a write's temporary, as bytes, read in large blocks. */
final class SpoolLines implements AutoCloseable {

    private final InputStream in;
    private final byte[] buffer = new byte[1 << 16];
    private int start;
    private int end;

    SpoolLines(Path file) throws IOException {
        this.in = Files.newInputStream(file);
    }

    /** The next line without its LF, or null at the end. */
    byte[] next() throws IOException {
        ByteArrayOutputStream partial = null;
        while (true) {
            for (int i = start; i < end; i++) {
                if (buffer[i] == '\n') {
                    byte[] line = Arrays.copyOfRange(buffer, start, i);
                    start = i + 1;
                    if (partial == null) {
                        return line;
                    }
                    partial.writeBytes(line);
                    return partial.toByteArray();
                }
            }
            if (partial == null) {
                partial = new ByteArrayOutputStream();
            }
            partial.write(buffer, start, end - start);
            start = 0;
            end = Math.max(0, in.read(buffer));
            if (end == 0) {
                return partial.size() == 0 ? null : partial.toByteArray();
            }
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
