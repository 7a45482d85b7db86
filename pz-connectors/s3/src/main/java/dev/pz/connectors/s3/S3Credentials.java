package dev.pz.connectors.s3;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.remote.TransferFailures;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.auth.credentials.WebIdentityTokenFileCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.SdkSystemSetting;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.profiles.Profile;
import software.amazon.awssdk.profiles.ProfileFile;
import software.amazon.awssdk.profiles.ProfileFileSystemSetting;
import software.amazon.awssdk.services.sts.StsClient;
import software.amazon.awssdk.services.sts.auth.StsAssumeRoleCredentialsProvider;

/**
 * Where one s3 connection's AWS credentials come from:
 * <ol>
 * <li>{@code access_key} + {@code secret_key};</li>
 * <li>else {@code profile}: that profile of the AWS config files, in every form the SDK reads (keys, IAM
 * Identity Center, assume-role, web identity, credential_process);</li>
 * <li>else the SDK's default chain: environment keys, web identity ({@code AWS_WEB_IDENTITY_TOKEN_FILE}
 * + {@code AWS_ROLE_ARN}), {@code AWS_PROFILE}, container and instance roles.</li>
 * </ol>
 * With {@code role_arn}, STS AssumeRole turns those base credentials into the role's. STS is reached
 * at AWS, or wherever the SDK's own {@code AWS_ENDPOINT_URL_STS} points.
 *
 * <p>Credentials are resolved once, before any transfer, so that a missing or refused identity fails
 * as itself (permanent, with the user's next step) instead of as a network error on the first request;
 * an identity endpoint that cannot be reached, or answers 5xx/429, is a transient failure.
 * Messages name the identity source, never a credential.
 */
final class S3Credentials {

    private static final Pattern SESSION_NAME_CHARACTERS = Pattern.compile("[^\\w+=,.@-]");
    private static final int MAX_REASON = 300;

    private S3Credentials() {
    }

    /** The provider of a connection's credentials; nothing is resolved yet. */
    static AwsCredentialsProvider provider(S3Settings settings) {
        AwsCredentialsProvider base = base(settings);
        if (settings.roleArn() == null) {
            return base;
        }
        // The STS client lives as long as the provider, which renews the role's credentials with it; the
        // JDK transport holds no threads or pooled connections that would need closing.
        StsClient sts = StsClient.builder().httpClient(UrlConnectionHttpClient.create())
                .region(S3Clients.region(settings)).credentialsProvider(base).build();
        return StsAssumeRoleCredentialsProvider.builder().stsClient(sts)
                .refreshRequest(request -> request.roleArn(settings.roleArn())
                        .roleSessionName(sessionName(settings)).externalId(settings.externalId()))
                .build();
    }

    /**
     * Resolves {@code provider} once.
     *
     * @throws PzConnectorException a permanent failure that names the identity source and the next step
     */
    static AwsCredentialsProvider resolved(S3Settings settings, AwsCredentialsProvider provider) {
        // Any failure: the SDK's providers also throw unchecked I/O (an unreadable token file) and state errors.
        try {
            provider.resolveCredentials();
            return provider;
        } catch (RuntimeException e) {
            // The run's console shows the message only: it carries the next step too.
            String message = unavailable(settings, e) + " -- " + hint(settings);
            if (isTransient(e)) {
                throw new PzConnectorException(PzCode.NODE_FAILED, message, true, null, e);
            }
            throw new PzConnectorException(PzCode.NODE_FAILED, message, hint(settings));
        }
    }

