package dev.pz.connectors.postgres;

import dev.pz.connectors.api.OnDelete;
import dev.pz.connectors.api.OutputSpec;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * The deleted keys of one merge session: a temp table of the key columns (typed from the keys'
 * Arrow types), filled by a binary COPY on the session's connection, and the statement that applies
 * them to the target after the upsert.
 */
final class PostgresDeleteCopy {

    private final String table;
    private final List<String> keys;
    private final CopyIn copy;
    private final PostgresCopyEncoder encoder;

    private PostgresDeleteCopy(String table, List<String> keys, CopyIn copy, PostgresCopyEncoder encoder) {
        this.table = table;
        this.keys = keys;
        this.copy = copy;
        this.encoder = encoder;
    }

    static PostgresDeleteCopy begin(PostgresConnectionSettings settings, Connection connection, OutputSpec spec,
            Schema schema) throws SQLException {
        List<String> keys = new ArrayList<>();
        List<PostgresWriteType> types = new ArrayList<>();
        List<ArrowType> arrowTypes = new ArrayList<>();
        List<String> definitions = new ArrayList<>();
        for (Field field : schema.getFields()) {
            PostgresWriteType type = PostgresWriteType.of(spec.entity(), field);
            keys.add(field.getName());
            types.add(type);
            arrowTypes.add(field.getType());
            definitions.add(PostgresSql.quote(field.getName()) + " " + type.ddl());
        }
        String table = "pz_tmp_del_" + String.format("%08x", ThreadLocalRandom.current().nextInt());
        PostgresWriteSession.execute(settings, connection, "create temp table " + PostgresSql.quote(table) + " ("
                + String.join(", ", definitions) + ")");
        CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn("copy " + PostgresSql.quote(table)
                + " (" + PostgresSql.quoteAll(keys) + ") from stdin (format binary)");
        return new PostgresDeleteCopy(table, List.copyOf(keys), copy,
                new PostgresCopyEncoder(copy::writeToCopy, types, arrowTypes));
    }

    void encode(VectorSchemaRoot keyBatch) throws SQLException {
        encoder.encode(keyBatch);
    }

    void finish() throws SQLException {
        if (copy.isActive()) {
            encoder.finish();
            copy.endCopy();
        }
    }

    void cancel() throws SQLException {
        if (copy.isActive()) {
            copy.cancelCopy();
        }
    }

    /** {@code delete … using} the keys, or for a soft delete an {@code update} stamping {@code _pz_deleted_at}. */
    String applySql(PostgresTableName target, OnDelete onDelete) {
        String join = keys.stream().map(key -> "t." + PostgresSql.quote(key) + " = d." + PostgresSql.quote(key))
                .collect(Collectors.joining(" and "));
        String keysTable = PostgresSql.quote(table) + " d";
        return onDelete == OnDelete.SOFT
                ? "update " + target.qualified() + " t set " + PostgresSql.quote(OnDelete.DELETED_AT) + " = now() from "
                        + keysTable + " where " + join
                : "delete from " + target.qualified() + " t using " + keysTable + " where " + join;
    }
}
