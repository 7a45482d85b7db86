package dev.pz.connectors.postgres;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * One column of a batch built in heap arrays, laid out as Arrow lays out its buffers, and copied
 * into a vector's fresh buffers once the batch is complete: a row-by-row decoder then writes plain
 * array slots instead of Arrow's bounds- and reference-checked {@code setSafe}. The arrays are
 * reused from batch to batch.
 */
final class ArrowColumnBuilder {

    /** Arrow buffers hold values in the platform's byte order. */
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    /** Where the low 64 bits of a 128-bit value sit (Arrow writes decimals in the platform's order). */
    private static final int LOW_HALF = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? 0 : 8;
    private static final int INITIAL_ROWS = 4096;

    /** Bytes per value; 0 for a bit-packed column, -1 for a variable-width one. */
    private final int width;
    private byte[] validity = new byte[INITIAL_ROWS / 8];
    private byte[] data;
    private byte[] offsets;
    private int capacity = INITIAL_ROWS;
    private int dataLength;

    ArrowColumnBuilder(int width) {
        this.width = width;
        this.data = new byte[width > 0 ? INITIAL_ROWS * width : width == 0 ? INITIAL_ROWS / 8 : INITIAL_ROWS * 8];
        this.offsets = width < 0 ? new byte[(INITIAL_ROWS + 1) * 4] : new byte[0];
    }

    /** Starts a batch: no rows yet. */
    void clear() {
        Arrays.fill(validity, (byte) 0);
        if (width == 0) {
            Arrays.fill(data, (byte) 0);
        }
        dataLength = 0;
    }

    void setNull(int row) {
        ensureRow(row);
        if (width < 0) {
            INT.set(offsets, (row + 1) << 2, dataLength);
        }
    }

    void setInt(int row, int value) {
        ensureRow(row);
        markSet(row);
        INT.set(data, row << 2, value);
    }

    void setLong(int row, long value) {
        ensureRow(row);
        markSet(row);
        LONG.set(data, row << 3, value);
    }

    /** A 128-bit two's complement value from its high and low 64 bits. */
    void set128(int row, long high, long low) {
        ensureRow(row);
        markSet(row);
        LONG.set(data, (row << 4) + LOW_HALF, low);
        LONG.set(data, (row << 4) + (8 - LOW_HALF), high);
    }

    void setBit(int row, boolean value) {
        ensureRow(row);
        markSet(row);
        if (value) {
            data[row >>> 3] |= (byte) (1 << (row & 7));
        }
    }

    /** A variable-width value: {@code length} bytes of {@code source} from {@code offset}. */
    void setBytes(int row, byte[] source, int offset, int length) {
        ensureRow(row);
        markSet(row);
        if (dataLength + length > data.length) {
            data = Arrays.copyOf(data, Math.max(data.length * 2, dataLength + length));
        }
        System.arraycopy(source, offset, data, dataLength, length);
        dataLength += length;
        INT.set(offsets, (row + 1) << 2, dataLength);
    }

    /** Gives {@code vector} fresh buffers holding the first {@code rows} rows built since {@link #clear()}. */
    void copyInto(FieldVector vector, int rows) {
        int validityBytes = (rows + 7) / 8;
        if (width < 0) {
            BaseVariableWidthVector text = (BaseVariableWidthVector) vector;
            text.allocateNew(Math.max(1, dataLength), rows);
            text.getOffsetBuffer().setBytes(0, offsets, 0, (long) (rows + 1) * BaseVariableWidthVector.OFFSET_WIDTH);
            text.getDataBuffer().setBytes(0, data, 0, dataLength);
            text.setLastSet(rows - 1);
        } else {
            ((BaseFixedWidthVector) vector).allocateNew(rows);
            vector.getDataBuffer().setBytes(0, data, 0, width == 0 ? validityBytes : (long) rows * width);
        }
        vector.getValidityBuffer().setBytes(0, validity, 0, validityBytes);
    }

    private void markSet(int row) {
        validity[row >>> 3] |= (byte) (1 << (row & 7));
    }

    private void ensureRow(int row) {
        if (row < capacity) {
            return;
        }
        capacity = Math.max(capacity * 2, row + 1);
        validity = Arrays.copyOf(validity, (capacity + 7) / 8);
        if (width > 0) {
            data = Arrays.copyOf(data, capacity * width);
        } else if (width == 0) {
            data = Arrays.copyOf(data, (capacity + 7) / 8);
        } else {
            offsets = Arrays.copyOf(offsets, (capacity + 1) * 4);
        }
    }
}
