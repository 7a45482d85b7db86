package dev.pz.connectors.gcs;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Base64;

/** Service-account JSON keys with a fresh RSA key, shaped like the ones Google issues. */
public final class ServiceAccountKeys {

    private ServiceAccountKeys() {
    }

    /** A key whose access tokens are requested from {@code tokenUri}. */
    public static String json(String tokenUri) {
        KeyPair pair;
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            pair = generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
        String pem = "-----BEGIN PRIVATE KEY-----\\n" + Base64.getMimeEncoder(64, new byte[] {'\n'})
                .encodeToString(pair.getPrivate().getEncoded()).replace("\n", "\\n") + "\\n-----END PRIVATE KEY-----\\n";
        return "{\"type\": \"service_account\", \"project_id\": \"pz-test\", \"private_key_id\": \"k1\","
                + " \"private_key\": \"" + pem + "\", \"client_email\": \"pz@pz-test.iam.gserviceaccount.com\","
                + " \"client_id\": \"1\", \"token_uri\": \"" + tokenUri + "\"}";
    }
}
