package dev.pz.connectors.s3;

import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.S3Configuration;

/**
 * Builds the AWS SDK client of one connection. The only class that configures the SDK:
 * <ul>
 * <li>the JDK's HttpURLConnection transport (no Apache client, Netty or native CRT);</li>
 * <li>no SDK retries: a transient failure fails the node and pz's retry policy decides;</li>
 * <li>with a custom endpoint (an S3-compatible store), no aws-chunked encoding and checksums only where
 * an operation requires them: several S3-compatible servers reject chunked uploads or store the chunk
 * signatures as the object's bytes.</li>
 * </ul>
 */
final class S3Clients {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(120);

    private S3Clients() {
    }

    /** A client that signs with {@code credentials} (see {@link S3Credentials}). */
    static S3Client create(S3Settings settings, AwsCredentialsProvider credentials) {
        S3ClientBuilder builder = S3Client.builder()
                .httpClientBuilder(UrlConnectionHttpClient.builder().connectionTimeout(CONNECT_TIMEOUT)
                        .socketTimeout(SOCKET_TIMEOUT))
                .region(region(settings))
                .credentialsProvider(credentials)
                .forcePathStyle(settings.pathStyle())
                .overrideConfiguration(override -> override.retryStrategy(AwsRetryStrategy.doNotRetry()));
        URI endpoint = settings.endpoint();
        if (endpoint != null) {
            builder.endpointOverride(endpoint)
                    .serviceConfiguration(S3Configuration.builder().chunkedEncodingEnabled(false).build())
                    .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                    .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        }
        return builder.build();
    }

    /** The connection's region, else the SDK's region chain (environment, profile), else us-east-1. */
    static Region region(S3Settings settings) {
        if (settings.region() != null) {
            return Region.of(settings.region());
        }
        if (settings.endpoint() == null) {
            try {
                return new DefaultAwsRegionProviderChain().getRegion();
            } catch (RuntimeException e) {
                // No region configured anywhere: the reference's default.
            }
        }
        return Region.of(S3Options.DEFAULT_REGION);
    }
}
