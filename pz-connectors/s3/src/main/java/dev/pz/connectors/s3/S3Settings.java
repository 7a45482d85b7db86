package dev.pz.connectors.s3;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.files.remote.ObjectLocation;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One s3 connection's settings. Where its credentials come from ({@code access_key}/{@code secret_key},
 * {@code profile}, the AWS credential chain, {@code role_arn} on top) is {@link S3Credentials}'s matter.
 * {@code endpoint}
 * ({@code host[:port]}, or a URL) points at an S3-compatible store; {@code url_style: path} addresses
 * buckets in the path instead of the host name; {@code use_ssl: false} speaks plain HTTP.
 *
 * @param region the region, or null for the SDK's region chain (then {@code us-east-1})
 * @param endpoint the endpoint override as a URL, or null for AWS
 */
record S3Settings(String connection, String accessKey, String secretKey, String rootBucket, String rootPrefix,
        String region, URI endpoint, boolean pathStyle, String profile, String roleArn, String externalId,
        String sessionName) {

    private static final Pattern ROLE_ARN = Pattern.compile("arn:[a-z0-9-]+:iam::\\d{12}:role/[\\w+=,.@/-]{1,512}");
    private static final Pattern SESSION_NAME = Pattern.compile("[\\w+=,.@-]{2,64}");

    /** The offline rule the declarations cannot state: the two keys come together. */
    static List<String> problems(ConnectorConfig config) {
        List<String> problems = new ArrayList<>();
        boolean access = present(config.find(S3Options.ACCESS_KEY).orElse(null));
        boolean secret = present(config.find(S3Options.SECRET_KEY).orElse(null));
        if (access && !secret) {
            problems.add("s3 connection requires 'secret_key' when 'access_key' is set (or remove both to use the AWS"
                    + " credential chain)");
        }
        if (secret && !access) {
            problems.add("s3 connection requires 'access_key' when 'secret_key' is set (or remove both to use the AWS"
                    + " credential chain)");
        }
        boolean profile = present(config.find(S3Options.PROFILE).orElse(null));
        if (profile && (access || secret)) {
            problems.add("s3 connection takes 'profile' or 'access_key'/'secret_key', not both");
        } else if (profile) {
            S3Credentials.profileProblem(config.get(S3Options.PROFILE).strip()).ifPresent(problems::add);
        }
        if (!present(config.find(S3Options.ROLE_ARN).orElse(null))) {
            for (Option<String> option : List.of(S3Options.EXTERNAL_ID, S3Options.SESSION_NAME)) {
                if (present(config.find(option).orElse(null))) {
                    problems.add("s3 connection '" + option.name() + "' needs 'role_arn' (it qualifies the role"
                            + " pz assumes)");
                }
            }
        }
        return problems;
    }

    /** The settings of a connection whose options pass their declarations. */
    static S3Settings of(ConnectorConfig config) {
        String root = ObjectLocation.trim(config.find(S3Options.ROOT).orElse(""));
        int slash = root.indexOf('/');
        String bucket = slash < 0 ? root : root.substring(0, slash);
        String prefix = slash < 0 ? "" : ObjectLocation.trim(root.substring(slash + 1));
        String endpoint = config.find(S3Options.ENDPOINT).filter(S3Settings::present).orElse(null);
        return new S3Settings(config.connection(), config.find(S3Options.ACCESS_KEY).filter(S3Settings::present)
                .orElse(null), config.find(S3Options.SECRET_KEY).filter(S3Settings::present).orElse(null),
                bucket.isEmpty() ? null : bucket, prefix,
                config.find(S3Options.REGION).filter(S3Settings::present).orElse(null),
                endpoint == null ? null : endpoint(endpoint, config.get(S3Options.USE_SSL)),
                config.get(S3Options.URL_STYLE) == S3Options.UrlStyle.PATH, text(config, S3Options.PROFILE),
                text(config, S3Options.ROLE_ARN), text(config, S3Options.EXTERNAL_ID),
                text(config, S3Options.SESSION_NAME));
    }

    static boolean validRoleArn(String written) {
        return ROLE_ARN.matcher(written.strip()).matches();
    }

    static boolean validSessionName(String written) {
        return SESSION_NAME.matcher(written.strip()).matches();
    }

    private static String text(ConnectorConfig config, Option<String> option) {
        return config.find(option).filter(S3Settings::present).map(String::strip).orElse(null);
    }

    boolean staticCredentials() {
        return accessKey != null;
    }

    /** Whether {@code written} is {@code host[:port]} or an http(s) URL. */
    static boolean validEndpoint(String written) {
        try {
            endpoint(written, true);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static URI endpoint(String written, boolean ssl) {
        String text = written.strip();
        String url = text.contains("://") ? text : (ssl ? "https://" : "http://") + text;
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

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }

    @Override
    public String toString() {
        // Records print every component; these hold credentials.
        return "S3Settings[connection=" + connection + ", root=" + rootBucket + "/" + rootPrefix + "]";
    }
}
