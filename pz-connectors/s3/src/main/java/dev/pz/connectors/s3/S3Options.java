package dev.pz.connectors.s3;

import dev.pz.connectors.api.Choice;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.remote.RemoteRead;
import dev.pz.connectors.files.remote.RemoteSource;
import dev.pz.connectors.files.remote.RemoteWrite;
import java.util.Locale;

/**
 * Every option the s3 connector accepts. The format options are the file-place connectors' own
 * ({@link FormatOptions}); s3 writes the formats DuckDB handles (csv, tsv, json, parquet) and reads
 * those, plus xlsx and avro through pz's own readers in the run's spool.
 */
final class S3Options {

    static final String DEFAULT_REGION = "us-east-1";

    static final Option<String> ACCESS_KEY = Option.string("access_key", "Access key id; with secret_key. Without"
            + " both (and without profile), the AWS credential chain: environment keys, web identity"
            + " (AWS_WEB_IDENTITY_TOKEN_FILE + AWS_ROLE_ARN: EKS IRSA and pod identity), AWS_PROFILE, container or"
            + " instance role.").secret();
    static final Option<String> SECRET_KEY = Option.string("secret_key", "Secret access key; with access_key.")
            .secret();
    static final Option<String> PROFILE = Option.string("profile", "A named profile of the AWS config files"
            + " (~/.aws/config, ~/.aws/credentials, or AWS_CONFIG_FILE / AWS_SHARED_CREDENTIALS_FILE): keys, IAM"
            + " Identity Center (SSO, after aws sso login), assume-role, web identity or credential_process. Not with"
            + " access_key. Default: AWS_PROFILE through the credential chain.");
    static final Option<String> ROLE_ARN = Option.string("role_arn", "An IAM role to assume with STS on top of the"
            + " other credentials (keys, profile or chain); temporary credentials are renewed before they expire.")
            .must("be an IAM role ARN (arn:<partition>:iam::<account>:role/<name>)", S3Settings::validRoleArn);
    static final Option<String> EXTERNAL_ID = Option.string("external_id", "The external id the role's trust"
            + " policy asks for (with role_arn).").secret();
    static final Option<String> SESSION_NAME = Option.string("session_name", "The STS session name of the assumed"
            + " role (with role_arn); it shows in CloudTrail. Default: pz-<connection>.")
            .must("be 2 to 64 characters of letters, digits and =,.@-_", S3Settings::validSessionName);
    static final Option<String> ROOT = Option.string("root", "The bucket, or bucket/prefix, that keys are under."
            + " Default: none (each entity names its bucket).");
    static final Option<String> REGION = Option.string("region", "AWS region. Default: the AWS region chain"
            + " (AWS_REGION, profile), else " + DEFAULT_REGION + ".");
    static final Option<String> ENDPOINT = Option.string("endpoint", "host[:port] or http(s) URL of an"
            + " S3-compatible store (MinIO, Ceph, R2, …). Default: AWS.")
            .must("be host[:port] or an http(s) URL", S3Settings::validEndpoint);
    static final Option<UrlStyle> URL_STYLE = Option.choice("url_style", "Bucket addressing: in the host name"
            + " (vhost) or in the path (path, what most S3-compatible stores need).", UrlStyle.class)
            .defaultValue(UrlStyle.VHOST);
    static final Option<Boolean> USE_SSL = Option.bool("use_ssl", "Whether an endpoint written as host[:port] is"
            + " spoken to over HTTPS.").defaultValue(true);

    static final Option<String> BUCKET = Option.string("bucket", "Another bucket than the root's (the root's prefix"
            + " then does not apply).");
    static final Option<String> READ_PATH = Option.string("path", "The key under the root's prefix: one key, a glob"
            + " (* within a segment, ** across) or a calendar template ({yyyy}/{MM}/{dd}/…). Default:"
            + " <entity>.<format extension>.");
    static final Option<String> WRITE_PATH = Option.string("path", "The key prefix the object goes under (below"
            + " the root's prefix); with partition_by, the folder template ({yyyy}/{MM}/{dd}/…).");

    static final Option<FileFormat> READ_FORMAT = FormatOptions.formatOption("File format of the objects (xlsx and avro"
            + " are read by pz itself).", RemoteRead.FORMATS, FileFormat.PARQUET);
    static final Option<FileFormat> WRITE_FORMAT = FormatOptions.formatOption("File format of the object written.",
            RemoteWrite.FORMATS, null);

    static final OptionSet CONNECTION = OptionSet.of(ACCESS_KEY, SECRET_KEY, ROOT, REGION, ENDPOINT, URL_STYLE,
            USE_SSL, PROFILE, ROLE_ARN, EXTERNAL_ID, SESSION_NAME);
    static final OptionSet READ = OptionSet.of(BUCKET, READ_PATH, READ_FORMAT, FormatOptions.DELIMITER,
            FormatOptions.LAYOUT, FormatOptions.SHEET, FormatOptions.HEADER, RemoteSource.FILES_PER_PARTITION);
    static final OptionSet WRITE = OptionSet.of(BUCKET, WRITE_PATH, WRITE_FORMAT, FormatOptions.DELIMITER,
            FormatOptions.LAYOUT, FormatOptions.COMPRESSION);

    private S3Options() {
    }

    /** How requests name the bucket. */
    enum UrlStyle implements Choice {
        VHOST, PATH;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
