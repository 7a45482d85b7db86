package dev.pz.connectors.s3;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.pz.connectors.testkit.FormExchange;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An STS endpoint for tests, speaking the AWS query protocol the SDK's STS client uses, for the two
 * calls pz's credentials make: {@code AssumeRoleWithWebIdentity} (web identity, IRSA) and
 * {@code AssumeRole} ({@code role_arn}). It grants one role, trusting one web identity token and one
 * signing access key, and hands out the temporary key pair it was given (the one the test's s3proxy
 * accepts); anything else gets STS's {@code AccessDenied}. It records every call for assertions.
 *
 * <p>No STS server installable on a fresh machine (Maven Central, Debian, npm) exists, so this is the
 * one stand-in of the credential tests: what they prove is pz → the SDK's STS call → the temporary
 * keys → a real S3 API server, not AWS's own STS.
 */
public final class StsTestServer implements AutoCloseable {

    private static final Pattern SIGNING_KEY = Pattern.compile("Credential=([^/]+)/");

    private final HttpServer server;
    private final String roleArn;
    private final String trustedToken;
    private final String trustedAccessKey;
    private final String issuedAccessKey;
    private final String issuedSecretKey;
    private final List<Map<String, String>> calls = Collections.synchronizedList(new ArrayList<>());
    private boolean closed;

    private StsTestServer(HttpServer server, String roleArn, String trustedToken, String trustedAccessKey,
            String issuedAccessKey, String issuedSecretKey) {
        this.server = server;
        this.roleArn = roleArn;
        this.trustedToken = trustedToken;
        this.trustedAccessKey = trustedAccessKey;
        this.issuedAccessKey = issuedAccessKey;
        this.issuedSecretKey = issuedSecretKey;
    }

    /**
     * @param trustedToken the web identity token {@code AssumeRoleWithWebIdentity} accepts
     * @param trustedAccessKey the access key {@code AssumeRole} must be signed with
     */
    public static StsTestServer start(String roleArn, String trustedToken, String trustedAccessKey,
            String issuedAccessKey, String issuedSecretKey) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        StsTestServer sts = new StsTestServer(server, roleArn, trustedToken, trustedAccessKey, issuedAccessKey,
                issuedSecretKey);
        server.createContext("/", sts::handle);
        server.start();
        return sts;
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** The form fields of every call, plus {@code SigningAccessKey} when the call was signed. */
    public List<Map<String, String>> calls() {
        synchronized (calls) {
            return List.copyOf(calls);
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange; InputStream body = exchange.getRequestBody()) {
            Map<String, String> form = FormExchange.fields(new String(body.readAllBytes(), StandardCharsets.UTF_8));
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            if (authorization != null) {
                Matcher key = SIGNING_KEY.matcher(authorization);
                if (key.find()) {
                    form.put("SigningAccessKey", key.group(1));
                }
            }
            calls.add(form);
            String action = form.getOrDefault("Action", "");
            boolean granted = roleArn.equals(form.get("RoleArn")) && switch (action) {
                case "AssumeRoleWithWebIdentity" -> trustedToken.equals(form.get("WebIdentityToken"));
                case "AssumeRole" -> trustedAccessKey.equals(form.get("SigningAccessKey"));
                default -> false;
            };
            FormExchange.respond(exchange, granted ? 200 : 403, "text/xml",
                    granted ? credentials(action, form) : accessDenied(action));
        }
    }

    private String credentials(String action, Map<String, String> form) {
        String expiration = Instant.now().plus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS).toString();
        return "<" + action + "Response xmlns=\"https://sts.amazonaws.com/doc/2011-06-15/\"><" + action + "Result>"
                + "<Credentials><AccessKeyId>" + issuedAccessKey + "</AccessKeyId><SecretAccessKey>" + issuedSecretKey
                + "</SecretAccessKey><SessionToken>pz-test-session-token</SessionToken><Expiration>" + expiration
                + "</Expiration></Credentials><AssumedRoleUser><AssumedRoleId>AROATEST:" + form.get("RoleSessionName")
                + "</AssumedRoleId><Arn>" + roleArn + "/" + form.get("RoleSessionName") + "</Arn></AssumedRoleUser>"
                + "</" + action + "Result><ResponseMetadata><RequestId>pz-test</RequestId></ResponseMetadata></"
                + action + "Response>";
    }

    private static String accessDenied(String action) {
        return "<ErrorResponse xmlns=\"https://sts.amazonaws.com/doc/2011-06-15/\"><Error><Type>Sender</Type>"
                + "<Code>AccessDenied</Code><Message>Not authorized to perform sts:" + action + "</Message></Error>"
                + "<RequestId>pz-test</RequestId></ErrorResponse>";
    }

    /** Stops the endpoint; a later call to its port is refused. Idempotent. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            server.stop(0);
        }
    }
}
