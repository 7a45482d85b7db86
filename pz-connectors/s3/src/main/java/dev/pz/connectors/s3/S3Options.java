package dev.pz.connectors.s3;

import dev.pz.connectors.api.OptionSchema;
import dev.pz.connectors.api.OptionSchema.OptionType;
import dev.pz.connectors.api.paths.PartitionColumns;
import dev.pz.connectors.files.FormatOptions;
import java.util.Set;

/** Every option the s3 connector accepts, with its shape, in one place. */
final class S3Options {

    static final String ACCESS_KEY = "access_key";
    static final String SECRET_KEY = "secret_key";
    static final String ROOT = "root";
    static final String REGION = "region";
    static final String ENDPOINT = "endpoint";
    static final String URL_STYLE = "url_style";
    static final String USE_SSL = "use_ssl";

    static final String BUCKET = "bucket";
    static final String PATH = "path";
    static final String FILES_PER_PARTITION = "files_per_partition";

    static final String DEFAULT_REGION = "us-east-1";

    /** The keys whose values pz never prints. */
    static final Set<String> SECRETS = Set.of(ACCESS_KEY, SECRET_KEY);

    private S3Options() {
    }

    static OptionSchema connection() {
        return OptionSchema.builder()
                .optional(ACCESS_KEY, OptionType.STRING)
                .optional(SECRET_KEY, OptionType.STRING)
                .optional(ROOT, OptionType.STRING)
                .optional(REGION, OptionType.STRING)
                .optional(ENDPOINT, OptionType.STRING)
                .optional(URL_STYLE, OptionType.STRING)
                .optional(USE_SSL, OptionType.BOOLEAN)
                .build();
    }

    /** {@code files_per_partition} is accepted only so the planner can refuse it with PZ0312 (reads are native). */
    static OptionSchema read() {
        return FormatOptions.declare(OptionSchema.builder().optional(BUCKET, OptionType.STRING).optional(PATH, OptionType.STRING))
                .optional(FILES_PER_PARTITION, OptionType.ANY)
                .build();
    }

    /** {@code partition_by} is accepted only so the sink can refuse it with its reason (PZ0314). */
    static OptionSchema write() {
        return FormatOptions.declare(OptionSchema.builder().optional(BUCKET, OptionType.STRING).optional(PATH, OptionType.STRING))
                .optional(FormatOptions.COMPRESSION, OptionType.STRING)
                .optional(PartitionColumns.OPTION, OptionType.STRING_OR_LIST)
                .build();
    }

}
