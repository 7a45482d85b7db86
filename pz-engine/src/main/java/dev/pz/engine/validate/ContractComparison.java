package dev.pz.engine.validate;

import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A {@code columns:} contract against a live schema, names compared without case: each declared
 * column must be there with its declared type (PZ0331 otherwise); live columns the contract does
 * not name are extra, which a contract allows.
 */
record ContractComparison(List<PzError> drift, List<Field> extra) {

    /** @param dataset how messages name the dataset, e.g. {@code lake.orders} */
    static ContractComparison of(String dataset, Map<String, String> contract, Schema live) {
        Map<String, Field> byName = new LinkedHashMap<>();
        live.getFields().forEach(field -> byName.putIfAbsent(field.getName().toLowerCase(Locale.ROOT), field));
        List<PzError> drift = new ArrayList<>();
        Set<String> declared = new HashSet<>();
        contract.forEach((column, type) -> {
            declared.add(column.toLowerCase(Locale.ROOT));
            Field field = byName.get(column.toLowerCase(Locale.ROOT));
            String expected = ContractTypes.fromWord(type).map(ContractTypes::word).orElse(type);
            if (field == null) {
                drift.add(PzError.of(PzCode.SCHEMA_DRIFT, "source '" + dataset + "': column '" + column + "' ("
                        + expected + ") is declared in columns: but missing from the live schema (has: "
                        + String.join(", ", live.getFields().stream().map(Field::getName).toList()) + ")")
                        .withHint("update the columns: contract or the source"));
                return;
            }
            String actual = ConnectivityValidator.contractWord(field.getType());
            if (!actual.equals(expected)) {
                boolean named = !actual.startsWith("(");
                drift.add(PzError.of(PzCode.SCHEMA_DRIFT, "source '" + dataset + "': column '" + column
                        + "' is declared " + expected + " but the source has "
                        + ConnectivityValidator.typeName(field.getType()) + (named ? " (" + actual + ")" : ""))
                        .withHint("declare " + column + " as " + (named ? actual : "a matching type")
                                + " in columns:, or cast it in a query:"));
            }
        });
        List<Field> extra = live.getFields().stream()
                .filter(field -> !declared.contains(field.getName().toLowerCase(Locale.ROOT))).toList();
        return new ContractComparison(List.copyOf(drift), extra);
    }
}
