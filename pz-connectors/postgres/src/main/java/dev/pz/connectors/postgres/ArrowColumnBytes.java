package dev.pz.connectors.postgres;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * One column of an Arrow batch copied into heap arrays, so a row-by-row encoder reads its values
 * with plain array accesses instead of Arrow's bounds- and reference-checked buffer reads (one
 * bulk copy per buffer and batch). The arrays are reused from batch to batch.
 */
final class ArrowColumnBytes {

    /** Arrow buffers hold values in the platform's byte order. */
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.nativeOrder());
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

    /** Bytes per value; 0 for a bit-packed column, -1 for a variable-width one. */
    private final int width;
    private byte[] validity = new byte[0];
    private byte[] data = new byte[0];
    private byte[] offsets = new byte[0];
    private FieldVector vector;

    ArrowColumnBytes(int width) {
        this.width = width;
    }

    /** Copies the first {@code rows} values of {@code vector}, which must stay open while they are read. */
    void load(FieldVector vector, int rows) {
        this.vector = vector;
        int validityBytes = (rows + 7) / 8;
        validity = copy(vector.getValidityBuffer(), validity, validityBytes);
        if (width > 0) {
            data = copy(vector.getDataBuffer(), data, rows * width);
        } else if (width == 0) {
            data = copy(vector.getDataBuffer(), data, validityBytes);
        } else {
            offsets = copy(vector.getOffsetBuffer(), offsets, (rows + 1) * BaseVariableWidthVector.OFFSET_WIDTH);
            data = copy(vector.getDataBuffer(), data, rows == 0 ? 0 : end(rows - 1));
        }
    }

    private static byte[] copy(ArrowBuf buffer, byte[] into, int bytes) {
        byte[] target = into.length >= bytes ? into : new byte[Math.max(bytes, into.length + into.length / 2)];
        if (bytes > 0) {
            buffer.getBytes(0, target, 0, bytes);
        }
        return target;
    }

    /** The vector of the last {@link #load}, for values the arrays cannot give cheaply. */
    FieldVector vector() {
        return vector;
    }

    boolean isNull(int row) {
        return (validity[row >>> 3] & (1 << (row & 7))) == 0;
    }

    byte byteAt(int row) {
        return data[row];
    }

    short shortAt(int row) {
        return (short) SHORT.get(data, row << 1);
    }

    int intAt(int row) {
        return (int) INT.get(data, row << 2);
    }

    long longAt(int row) {
        return (long) LONG.get(data, row << 3);
    }

    /** The low (0) or high (1) 64 bits of a 128-bit value, on a little-endian platform. */
    long longOf128(int row, int half) {
        return (long) LONG.get(data, (row << 4) + (half << 3));
    }

    boolean bit(int row) {
        return (data[row >>> 3] & (1 << (row & 7))) != 0;
    }

    /** Where a variable-width value starts in {@link #data()}. */
    int start(int row) {
        return (int) INT.get(offsets, row << 2);
    }

    int end(int row) {
        return (int) INT.get(offsets, (row + 1) << 2);
    }

    byte[] data() {
        return data;
    }
}
