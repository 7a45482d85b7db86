package dev.pz.connectors.localfiles;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Bulk copies between Arrow buffers and Java arrays. The csv codecs touch every cell; through
 * Arrow's per-value accessors each touch pays a bounds and a reference-count check, while one bulk
 * copy per buffer and batch pays them once. Arrow buffers hold values little-endian.
 */
final class LocalFilesArrowArrays {

    private LocalFilesArrowArrays() {
    }

    static void putLongs(ArrowBuf buffer, long[] values, int count) {
        if (count > 0) {
            view(buffer, count * 8L).asLongBuffer().put(values, 0, count);
        }
    }

    static void putInts(ArrowBuf buffer, int[] values, int count) {
        if (count > 0) {
            view(buffer, count * 4L).asIntBuffer().put(values, 0, count);
        }
    }

    static void putBytes(ArrowBuf buffer, byte[] values, int count) {
        if (count > 0) {
            buffer.setBytes(0, values, 0, count);
        }
    }

    /** The first {@code count} longs of the buffer, in {@code reuse} when it is large enough. */
    static long[] longs(ArrowBuf buffer, int count, long[] reuse) {
        long[] values = reuse != null && reuse.length >= count ? reuse : new long[count];
        if (count > 0) {
            view(buffer, count * 8L).asLongBuffer().get(values, 0, count);
        }
        return values;
    }

    static int[] ints(ArrowBuf buffer, int count, int[] reuse) {
        int[] values = reuse != null && reuse.length >= count ? reuse : new int[count];
        if (count > 0) {
            view(buffer, count * 4L).asIntBuffer().get(values, 0, count);
        }
        return values;
    }

    static byte[] bytes(ArrowBuf buffer, int count, byte[] reuse) {
        byte[] values = reuse != null && reuse.length >= count ? reuse : new byte[count];
        if (count > 0) {
            buffer.getBytes(0, values, 0, count);
        }
        return values;
    }

    /** Bytes of a validity bitmap for {@code rows} values. */
    static int validityBytes(int rows) {
        return (rows + 7) >>> 3;
    }

    static boolean isSet(byte[] validity, int row) {
        return (validity[row >>> 3] & (1 << (row & 7))) != 0;
    }

    static void set(byte[] validity, int row) {
        validity[row >>> 3] |= (byte) (1 << (row & 7));
    }

    private static ByteBuffer view(ArrowBuf buffer, long bytes) {
        if (bytes > Integer.MAX_VALUE || bytes > buffer.capacity()) {
            throw new IndexOutOfBoundsException("an Arrow buffer of " + buffer.capacity()
                    + " bytes cannot hold " + bytes);
        }
        return buffer.nioBuffer(0, (int) bytes).order(ByteOrder.LITTLE_ENDIAN);
    }
}
