package dev.pz.connectors.postgres;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Prepares the first connection of the process on a daemon thread while pz still plans: the first
 * session otherwise pays, on the node's critical path, for loading the driver and for a cold
 * password exchange (SCRAM-SHA-256 derives its key with 4096 rounds of HMAC-SHA-256 on the client,
 * which runs slowly until the JIT has compiled the digest). The thread loads the driver class and
 * runs one key derivation of the same shape on a throwaway password; it opens no connection and
 * touches no state a session reads. Started at most once per process; failures are ignored (the
 * real connection does the same work again).
 */
final class PostgresWarmUp {

    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private PostgresWarmUp() {
    }

    /** Starts the warm-up unless it already ran in this process. */
    static void start() {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        Thread thread = new Thread(PostgresWarmUp::run, "pz-postgres-warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    private static void run() {
        try {
            Class.forName("org.postgresql.Driver", true, PostgresWarmUp.class.getClassLoader());
            byte[] salt = new byte[16];
            new SecureRandom().nextBytes(salt);
            byte[] salted = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                    .generateSecret(new PBEKeySpec("pz-warm-up".toCharArray(), salt, 4096, 256)).getEncoded();
            Mac hmac = Mac.getInstance("HmacSHA256");
            hmac.init(new SecretKeySpec(salted, "HmacSHA256"));
            MessageDigest.getInstance("SHA-256").digest(hmac.doFinal("Client Key".getBytes(StandardCharsets.UTF_8)));
        } catch (ClassNotFoundException | GeneralSecurityException | RuntimeException | LinkageError e) {
            // Only speed is lost: the first connection loads and computes the same things itself.
        }
    }
}