    /** Whether STS, SSO or the metadata service could not be reached, or answered what a retry may cure. */
    private static boolean isTransient(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SocketException || cause instanceof SocketTimeoutException
                    || cause instanceof AwsServiceException service
                            && TransferFailures.TRANSIENT_STATUSES.contains(service.statusCode())) {
                return true;
            }
        }
        return false;
    }

    /** {@code s3 connection 'c': no AWS credentials from <source>: <reason>}. */
    static String unavailable(S3Settings settings, RuntimeException failure) {
        return "s3 connection '" + settings.connection() + "': no AWS credentials from " + source(settings) + ": "
                + reason(settings, failure);
    }

    /** What the user does next, for the identity source the connection uses. */
    static String hint(S3Settings settings) {
        if (settings.roleArn() != null && settings.staticCredentials()) {
            return "check that the keys may call sts:AssumeRole on role_arn and that the role's trust policy allows"
                    + " them (and external_id, if it asks for one)";
        }
        String profile = settings.profile() != null ? settings.profile()
                : ProfileFileSystemSetting.AWS_PROFILE.getStringValue().orElse(null);
        if (profile != null && isSso(profile)) {
            return "sign in with `aws sso login --profile " + profile + "`, then run pz again";
        }
        if (settings.profile() != null) {
            return "check profile '" + settings.profile() + "' in the AWS config files (~/.aws/config,"
                    + " ~/.aws/credentials, or AWS_CONFIG_FILE / AWS_SHARED_CREDENTIALS_FILE)";
        }
        if (SdkSystemSetting.AWS_WEB_IDENTITY_TOKEN_FILE.getStringValue().isPresent()) {
            return "check that AWS_WEB_IDENTITY_TOKEN_FILE is readable and AWS_ROLE_ARN names a role that trusts"
                    + " its issuer (on EKS: the service account's role annotation)";
        }
        return "set access_key and secret_key, name a profile, or give the AWS credential chain an identity"
                + " (AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY, AWS_WEB_IDENTITY_TOKEN_FILE + AWS_ROLE_ARN,"
                + " AWS_PROFILE, or an instance or container role)";
    }

    /**
     * Why {@code profile} cannot serve, offline: it is in neither AWS config file. Profiles the files
     * define are left to the SDK, which reads every form of them when the credentials are resolved.
     */
    static Optional<String> profileProblem(String profile) {
        if (profiles().profile(profile).isPresent()) {
            return Optional.empty();
        }
        return Optional.of("s3 connection 'profile' names a profile that is not in the AWS config files"
                + " (~/.aws/config, ~/.aws/credentials, or AWS_CONFIG_FILE / AWS_SHARED_CREDENTIALS_FILE)");
    }

    private static AwsCredentialsProvider base(S3Settings settings) {
        if (settings.staticCredentials()) {
            return StaticCredentialsProvider.create(AwsBasicCredentials.create(settings.accessKey(),
                    settings.secretKey()));
        }
        if (settings.profile() != null) {
            return ProfileCredentialsProvider.builder().profileName(settings.profile()).build();
        }
        return DefaultCredentialsProvider.builder().build();
    }

    private static String source(S3Settings settings) {
        String base = settings.staticCredentials() ? "access_key" : settings.profile() != null
                ? "profile '" + settings.profile() + "'" : "the AWS credential chain";
        return settings.roleArn() == null ? base : "role_arn (STS AssumeRole with " + base + ")";
    }

    /**
     * The SDK's reason. The default chain's own message lists every provider it tried; when the
     * environment names a web identity, that provider's failure is the one the user needs.
     */
    private static String reason(S3Settings settings, RuntimeException failure) {
        if (!settings.staticCredentials() && settings.profile() == null && settings.roleArn() == null
                && SdkSystemSetting.AWS_WEB_IDENTITY_TOKEN_FILE.getStringValue().isPresent()) {
            try {
                WebIdentityTokenFileCredentialsProvider.create().resolveCredentials();
            } catch (RuntimeException webIdentity) {
                return "web identity: " + shortReason(webIdentity);
            }
        }
        return shortReason(failure);
    }

    private static String shortReason(RuntimeException failure) {
        Throwable cause = failure;
        while (!(cause instanceof AwsServiceException) && cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        if (cause instanceof AwsServiceException service && service.awsErrorDetails() != null) {
            AwsErrorDetails details = service.awsErrorDetails();
            return "refused by " + details.serviceName().toUpperCase(Locale.ROOT) + " (" + details.errorCode()
                    + ", HTTP " + service.statusCode() + ")";
        }
        String message = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
        return message.length() <= MAX_REASON ? message : message.substring(0, MAX_REASON) + " …";
    }

    private static boolean isSso(String profile) {
        return profiles().profile(profile).map(S3Credentials::isSso).orElse(false);
    }

    private static boolean isSso(Profile profile) {
        return profile.property("sso_session").isPresent() || profile.property("sso_start_url").isPresent();
    }

    private static ProfileFile profiles() {
        return ProfileFile.defaultProfileFile();
    }

    /** {@code session_name}, else {@code pz-<connection>} in the characters and length STS accepts. */
    static String sessionName(S3Settings settings) {
        if (settings.sessionName() != null) {
            return settings.sessionName();
        }
        String name = "pz-" + SESSION_NAME_CHARACTERS.matcher(settings.connection()).replaceAll("-");
        return name.length() <= 64 ? name : name.substring(0, 64);
    }
}
