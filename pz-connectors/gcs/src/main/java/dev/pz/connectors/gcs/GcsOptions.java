package dev.pz.connectors.gcs;

import dev.pz.connectors.api.Choice;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.remote.RemoteRead;
import dev.pz.connectors.files.remote.RemoteSource;
import dev.pz.connectors.files.remote.RemoteWrite;
import java.util.Locale;

/** Every option gcs accepts. */
final class GcsOptions {

    static final Option<Auth> AUTH = Option.choice("auth", "How pz authenticates: hmac (interoperability key"
            + " pair), service_account (a key file or inline key) or adc (Application Default Credentials).",
            Auth.class).required();
    static final Option<String> KEY_ID = Option.string("key_id", "hmac: the HMAC access key id.");
    static final Option<String> SECRET = Option.string("secret", "hmac: the HMAC secret.").secret();
    static final Option<String> KEY_FILE = Option.string("key_file", "service_account: path of the JSON key file,"
            + " relative to the project directory or absolute.");
    static final Option<String> KEY_JSON = Option.string("key_json", "service_account: the JSON key itself.")
            .secret();
    static final Option<String> ROOT = Option.string("root", "bucket or bucket/prefix every key is under.");
    static final Option<String> ENDPOINT = Option.string("endpoint", "service_account/adc: base URL of the JSON API"
            + " (an emulator); hmac: host[:port] of the S3-compatible XML API.");
    static final Option<UrlStyle> URL_STYLE = Option.choice("url_style", "hmac: vhost or path addressing.",
            UrlStyle.class);
    static final Option<Boolean> USE_SSL = Option.bool("use_ssl", "hmac: https (true) or http (false).");

    static final Option<String> BUCKET = Option.string("bucket", "Bucket of this entity, instead of root's.");
    static final Option<String> READ_PATH = Option.string("path", "Key, glob (** crosses /) or calendar template"
            + " ({yyyy}/{MM}/{dd}/…) under root's prefix. Default: <entity>.<format extension>.");
    static final Option<FileFormat> READ_FORMAT = FormatOptions.formatOption("File format of the dataset (xlsx and"
            + " avro are read by pz itself).", RemoteRead.FORMATS, FileFormat.PARQUET);
    static final Option<String> WRITE_PATH = Option.string("path", "Key prefix the output object is written under,"
            + " after root's prefix; with partition_by, a folder template with calendar tokens.");
    static final Option<FileFormat> WRITE_FORMAT = FormatOptions.formatOption("File format of the output.",
            RemoteWrite.FORMATS, null);

    static final OptionSet CONNECTION = OptionSet.of(AUTH, KEY_ID, SECRET, KEY_FILE, KEY_JSON, ROOT, ENDPOINT,
            URL_STYLE, USE_SSL);
    static final OptionSet READ = OptionSet.of(BUCKET, READ_PATH, READ_FORMAT, FormatOptions.DELIMITER,
            FormatOptions.LAYOUT, FormatOptions.SHEET, FormatOptions.HEADER, RemoteSource.FILES_PER_PARTITION);
    static final OptionSet WRITE = OptionSet.of(BUCKET, WRITE_PATH, WRITE_FORMAT, FormatOptions.DELIMITER,
            FormatOptions.LAYOUT, FormatOptions.COMPRESSION);

    private GcsOptions() {
    }

    /** The three ways to authenticate. */
    enum Auth implements Choice {
        HMAC, SERVICE_ACCOUNT, ADC;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Addressing of the XML API under hmac. */
    enum UrlStyle implements Choice {
        VHOST, PATH;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
