package dev.pz.connectors.formats;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Writes one Avro datum of any shape into the Arrow vector {@link AvroColumn#field} made for its
 * schema: records into structs, arrays into lists, maps into maps, leaves through
 * {@link VectorValues}.
 */
final class AvroNested {

    private AvroNested() {
    }

    static void write(FieldVector vector, int index, Schema declared, Object datum) {
        if (datum == null) {
            vector.setNull(index);
            return;
        }
        Schema schema = AvroColumn.unwrap(declared, vector.getName());
        switch (schema.getType()) {
            case RECORD -> {
                StructVector struct = (StructVector) vector;
                GenericRecord record = (GenericRecord) datum;
                struct.setIndexDefined(index);
                List<Schema.Field> fields = schema.getFields();
                for (int i = 0; i < fields.size(); i++) {
                    write((FieldVector) struct.getChildByOrdinal(i), index, fields.get(i).schema(), record.get(i));
                }
            }
            case ARRAY -> {
                ListVector list = (ListVector) vector;
                Collection<?> items = (Collection<?>) datum;
                int start = list.startNewValue(index);
                int offset = start;
                for (Object item : items) {
                    write(list.getDataVector(), offset++, schema.getElementType(), item);
                }
                list.endValue(index, items.size());
            }
            case MAP -> {
                MapVector map = (MapVector) vector;
                Map<?, ?> entries = (Map<?, ?>) datum;
                StructVector pairs = (StructVector) map.getDataVector();
                int offset = map.startNewValue(index);
                for (Map.Entry<?, ?> entry : entries.entrySet()) {
                    pairs.setIndexDefined(offset);
                    VectorValues.set((FieldVector) pairs.getChildByOrdinal(0), offset, entry.getKey().toString());
                    write((FieldVector) pairs.getChildByOrdinal(1), offset, schema.getValueType(), entry.getValue());
                    offset++;
                }
                map.endValue(index, entries.size());
            }
            default -> VectorValues.set(vector, index, AvroColumn.value(schema, datum));
        }
    }
}
