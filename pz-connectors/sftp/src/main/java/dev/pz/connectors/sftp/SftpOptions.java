package dev.pz.connectors.sftp;

import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.remote.RemoteSource;
import java.util.List;

/** Every option sftp accepts. */
final class SftpOptions {

    /** The formats DuckDB reads and writes on the spooled files (xlsx and avro need a native tier). */
    static final List<FileFormat> FORMATS = List.of(FileFormat.CSV, FileFormat.JSON, FileFormat.PARQUET,
            FileFormat.TSV);

    static final Option<String> HOST = Option.string("host", "SSH server host name or address.").required();
    static final Option<Integer> PORT = Option.integer("port", "SSH server port.").between(1, 65_535).defaultValue(22);
    static final Option<String> USERNAME = Option.string("username", "SSH user name.").required();
    static final Option<String> PASSWORD = Option.string("password", "Password authentication (exactly one of"
            + " password and private_key_path).").secret();
    static final Option<String> PRIVATE_KEY_PATH = Option.string("private_key_path", "Private key file (OpenSSH or"
            + " PEM) for public-key authentication, relative to the project directory or absolute.");
    static final Option<String> PRIVATE_KEY_PASSPHRASE = Option.string("private_key_passphrase", "Passphrase of an"
            + " encrypted private key.").secret();
    static final Option<String> HOST_KEY_FINGERPRINT = Option.string("host_key_fingerprint", "The server's SHA-256"
            + " host key fingerprint ('SHA256:<base64>' or the bare base64), checked before authenticating. Without"
            + " it any host key is accepted.").must("be a SHA-256 fingerprint ('SHA256:<base64>' or the bare base64"
                    + " body)", HostKeyFingerprint::isValid);
    static final Option<String> ROOT = Option.string("root", "Directory every path is joined to (absolute, or"
            + " relative to the login directory).");

    static final Option<String> READ_PATH = Option.string("path", "File, glob (** crosses directories) or calendar"
            + " template ({yyyy}/{MM}/{dd}/…) to read, joined to root. Default: <entity>.<format extension>.");
    static final Option<FileFormat> READ_FORMAT = FormatOptions.formatOption("File format of the dataset.", FORMATS,
            FileFormat.CSV);

    static final Option<String> WRITE_PATH = Option.string("path", "Directory the output file is written into,"
            + " joined to root; with partition_by, a folder template with calendar tokens. Default: <output>.");
    static final Option<FileFormat> WRITE_FORMAT = FormatOptions.formatOption("File format of the output.", FORMATS,
            FileFormat.PARQUET);

    static final OptionSet CONNECTION = OptionSet.of(HOST, PORT, USERNAME, PASSWORD, PRIVATE_KEY_PATH,
            PRIVATE_KEY_PASSPHRASE, HOST_KEY_FINGERPRINT, ROOT);
    static final OptionSet READ = OptionSet.of(READ_PATH, READ_FORMAT, FormatOptions.DELIMITER, FormatOptions.LAYOUT,
            RemoteSource.FILES_PER_PARTITION);
    static final OptionSet WRITE = OptionSet.of(WRITE_PATH, WRITE_FORMAT, FormatOptions.DELIMITER,
            FormatOptions.LAYOUT);

    private SftpOptions() {
    }
}
