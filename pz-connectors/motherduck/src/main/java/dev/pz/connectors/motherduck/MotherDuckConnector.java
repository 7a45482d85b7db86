package dev.pz.connectors.motherduck;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.sql.AttachedDatabase;
import dev.pz.connectors.sql.AttachedDatabaseConnector;
import dev.pz.connectors.sql.AttachedTable;
import dev.pz.connectors.sql.DuckDbExtensions;
import dev.pz.connectors.sql.SqlDialect;
import java.util.ArrayList;
import java.util.List;

/**
 * MotherDuck, the hosted DuckDB service, through DuckDB's proprietary {@code motherduck} extension:
 * the run's session sets the token and attaches {@code md:<database>} (under the database's own
 * name: MotherDuck refuses an alias), then reads and writes its tables natively. The extension file
 * must be provided ({@code extension_directory}); without it every use is refused at plan time.
 */
public final class MotherDuckConnector extends AttachedDatabaseConnector {

    static final Option<String> DATABASE = Option.string("database", "The MotherDuck database; it and its schemas"
            + " must exist.").must("not be blank", text -> !text.isBlank()).required();
    static final Option<String> TOKEN = Option.string("token", "MotherDuck access token.").secret().required();

    public MotherDuckConnector() {
        super(MotherDuckConnectorFactory.NAME);
    }

    @Override
    public OptionSet connectionOptions() {
        return OptionSet.of(DATABASE, TOKEN, DuckDbExtensions.EXTENSION_DIRECTORY);
    }

    /** MotherDuck has no offline probe; the first run authenticates. */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        return new ConnectionCheck(true, "not checked: motherduck has no offline probe; the first run authenticates");
    }

    @Override
    protected AttachedDatabase database(ConnectorConfig config) {
        String database = config.get(DATABASE);
        String token = config.get(TOKEN);
        DuckDbExtensions extensions = DuckDbExtensions.of(MotherDuckConnectorFactory.NAME, config);
        return new AttachedDatabase() {
            @Override
            public String connector() {
                return MotherDuckConnectorFactory.NAME;
            }

            /** The token can be set only before the extension's first attach in a session. */
            @Override
            public List<String> setupStatements(String subject) {
                List<String> statements = new ArrayList<>(extensions.load(subject, List.of("motherduck")));
                statements.add("set motherduck_token = " + SqlDialect.string(token));
                statements.add("attach if not exists " + SqlDialect.string("md:" + database));
                return statements;
            }

            @Override
            public AttachedTable table(String entity) {
                return AttachedTable.parse(SqlDialect.DOUBLE_QUOTES.quote(database), entity);
            }

            @Override
            public String location(DatasetSpec spec) {
                return "md:" + database + " table " + spec.entity();
            }
        };
    }
}
