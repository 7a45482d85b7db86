package dev.pz.connectors.sftp;

import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.remote.FileOptions;
import dev.pz.connectors.remote.RemoteFormat;

/** Every option sftp accepts. */
final class SftpOptions {

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

    static final Option<String> READ_PATH = Option.string("path", "File or glob to read (** crosses directories),"
            + " joined to root. Default: <entity>.<format extension>.");
    static final Option<RemoteFormat> READ_FORMAT = FileOptions.format("File format of the dataset.", RemoteFormat.CSV);
    static final Option<Integer> FILES_PER_PARTITION = Option.integer("files_per_partition", "Matching files each"
            + " partition reads; partitions are read concurrently, each on its own SSH connection.")
            .between(1, Integer.MAX_VALUE).defaultValue(1).refusedWith(PzCode.FILES_PER_PARTITION_INVALID);

    static final Option<String> WRITE_PATH = Option.string("path", "Directory the output file is written into,"
            + " joined to root. Default: <output>.");
    static final Option<RemoteFormat> WRITE_FORMAT = FileOptions.format("File format of the output.",
            RemoteFormat.PARQUET);

    static final OptionSet CONNECTION = OptionSet.of(HOST, PORT, USERNAME, PASSWORD, PRIVATE_KEY_PATH,
            PRIVATE_KEY_PASSPHRASE, HOST_KEY_FINGERPRINT, ROOT);
    static final OptionSet READ = OptionSet.of(READ_PATH, READ_FORMAT, FileOptions.DELIMITER, FileOptions.LAYOUT,
            FILES_PER_PARTITION);
    static final OptionSet WRITE = OptionSet.of(WRITE_PATH, WRITE_FORMAT, FileOptions.DELIMITER, FileOptions.LAYOUT);

    private SftpOptions() {
    }
}
