package dev.pz.connectors.localfiles;

import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * One column of a batch being written, its values copied out of the Arrow buffers in bulk
 * ({@link LocalFilesArrowArrays}) so that the writer reads each cell from a Java array: validity
 * for every kind; integers, doubles and text for the kinds the writer formats itself. The arrays are
 * reused from batch to batch.
 */
final class LocalFilesCsvCells {

    private final LocalFilesRowWriter.Kind kind;
    /** Null when the batch's column has no null. */
    private byte[] validity;
    private byte[] validityCopy;
    private long[] longs;
    private int[] ints;
    private int[] offsets;
    private byte[] text;

    LocalFilesCsvCells(LocalFilesRowWriter.Kind kind) {
        this.kind = kind;
    }

    /** Takes the first {@code rows} values of the vector; valid until the next load. */
    void load(FieldVector vector, int rows) {
        if (vector.getNullCount() == 0) {
            validity = null;
        } else {
            validityCopy = LocalFilesArrowArrays.bytes(vector.getValidityBuffer(),
                    LocalFilesArrowArrays.validityBytes(rows), validityCopy);
            validity = validityCopy;
        }
        switch (kind) {
            case INT64, DOUBLE -> longs = LocalFilesArrowArrays.longs(vector.getDataBuffer(), rows, longs);
            case INT32 -> ints = LocalFilesArrowArrays.ints(vector.getDataBuffer(), rows, ints);
            case UTF8 -> {
                BaseVariableWidthVector variable = (BaseVariableWidthVector) vector;
                offsets = LocalFilesArrowArrays.ints(variable.getOffsetBuffer(), rows + 1, offsets);
                text = LocalFilesArrowArrays.bytes(variable.getDataBuffer(), rows == 0 ? 0 : offsets[rows], text);
            }
            default -> {
                // Formatted from the vector itself (LocalFilesRowWriter.text).
            }
        }
    }

    boolean isNull(int row) {
        return validity != null && !LocalFilesArrowArrays.isSet(validity, row);
    }

    /** A 32- or 64-bit integer cell. */
    long longValue(int row) {
        return kind == LocalFilesRowWriter.Kind.INT32 ? ints[row] : longs[row];
    }

    double doubleValue(int row) {
        return Double.longBitsToDouble(longs[row]);
    }

    /** The text bytes of the batch's column: cell {@code row} spans {@link #textStart}..{@link #textEnd}. */
    byte[] textBytes() {
        return text;
    }

    int textStart(int row) {
        return offsets[row];
    }

    int textEnd(int row) {
        return offsets[row + 1];
    }
}
