package dev.pz.connectors.files.testing;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** Rows to write and a way to read a dataset back as text, for remote store connectors' tests. */
public final class RemoteRows {

    private RemoteRows() {
    }

    /** A {@code columns:} contract in the order written: name, type, name, type, … */
    public static java.util.Map<String, String> contract(String... namesAndTypes) {
        java.util.Map<String, String> contract = new java.util.LinkedHashMap<>();
        for (int i = 0; i < namesAndTypes.length; i += 2) {
            contract.put(namesAndTypes[i], namesAndTypes[i + 1]);
        }
        return contract;
    }

    /** Rows {@code id} 1..n with {@code name} {@code n<id>}; row 2's name is null. */
    public static VectorSchemaRoot batch(BufferAllocator allocator, int count) {
        Schema schema = new Schema(List.of(Field.nullable("id", new ArrowType.Int(64, true)),
                Field.nullable("name", ArrowType.Utf8.INSTANCE)));
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        BigIntVector ids = (BigIntVector) root.getVector("id");
        VarCharVector names = (VarCharVector) root.getVector("name");
        for (int i = 0; i < count; i++) {
            ids.setSafe(i, i + 1);
            if (i == 1) {
                names.setNull(i);
            } else {
                names.setSafe(i, ("n" + (i + 1)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        root.setRowCount(count);
        return root;
    }

    /** Every row of every partition, each as {@code v1|v2|…} ({@code null} for a null), in read order. */
    public static List<String> read(Source source, DatasetSpec spec) {
        List<String> rows = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator()) {
            for (ReadPartition partition : source.planRead(spec, ReadHints.none())) {
                try (ArrowReader reader = partition.open(allocator, BatchOptions.defaults())) {
                    while (reader.loadNextBatch()) {
                        VectorSchemaRoot root = reader.getVectorSchemaRoot();
                        for (int row = 0; row < root.getRowCount(); row++) {
                            StringJoiner line = new StringJoiner("|");
                            for (var vector : root.getFieldVectors()) {
                                line.add(String.valueOf(vector.getObject(row)));
                            }
                            rows.add(line.toString());
                        }
                    }
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return rows;
    }
}
