package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.ContractTypes;
import java.util.Arrays;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * One column of a csv batch being read. Integers, doubles, dates, timestamps and text gather in
 * Java arrays and reach their Arrow vector in one bulk copy per buffer when the batch ends
 * ({@link LocalFilesArrowArrays}); decimals and booleans, rare and costly to parse anyway, are set
 * on the vector cell by cell. Cells are parsed as {@link LocalFilesCsvValues} defines.
 */
abstract class LocalFilesCsvColumn {

    protected final FieldVector vector;

    LocalFilesCsvColumn(FieldVector vector) {
        this.vector = vector;
    }

    static LocalFilesCsvColumn of(ContractTypes type, FieldVector vector) {
        return switch (type) {
            case BIGINT, TIMESTAMP, DOUBLE -> new Longs(type, vector);
            case INT, DATE -> new Ints(type, vector);
            case VARCHAR -> new Text(vector);
            case DECIMAL, BOOLEAN -> new CellByCell(type, vector);
        };
    }

    /** Starts a batch expected to hold about {@code rows} rows (it may hold more). */
    abstract void start(int rows);

    /**
     * Parses a non-empty cell into row {@code row}; rows arrive in order from 0.
     *
     * @throws LocalFilesCsvValues.MalformedValueException when the type cannot hold the value
     */
    abstract void set(int row, byte[] bytes, int start, int end);

    abstract void setNull(int row);

    /** Hands the batch's {@code rows} values to the vector. */
    abstract void finish(int rows);

    /** Values kept in Java arrays with a validity bitmap beside them. */
    private abstract static class Gathered extends LocalFilesCsvColumn {
        protected byte[] validity = new byte[0];
        protected int capacity;

        Gathered(FieldVector vector) {
            super(vector);
        }

        @Override
        final void start(int rows) {
            reserve(Math.max(rows, 1));
            Arrays.fill(validity, (byte) 0);
        }

        /** Grows the arrays to hold at least {@code rows} rows; the row {@code row} fits after it. */
        protected final void ensure(int row) {
            if (row >= capacity) {
                reserve(Math.max(row + 1, capacity * 2));
            }
        }

        private void reserve(int rows) {
            if (rows > capacity) {
                validity = Arrays.copyOf(validity, LocalFilesArrowArrays.validityBytes(rows));
                grow(rows);
                capacity = rows;
            }
        }

        protected abstract void grow(int rows);

        protected final void finishValidity(int rows) {
            LocalFilesArrowArrays.putBytes(vector.getValidityBuffer(), validity,
                    LocalFilesArrowArrays.validityBytes(rows));
        }
    }

    /** 64-bit values: bigints, timestamps in microseconds, and doubles as their IEEE bits. */
    private static final class Longs extends Gathered {
        private final ContractTypes type;
        private long[] values = new long[0];

        Longs(ContractTypes type, FieldVector vector) {
            super(vector);
            this.type = type;
        }

        @Override
        protected void grow(int rows) {
            values = Arrays.copyOf(values, rows);
        }

        @Override
        void set(int row, byte[] bytes, int start, int end) {
            ensure(row);
            values[row] = switch (type) {
                case DOUBLE -> Double.doubleToRawLongBits(LocalFilesCsvValues.parseDouble(bytes, start, end));
                case TIMESTAMP -> LocalFilesDateBytes.parseTimestampMicros(bytes, start, end);
                default -> LocalFilesCsvValues.parseLong(bytes, start, end);
            };
            LocalFilesArrowArrays.set(validity, row);
        }

        @Override
        void setNull(int row) {
            ensure(row);
            values[row] = 0;
        }

        @Override
        void finish(int rows) {
            ((BaseFixedWidthVector) vector).allocateNew(rows);
            LocalFilesArrowArrays.putLongs(vector.getDataBuffer(), values, rows);
            finishValidity(rows);
        }
    }

    private static final class Ints extends Gathered {
        private final boolean date;
        private int[] values = new int[0];

        Ints(ContractTypes type, FieldVector vector) {
            super(vector);
            this.date = type == ContractTypes.DATE;
        }

        @Override
        protected void grow(int rows) {
            values = Arrays.copyOf(values, rows);
        }

        @Override
        void set(int row, byte[] bytes, int start, int end) {
            ensure(row);
            values[row] = date
                    ? (int) LocalFilesDateBytes.parseDate(bytes, start, end)
                    : LocalFilesCsvValues.parseInt(bytes, start, end);
            LocalFilesArrowArrays.set(validity, row);
        }

        @Override
        void setNull(int row) {
            ensure(row);
            values[row] = 0;
        }

        @Override
        void finish(int rows) {
            ((BaseFixedWidthVector) vector).allocateNew(rows);
            LocalFilesArrowArrays.putInts(vector.getDataBuffer(), values, rows);
            finishValidity(rows);
        }
    }

    /** Text: the cell's bytes verbatim, end offsets per row. */
    private static final class Text extends Gathered {
        private int[] offsets = new int[1];
        private byte[] data = new byte[1 << 16];
        private int length;

        Text(FieldVector vector) {
            super(vector);
        }

        @Override
        protected void grow(int rows) {
            offsets = Arrays.copyOf(offsets, rows + 1);
        }

        @Override
        void set(int row, byte[] bytes, int start, int end) {
            ensure(row);
            if (row == 0) {
                length = 0;
            }
            int size = end - start;
            if (length + size > data.length) {
                data = Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 8,
                        Math.max((long) length + size, data.length * 2L)));
            }
            System.arraycopy(bytes, start, data, length, size);
            length += size;
            offsets[row + 1] = length;
            LocalFilesArrowArrays.set(validity, row);
        }

        @Override
        void setNull(int row) {
            ensure(row);
            if (row == 0) {
                length = 0;
            }
            offsets[row + 1] = length;
        }

        @Override
        void finish(int rows) {
            BaseVariableWidthVector text = (BaseVariableWidthVector) vector;
            int bytes = rows == 0 ? 0 : length;
            text.allocateNew(Math.max(bytes, 1), rows);
            LocalFilesArrowArrays.putInts(text.getOffsetBuffer(), offsets, rows + 1);
            LocalFilesArrowArrays.putBytes(text.getDataBuffer(), data, bytes);
            finishValidity(rows);
            // Every row up to the last is set: without this, setValueCount would treat them as holes.
            text.setLastSet(rows - 1);
        }
    }

    /** Set on the vector as each cell is read. */
    private static final class CellByCell extends LocalFilesCsvColumn {
        private final ContractTypes type;

        CellByCell(ContractTypes type, FieldVector vector) {
            super(vector);
            this.type = type;
        }

        @Override
        void start(int rows) {
            vector.setInitialCapacity(rows);
            vector.allocateNew();
        }

        @Override
        void set(int row, byte[] bytes, int start, int end) {
            LocalFilesCsvValues.set(type, vector, row, bytes, start, end);
        }

        @Override
        void setNull(int row) {
            vector.setNull(row);
        }

        @Override
        void finish(int rows) {
            // Already in the vector.
        }
    }
}
