package dev.pz.connectors.quack;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeSqlWrite;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.sql.AttachedDatabase;
import dev.pz.connectors.sql.AttachedDatabaseConnector;
import dev.pz.connectors.sql.AttachedTable;
import dev.pz.connectors.sql.ConnectionAliases;
import dev.pz.connectors.sql.DuckDbExtensions;
import dev.pz.connectors.sql.SqlDialect;
import dev.pz.connectors.sql.TcpProbe;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A remote DuckDB server over the Quack protocol, through DuckDB's {@code quack} extension: the run's
 * session stores the token in a secret scoped to the server and attaches it. Quack-attached tables
 * have no row-level DML, so a merge rebuilds the table: the staged rows (one per key) plus the rows
 * whose keys were not staged, in one {@code create or replace}. The extension file must be provided
 * ({@code extension_directory}); without it every use is refused at plan time.
 */
public final class QuackConnector extends AttachedDatabaseConnector {

    static final Option<String> URI = Option.string("uri", "The server: quack:host, quack:host:port or"
            + " quack://host[:port] (port 9494 by default).")
            .must("be quack:host, quack:host:port or quack://host[:port]", text -> QuackUri.parse(text).isPresent())
            .required();
    static final Option<String> TOKEN = Option.string("token", "The server's access token (at least 4 characters).")
            .must("be at least 4 characters", text -> text.length() >= 4).secret().required();

    public QuackConnector() {
        super(QuackConnectorFactory.NAME);
    }

    @Override
    public OptionSet connectionOptions() {
        return OptionSet.of(URI, TOKEN, DuckDbExtensions.EXTENSION_DIRECTORY);
    }

    @Override
    protected AttachedDatabase database(ConnectorConfig config) {
        return new QuackDatabase(config);
    }

    /** Whether the server's port accepts TCP connections (5 s). */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        QuackUri uri = QuackUri.parse(config.get(URI)).orElseThrow();
        return TcpProbe.check(uri.host(), uri.port());
    }

    private static final class QuackDatabase implements AttachedDatabase {
        private final QuackUri uri;
        private final String token;
        private final String alias;
        private final DuckDbExtensions extensions;

        QuackDatabase(ConnectorConfig config) {
            this.uri = QuackUri.parse(config.get(URI)).orElseThrow();
            this.token = config.get(TOKEN);
            this.alias = ConnectionAliases.alias("quack", config.connection());
            this.extensions = DuckDbExtensions.of(QuackConnectorFactory.NAME, config);
        }

        @Override
        public String connector() {
            return QuackConnectorFactory.NAME;
        }

        @Override
        public List<String> setupStatements(String subject) {
            List<String> statements = new ArrayList<>(extensions.load(subject, List.of("quack")));
            statements.add("create or replace secret " + alias + "_secret (type quack, token " + SqlDialect.string(token)
                    + ", scope " + SqlDialect.string(uri.canonical()) + ")");
            statements.add("attach if not exists " + SqlDialect.string(uri.canonical()) + " as " + alias);
            return statements;
        }

        @Override
        public AttachedTable table(String entity) {
            return AttachedTable.parse(alias, entity);
        }

        @Override
        public String location(DatasetSpec spec) {
            return uri.canonical() + " table " + spec.entity();
        }

        @Override
        public List<String> writeStatements(OutputSpec spec) {
            AttachedTable table = table(spec.entity());
            return spec.strategy() == WriteStrategy.MERGE ? mergeByReplace(table, spec.keys()) : table.writeStatements(spec);
        }
    }

    /**
     * A merge without row-level DML: the table becomes the staged rows (one per key) plus its rows
     * whose keys were not staged. Constraints and indexes are lost, column order follows the staged
     * relation, and the whole table crosses the wire.
     */
    static List<String> mergeByReplace(AttachedTable table, List<String> keys) {
        SqlDialect sql = SqlDialect.DOUBLE_QUOTES;
        String target = table.qualified();
        String source = NativeSqlWrite.SOURCE;
        String partition = keys.stream().map(key -> "s." + sql.quote(key)).collect(Collectors.joining(", "));
        String match = keys.stream().map(key -> "s." + sql.quote(key) + " = t." + sql.quote(key))
                .collect(Collectors.joining(" and "));
        return List.of("create table if not exists " + target + " as select * from " + source + " limit 0",
                "create or replace table " + target + " as select s.* from " + source + " as s qualify row_number() over"
                        + " (partition by " + partition + ") = 1 union all by name select t.* from " + target
                        + " as t where not exists (select 1 from " + source + " as s where " + match + ")");
    }
}
