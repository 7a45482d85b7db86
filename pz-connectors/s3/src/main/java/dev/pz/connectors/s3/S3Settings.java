package dev.pz.connectors.s3;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.files.remote.ObjectLocation;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One s3 connection's settings. Without {@code access_key}/{@code secret_key} the AWS SDK's default
 * credential chain applies (environment, profile, container or instance role). {@code endpoint}
 * ({@code host[:port]}, or a URL) points at an S3-compatible store; {@code url_style: path} addresses
 * buckets in the path instead of the host name; {@code use_ssl: false} speaks plain HTTP.
 *
 * @param region the region, or null for the SDK's region chain (then {@code us-east-1})
 * @param endpoint the endpoint override as a URL, or null for AWS
 */
record S3Settings(String connection, String accessKey, String secretKey, String rootBucket, String rootPrefix,
        String region, URI endpoint, boolean pathStyle) {

    /** Offline checks of a connection's values; one message per problem. */
    static List<String> problems(ConnectorConfig config) {
        List<String> problems = new ArrayList<>();
        boolean access = present(config, S3Options.ACCESS_KEY);
        boolean secret = present(config, S3Options.SECRET_KEY);
        if (access && !secret) {
            problems.add("s3 connection requires 'secret_key' when 'access_key' is set (or remove both to use the AWS"
                    + " credential chain)");
        }
        if (secret && !access) {
            problems.add("s3 connection requires 'access_key' when 'secret_key' is set (or remove both to use the AWS"
                    + " credential chain)");
        }
        String style = config.string(S3Options.URL_STYLE).orElse("vhost");
        if (!style.equals("vhost") && !style.equals("path")) {
            problems.add("s3 connection 'url_style' must be one of 'vhost', 'path' (got '" + style + "')");
        }
        Object ssl = config.values().get(S3Options.USE_SSL);
        if (ssl != null && !(ssl instanceof Boolean)) {
            problems.add("s3 connection 'use_ssl' must be true or false (got '" + ssl + "')");
        }
        if (present(config, S3Options.ENDPOINT)) {
            try {
                endpoint(config);
            } catch (IllegalArgumentException e) {
                problems.add("s3 'endpoint' is malformed: " + e.getMessage());
            }
        }
        return problems;
    }

    /** The settings of a connection that passed {@link #problems}. */
    static S3Settings of(ConnectorConfig config) {
        String root = ObjectLocation.trim(config.string(S3Options.ROOT).orElse(""));
        int slash = root.indexOf('/');
        String bucket = slash < 0 ? root : root.substring(0, slash);
        String prefix = slash < 0 ? "" : ObjectLocation.trim(root.substring(slash + 1));
        return new S3Settings(config.connection(), config.string(S3Options.ACCESS_KEY).orElse(null),
                config.string(S3Options.SECRET_KEY).orElse(null), bucket.isEmpty() ? null : bucket, prefix,
                config.string(S3Options.REGION).filter(value -> !value.isBlank()).orElse(null),
                present(config, S3Options.ENDPOINT) ? endpoint(config) : null,
                config.string(S3Options.URL_STYLE).orElse("vhost").equals("path"));
    }

    boolean staticCredentials() {
        return accessKey != null;
    }

    private static URI endpoint(ConnectorConfig config) {
        String written = config.string(S3Options.ENDPOINT).orElseThrow().strip();
        boolean ssl = !Boolean.FALSE.equals(config.values().get(S3Options.USE_SSL));
        String url = written.contains("://") ? written : (ssl ? "https://" : "http://") + written;
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (uri.getHost() == null || !(scheme.equals("http") || scheme.equals("https"))) {
                throw new IllegalArgumentException("expected host[:port] or an http(s) URL");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("expected host[:port] or an http(s) URL", e);
        }
    }

    private static boolean present(ConnectorConfig config, String key) {
        return config.string(key).filter(value -> !value.isBlank()).isPresent();
    }

    @Override
    public String toString() {
        // Records print every component; these hold credentials.
        return "S3Settings[connection=" + connection + ", root=" + rootBucket + "/" + rootPrefix + "]";
    }
}
