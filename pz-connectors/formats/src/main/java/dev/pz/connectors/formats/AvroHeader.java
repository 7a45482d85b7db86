package dev.pz.connectors.formats;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.avro.file.DataFileConstants;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;

/**
 * An Avro container file's header read without resolving its codec (the Avro reader fails on an
 * unknown codec before it can be named): the codec and the sync marker. Every block of a complete
 * file ends with the sync marker, so a file that does not end with it was cut short — the Avro
 * reader itself takes a cut block for the end of the file.
 */
record AvroHeader(String codec, byte[] sync) {

    /** @throws IOException when the file does not start with an Avro header */
    static AvroHeader read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(in, null);
            byte[] magic = new byte[DataFileConstants.MAGIC.length];
            decoder.readFixed(magic);
            if (!Arrays.equals(magic, DataFileConstants.MAGIC)) {
                throw new IOException("Not an Avro data file");
            }
            String codec = DataFileConstants.NULL_CODEC;
            for (long n = decoder.readMapStart(); n != 0; n = decoder.mapNext()) {
                for (long i = 0; i < n; i++) {
                    String key = decoder.readString();
                    byte[] value = decoder.readBytes(null).array();
                    if (key.equals(DataFileConstants.CODEC)) {
                        codec = new String(value, StandardCharsets.UTF_8).trim();
                    }
                }
            }
            byte[] sync = new byte[DataFileConstants.SYNC_SIZE];
            decoder.readFixed(sync);
            return new AvroHeader(codec, sync);
        }
    }

    /** Whether the file ends with the sync marker, as every complete file does. */
    boolean endsWithSync(Path file) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            if (raf.length() < sync.length) {
                return false;
            }
            byte[] tail = new byte[sync.length];
            raf.seek(raf.length() - sync.length);
            raf.readFully(tail);
            return Arrays.equals(tail, sync);
        }
    }
}
