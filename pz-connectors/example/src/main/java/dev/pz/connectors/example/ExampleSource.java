package dev.pz.connectors.example;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The read side: the numbers {@code start, start + step, …} below {@code stop}, with their squares.
 * The native scan hands the whole read to DuckDB; the universal read cuts the sequence into
 * {@code partitions} contiguous slices that pz reads concurrently (PartitionedRead) and returns only
 * the columns pz asks for (ColumnPruning).
 */
final class ExampleSource implements Source {

    static final Field N = Field.nullable("n", new ArrowType.Int(64, true));
    static final Field SQUARE = Field.nullable("square", new ArrowType.Int(64, true));

    /** Offline and side-effect free: the planner calls it for every dataset it plans. */
    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        Sequence sequence = Sequence.of(spec);
        String fragment = "(select range as n, range * range as square from range(" + sequence.start() + ", "
                + sequence.stop() + ", " + sequence.step() + "))";
        return Optional.of(new NativeScan(fragment, List.of(), "range()", sequence.start() + ".." + sequence.stop(),
                false));
    }

    @Override
    public Schema schema(DatasetSpec spec) {
        return new Schema(List.of(N, SQUARE));
    }

    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        Sequence sequence = Sequence.of(spec);
        Schema schema = hints.columns() == null ? schema(spec) : new Schema(schema(spec).getFields().stream()
                .filter(field -> hints.columns().stream().anyMatch(field.getName()::equalsIgnoreCase)).toList());
        long count = sequence.count();
        int slices = (int) Math.max(1, Math.min(spec.get(ExampleOptions.PARTITIONS), count));
        List<ReadPartition> partitions = new ArrayList<>();
        for (int i = 0; i < slices; i++) {
            long first = count * i / slices;
            long end = count * (i + 1) / slices;
            partitions.add(new ExamplePartition(spec.entity() + "#" + (i + 1) + "/" + slices, schema,
                    sequence.start() + first * sequence.step(), end - first, sequence.step()));
        }
        return List.copyOf(partitions);
    }

    @Override
    public void close() {
        // Holds nothing.
    }

    /** The typed read options of one dataset. */
    record Sequence(long start, long stop, long step) {

        static Sequence of(DatasetSpec spec) {
            return new Sequence(spec.get(ExampleOptions.START), spec.get(ExampleOptions.STOP),
                    spec.get(ExampleOptions.STEP));
        }

        long count() {
            return stop <= start ? 0 : (stop - start + step - 1) / step;
        }
    }
}
