package dev.pz.connectors.api;

import java.util.List;
import java.util.Objects;

/**
 * A read DuckDB performs itself. {@code sqlFragment} is usable after FROM (e.g.
 * {@code read_csv('/abs/orders.csv', …)}); the engine lands it with
 * {@code create table … as select * from <fragment>}. {@code setupStatements} are idempotent and run
 * once per run. {@code mechanism} and {@code location} are for the plan's reason text and must hold
 * no secret: e.g. {@code read_csv} over {@code data/orders.csv}. {@code schemaInferred} is true
 * when DuckDB invents the schema (no {@code columns:} contract). A read of remote objects carries a
 * {@code spoolFetch}: at run time the engine calls it and lands the fragment it returns (over local
 * copies) instead of {@code sqlFragment}, which then only describes the read.
 */
public record NativeScan(String sqlFragment, List<String> setupStatements, String mechanism, String location,
        boolean schemaInferred, SpoolFetch spoolFetch) {

    public NativeScan {
        Objects.requireNonNull(sqlFragment, "sqlFragment");
        setupStatements = List.copyOf(setupStatements);
        Objects.requireNonNull(mechanism, "mechanism");
    }

    /** A read of files DuckDB opens itself. */
    public NativeScan(String sqlFragment, List<String> setupStatements, String mechanism, String location,
            boolean schemaInferred) {
        this(sqlFragment, setupStatements, mechanism, location, schemaInferred, null);
    }
}
