package dev.pz.cli;

import dev.pz.connectors.postgres.PostgresTestServer;
import java.util.HashMap;
import java.util.Map;

/** What CLI tests against the shared PostgreSQL server need: its address as variables, and a connection entry. */
final class PostgresProjects {

    private PostgresProjects() {
    }

    /** The process environment plus {@code PG_HOST}, {@code PG_PORT}, {@code PG_DB}, {@code PG_USER}, {@code PG_PASSWORD}. */
    static Map<String, String> environment(PostgresTestServer.Endpoint server) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PG_HOST", server.host());
        env.put("PG_PORT", String.valueOf(server.port()));
        env.put("PG_DB", server.database());
        env.put("PG_USER", server.user());
        env.put("PG_PASSWORD", server.password());
        return env;
    }

    /** A postgres connection named {@code name} reading those variables, with extra keys and entities. */
    static String connection(String name, String extra, String entities) {
        return name + ":\n  connector: postgres\n  host: ${PG_HOST}\n  port: ${PG_PORT}\n  database: ${PG_DB}\n"
                + "  user: ${PG_USER}\n  password: ${PG_PASSWORD}\n" + extra
                + (entities.isEmpty() ? "" : "  entities:\n" + entities);
    }
}
