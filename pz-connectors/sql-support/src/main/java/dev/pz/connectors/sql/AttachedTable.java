package dev.pz.connectors.sql;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeSqlWrite;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A table of a database the run's DuckDB session attached ({@code attach … as <catalog>}), and the
 * SQL that reads and writes it there: the entity is {@code table} or {@code schema.table}; a read is
 * the table itself, or a select of the contract's columns bounded by the watermark; a write appends,
 * replaces or merges the staged relation ({@value NativeSqlWrite#SOURCE}). Schemas are never created.
 */
public record AttachedTable(String catalog, String schema, String table) {

    private static final SqlDialect DUCK = SqlDialect.DOUBLE_QUOTES;

    public AttachedTable {
        Objects.requireNonNull(catalog, "catalog");
        Objects.requireNonNull(table, "table");
    }

    /**
     * The table an entity names under {@code catalog} (SQL, already quoted where it needs to be).
     *
     * @throws PzConnectorException PZ0344 when the entity is not {@code table} or {@code schema.table}
     */
    public static AttachedTable parse(String catalog, String entity) {
        String[] parts = entity.split("\\.", -1);
        boolean valid = parts.length <= 2 && java.util.Arrays.stream(parts).noneMatch(String::isBlank);
        if (!valid) {
            throw new PzConnectorException(PzCode.ENTITY_NAME_INVALID, "entity '" + entity
                    + "': expected 'table' or 'schema.table'", "name the table, or its schema and the table");
        }
        return parts.length == 1 ? new AttachedTable(catalog, null, parts[0])
                : new AttachedTable(catalog, parts[0], parts[1]);
    }

    /** {@code <catalog>."schema"."table"} or {@code <catalog>."table"}. */
    public String qualified() {
        return catalog + "." + (schema == null ? "" : DUCK.quote(schema) + ".") + DUCK.quote(table);
    }

    /**
     * The native read: the table itself, or {@code (select <contract columns | *> from <table> where
     * <bounds>)} when the dataset declares a contract or reads incrementally with a watermark.
     */
    public String readFragment(DatasetSpec spec) {
        return readFragment(spec, "");
    }

    /**
     * The native read with a time-travel clause after the table ({@code " at (version => 3)"}, or
     * empty for the current state).
     */
    public String readFragment(DatasetSpec spec, String timeTravel) {
        List<String> terms = WatermarkLiterals.terms(spec.watermark(), DUCK);
        boolean contract = spec.columns() != null && !spec.columns().isEmpty();
        if (!contract && terms.isEmpty()) {
            return qualified() + timeTravel;
        }
        String projection = contract ? DUCK.quoteAll(spec.columns().keySet()) : "*";
        return "(select " + projection + " from " + qualified() + timeTravel
                + (terms.isEmpty() ? "" : " where " + String.join(" and ", terms)) + ")";
    }

    /**
     * The write of the staged relation: append creates the table when missing and inserts; replace
     * creates or replaces it; merge creates it when missing and merges on the keys, one staged row
     * per key (an arbitrary one of duplicates, which pz warns about).
     */
    public List<String> writeStatements(OutputSpec spec) {
        String target = qualified();
        String createIfMissing = "create table if not exists " + target + " as select * from "
                + NativeSqlWrite.SOURCE + " limit 0";
        return switch (spec.strategy()) {
            case APPEND -> List.of(createIfMissing, "insert into " + target + " select * from " + NativeSqlWrite.SOURCE);
            case REPLACE -> List.of("create or replace table " + target + " as select * from " + NativeSqlWrite.SOURCE);
            case MERGE -> List.of(createIfMissing, merge(target, spec.keys()));
        };
    }

    /** The mechanism a plan names for a write: {@code <kind> insert|create-or-replace|merge}. */
    public static String mechanism(String kind, WriteStrategy strategy) {
        return kind + " " + switch (strategy) {
            case APPEND -> "insert";
            case REPLACE -> "create-or-replace";
            case MERGE -> "merge";
        };
    }

    private static String merge(String target, List<String> keys) {
        if (keys.isEmpty()) {
            throw new PzConnectorException(PzCode.MERGE_REQUIRES_KEYS, "a merge needs keys", "add keys: [...]");
        }
        String partition = keys.stream().map(key -> "s." + DUCK.quote(key)).collect(Collectors.joining(", "));
        List<String> matches = new ArrayList<>();
        for (String key : keys) {
            matches.add("t." + DUCK.quote(key) + " = s." + DUCK.quote(key));
        }
        return "merge into " + target + " as t using (select s.* from " + NativeSqlWrite.SOURCE
                + " as s qualify row_number() over (partition by " + partition + ") = 1) as s on "
                + String.join(" and ", matches) + " when matched then update when not matched then insert";
    }
}
