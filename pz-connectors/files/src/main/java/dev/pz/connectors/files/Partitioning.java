package dev.pz.connectors.files;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.paths.Granularity;
import java.util.Locale;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A fan-out of one write by a timestamp or date column into calendar buckets (one output file per
 * bucket). DuckDB computes each row's bucket start as UTC epoch seconds; a null value stops the write.
 */
public record Partitioning(String column, Granularity granularity) {

    /** The hidden column that carries each row's bucket through DuckDB's partitioned COPY. */
    static final String BUCKET_COLUMN = "__pz_bucket";

    /**
     * Checks the column against the write schema before anything is written.
     *
     * @throws PzConnectorException when the column is missing or is not a timestamp or date
     */
    public static Partitioning of(String column, Granularity granularity, Schema schema, String context) {
        Field field = schema.getFields().stream().filter(candidate -> candidate.getName().equalsIgnoreCase(column))
                .findFirst().orElseThrow(() -> new PzConnectorException(PzCode.PARTITIONED_OUTPUT_CONFIG_INVALID,
                        context + ": partition_by column '" + column + "' is not present in the write schema"));
        if (!(field.getType() instanceof ArrowType.Timestamp) && !(field.getType() instanceof ArrowType.Date)) {
            throw new PzConnectorException(PzCode.PARTITIONED_OUTPUT_CONFIG_INVALID, context + ": partition_by column '"
                    + column + "' is not a timestamp/date column (got '" + field.getType() + "')");
        }
        return new Partitioning(field.getName(), granularity);
    }

    /** {@code <bucket expression> as "__pz_bucket"}; fails the statement on a null value. */
    String bucketColumn() {
        String value = SqlText.identifier(column);
        String unit = granularity.name().toLowerCase(Locale.ROOT);
        return "case when " + value + " is null then error(" + SqlText.string("partition_by column '" + column
                + "' has a null value; a null partition value cannot be routed to a partition folder") + ") else epoch("
                + "date_trunc('" + unit + "', " + value + "::timestamp))::bigint end as " + SqlText.identifier(BUCKET_COLUMN);
    }
}
