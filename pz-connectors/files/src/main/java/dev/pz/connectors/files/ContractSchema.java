package dev.pz.connectors.files;

import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** A {@code columns:} contract as types and as the Arrow schema a universal read produces for it. */
public final class ContractSchema {

    private ContractSchema() {
    }

    /**
     * The contract's types in declaration order.
     *
     * @throws PzConnectorException for a type outside the eight contract types
     */
    public static Map<String, ContractTypes> types(Map<String, String> contract, String context) {
        Map<String, ContractTypes> types = new LinkedHashMap<>();
        contract.forEach((name, word) -> types.put(name, ContractTypes.fromWord(word)
                .orElseThrow(() -> new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, context + ": "
                        + ContractTypes.unknown(name, word), ContractTypes.unknownHint()))));
        return types;
    }

    /** Every column nullable, typed by {@link ContractTypes#arrowType()}. */
    public static Schema arrow(Map<String, ContractTypes> types) {
        List<Field> fields = new ArrayList<>();
        types.forEach((name, type) -> fields.add(Field.nullable(name, type.arrowType())));
        return new Schema(fields);
    }

    /** The contract columns a CSV header names (case-insensitively), in contract order. */
    public static Map<String, ContractTypes> presentIn(Map<String, ContractTypes> types, List<String> header) {
        Map<String, ContractTypes> present = new LinkedHashMap<>();
        types.forEach((name, type) -> {
            if (header.stream().anyMatch(column -> column.strip().equalsIgnoreCase(name))) {
                present.put(name, type);
            }
        });
        return present;
    }
}
