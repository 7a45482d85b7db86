package dev.pz.connectors.formats;

import dev.pz.connectors.api.ContractTypes;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** One batch of the eight contract types, with a row of nulls but for its text. */
final class TestBatches {

    private TestBatches() {
    }

    static Map<String, ContractTypes> contract() {
        Map<String, ContractTypes> contract = new LinkedHashMap<>();
        contract.put("i", ContractTypes.INT);
        contract.put("l", ContractTypes.BIGINT);
        contract.put("d", ContractTypes.DOUBLE);
        contract.put("m", ContractTypes.DECIMAL);
        contract.put("s", ContractTypes.VARCHAR);
        contract.put("b", ContractTypes.BOOLEAN);
        contract.put("day", ContractTypes.DATE);
        contract.put("ts", ContractTypes.TIMESTAMP);
        return contract;
    }

    static List<List<Object>> allTypesRows() {
        List<List<Object>> rows = new ArrayList<>();
        rows.add(Arrays.asList(7, 9_000_000_000L, 0.1, new BigDecimal("12.345000000"), "Zoë, \"quoted\" <&>", true,
                LocalDate.of(2024, 2, 29), LocalDateTime.of(2024, 2, 29, 23, 59, 58)));
        rows.add(Arrays.asList(null, null, null, null, "only text", null, null, null));
        rows.add(Arrays.asList(-1, -2L, -1.5e10, new BigDecimal("-0.000000001"), "", false, LocalDate.of(1970, 1, 1),
                LocalDateTime.of(2000, 1, 1, 0, 0, 0)));
        return rows;
    }

    static VectorSchemaRoot allTypes(BufferAllocator allocator) {
        List<Field> fields = new ArrayList<>();
        contract().forEach((name, type) -> fields.add(Field.nullable(name, type.arrowType())));
        VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator);
        root.allocateNew();
        List<List<Object>> rows = allTypesRows();
        for (int r = 0; r < rows.size(); r++) {
            List<Object> row = rows.get(r);
            if (row.get(0) == null) {
                for (int c = 0; c < row.size(); c++) {
                    if (c != 4) {
                        root.getVector(c).setNull(r);
                    }
                }
                ((VarCharVector) root.getVector(4)).setSafe(r, ((String) row.get(4)).getBytes(StandardCharsets.UTF_8));
                continue;
            }
            ((IntVector) root.getVector(0)).setSafe(r, (Integer) row.get(0));
            ((BigIntVector) root.getVector(1)).setSafe(r, (Long) row.get(1));
            ((Float8Vector) root.getVector(2)).setSafe(r, (Double) row.get(2));
            ((DecimalVector) root.getVector(3)).setSafe(r, (BigDecimal) row.get(3));
            ((VarCharVector) root.getVector(4)).setSafe(r, ((String) row.get(4)).getBytes(StandardCharsets.UTF_8));
            ((BitVector) root.getVector(5)).setSafe(r, (Boolean) row.get(5) ? 1 : 0);
            ((DateDayVector) root.getVector(6)).setSafe(r, (int) ((LocalDate) row.get(6)).toEpochDay());
            ((TimeStampMicroTZVector) root.getVector(7)).setSafe(r, VectorValues.epochMicros((LocalDateTime) row.get(7)));
        }
        root.setRowCount(rows.size());
        return root;
    }
}
