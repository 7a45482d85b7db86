package dev.pz.connectors.azureblob;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.pz.connectors.testkit.FormExchange;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;

/**
 * A token endpoint for tests in the shape of Entra ID's v2 client-credentials flow
 * ({@code POST /<tenant>/oauth2/v2.0/token}), over HTTPS as the identity library demands. It knows one
 * application (tenant, client id, secret) and issues a JWT for the audience it is given, which
 * Azurite's {@code --oauth basic} checks (issuer, audience, lifetime; no signature). A wrong client or
 * secret gets Entra's {@code invalid_client} answer. Every request is recorded.
 *
 * <p>Azure AD itself cannot be reached from these machines, so this stands in for it: what the tests
 * prove is pz → the identity library's token request → a bearer token → a real Azure Blob API
 * server, not Entra ID's own behaviour.
 */
final class EntraTokenTestServer implements AutoCloseable {

    private static final String JSON = "application/json";

    private final HttpsServer server;
    private final String tenant;
    private final String clientId;
    private final String clientSecret;
    private volatile String audience = "https://storage.azure.com";
    private final List<Map<String, String>> requests = Collections.synchronizedList(new ArrayList<>());

    private EntraTokenTestServer(HttpsServer server, String tenant, String clientId, String clientSecret) {
        this.server = server;
        this.tenant = tenant;
        this.clientId = clientId;
        this.clientSecret = clientSecret;
    }

    static EntraTokenTestServer start(SSLContext tls, String tenant, String clientId, String clientSecret)
            throws IOException {
        HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        EntraTokenTestServer entra = new EntraTokenTestServer(server, tenant, clientId, clientSecret);
        server.createContext("/", entra::handle);
        server.start();
        return entra;
    }

    /** The authority host, as {@code AZURE_AUTHORITY_HOST} takes it. */
    String authorityHost() {
        return "https://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    /** Issue tokens for another audience from now on (Azurite refuses one not meant for storage). */
    void audience(String audience) {
        this.audience = audience;
    }

    /** Each request's path and form fields. */
    List<Map<String, String>> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    void clearRequests() {
        requests.clear();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange; InputStream body = exchange.getRequestBody()) {
            Map<String, String> form = FormExchange.fields(new String(body.readAllBytes(), StandardCharsets.UTF_8));
            String path = exchange.getRequestURI().getPath();
            form.put("path", path);
            requests.add(form);
            if (!path.equals("/" + tenant + "/oauth2/v2.0/token")) {
                FormExchange.respond(exchange, 404, JSON, "{\"error\":\"not_found\"}");
            } else if (clientId.equals(form.get("client_id")) && clientSecret.equals(form.get("client_secret"))
                    && "client_credentials".equals(form.get("grant_type"))) {
                FormExchange.respond(exchange, 200, JSON, "{\"token_type\":\"Bearer\",\"expires_in\":3599,"
                        + "\"ext_expires_in\":3599,\"access_token\":\"" + jwt() + "\"}");
            } else {
                FormExchange.respond(exchange, 401, JSON, "{\"error\":\"invalid_client\",\"error_description\":"
                        + "\"AADSTS7000215: Invalid client secret provided.\",\"error_codes\":[7000215]}");
            }
        }
    }

    private String jwt() {
        long now = Instant.now().getEpochSecond();
        String header = "{\"alg\":\"RS256\",\"typ\":\"JWT\"}";
        String payload = "{\"aud\":\"" + audience + "\",\"iss\":\"https://sts.windows.net/" + tenant + "/\",\"iat\":"
                + (now - 60) + ",\"nbf\":" + (now - 60) + ",\"exp\":" + (now + 3600) + ",\"tid\":\"" + tenant
                + "\",\"appid\":\"" + clientId + "\",\"oid\":\"00000000-0000-4000-8000-00000000000a\"}";
        Base64.Encoder encoder = Base64.getUrlEncoder().withoutPadding();
        return encoder.encodeToString(header.getBytes(StandardCharsets.UTF_8)) + "."
                + encoder.encodeToString(payload.getBytes(StandardCharsets.UTF_8)) + "."
                + encoder.encodeToString("pz-test-unsigned".getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
