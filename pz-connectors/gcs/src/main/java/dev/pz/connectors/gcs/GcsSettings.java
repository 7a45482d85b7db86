package dev.pz.connectors.gcs;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.files.remote.ObjectLocation;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.gcs.GcsOptions.Auth;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One gcs connection's settings, read through their declarations.
 *
 * @param keyFile the service-account key file resolved against the project directory, or null
 * @param rootBucket the bucket of {@code root}, or null
 * @param rootPrefix the key prefix of {@code root}, or empty
 */
record GcsSettings(String connection, Auth auth, String keyId, String secret, Path keyFile, String keyJson,
        String rootBucket, String rootPrefix, String endpoint, GcsOptions.UrlStyle urlStyle, Boolean useSsl) {

    /** Which auth each credential option belongs to. */
    private static final Map<Option<?>, Auth> OWNERS = Map.of(GcsOptions.KEY_ID, Auth.HMAC, GcsOptions.SECRET,
            Auth.HMAC, GcsOptions.URL_STYLE, Auth.HMAC, GcsOptions.USE_SSL, Auth.HMAC, GcsOptions.KEY_FILE,
            Auth.SERVICE_ACCOUNT, GcsOptions.KEY_JSON, Auth.SERVICE_ACCOUNT);

    /** The rules across options that the declarations cannot state. */
    static List<String> problems(ConnectorConfig config) {
        List<String> problems = new ArrayList<>();
        Auth auth = config.get(GcsOptions.AUTH);
        if (auth == Auth.HMAC) {
            for (Option<String> key : List.of(GcsOptions.KEY_ID, GcsOptions.SECRET)) {
                if (!config.isSet(key)) {
                    problems.add("gcs 'hmac' auth requires '" + key.name() + "'");
                }
            }
        }
        if (auth == Auth.SERVICE_ACCOUNT) {
            boolean file = config.isSet(GcsOptions.KEY_FILE);
            boolean json = config.isSet(GcsOptions.KEY_JSON);
            if (!file && !json) {
                problems.add("gcs 'service_account' auth requires 'key_file' or 'key_json'");
            } else if (file && json) {
                problems.add("gcs 'service_account' auth takes 'key_file' or 'key_json', not both");
            }
        }
        OWNERS.entrySet().stream().filter(owner -> config.isSet(owner.getKey()) && owner.getValue() != auth)
                .map(owner -> "gcs '" + owner.getKey().name() + "' applies to '" + owner.getValue().word()
                        + "' auth only, and this connection uses '" + auth.word() + "'")
                .sorted().forEach(problems::add);
        return problems;
    }

    static GcsSettings of(ConnectorConfig config) {
        String keyFile = config.get(GcsOptions.KEY_FILE);
        Path key = keyFile == null ? null : config.baseDirectory().map(base -> base.resolve(keyFile))
                .orElse(Path.of(keyFile)).toAbsolutePath().normalize();
        String root = ObjectLocation.trim(config.get(GcsOptions.ROOT));
        int slash = root.indexOf('/');
        String bucket = root.isEmpty() ? null : slash < 0 ? root : root.substring(0, slash);
        String prefix = slash < 0 ? "" : root.substring(slash + 1);
        return new GcsSettings(config.connection(), config.get(GcsOptions.AUTH), config.get(GcsOptions.KEY_ID),
                config.get(GcsOptions.SECRET), key, config.get(GcsOptions.KEY_JSON), bucket, prefix,
                config.get(GcsOptions.ENDPOINT), config.get(GcsOptions.URL_STYLE), config.get(GcsOptions.USE_SSL));
    }

    @Override
    public String toString() {
        return "GcsSettings[" + connection + ", auth " + auth.word() + ", root " + rootBucket + "/" + rootPrefix + "]";
    }
}
