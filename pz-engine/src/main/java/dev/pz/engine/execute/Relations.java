package dev.pz.engine.execute;

import dev.pz.duckdb.SqlLiterals;

/** Quoted names of staging relations. */
final class Relations {

    private Relations() {
    }

    static String staging(String name) {
        return "staging." + SqlLiterals.identifier(name);
    }
}
