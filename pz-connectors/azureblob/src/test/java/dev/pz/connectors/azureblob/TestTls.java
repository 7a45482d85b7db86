package dev.pz.connectors.azureblob;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed key and certificate for {@code 127.0.0.1}, made by the JDK's keytool, and the TLS
 * context that serves with it and trusts only it.
 */
final class TestTls {

    static final String PASSWORD = "pz-test-tls";

    private final Path pfx;
    private final SSLContext context;

    private TestTls(Path pfx, SSLContext context) {
        this.pfx = pfx;
        this.context = context;
    }

    static TestTls create(Path directory) throws IOException, GeneralSecurityException, InterruptedException {
        Path pfx = directory.resolve("localhost.pfx");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process process = new ProcessBuilder(List.of(keytool.toString(), "-genkeypair", "-alias", "pz-test",
                "-keyalg", "RSA", "-keysize", "2048", "-validity", "2", "-dname", "CN=127.0.0.1",
                "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-storetype", "PKCS12", "-keystore", pfx.toString(),
                "-storepass", PASSWORD, "-keypass", PASSWORD)).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException("keytool failed: " + output);
        }
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(pfx)) {
            store.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, PASSWORD.toCharArray());
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
        return new TestTls(pfx, context);
    }

    /** The PKCS#12 file (Azurite's {@code --cert}, with {@link #PASSWORD}). */
    Path pfx() {
        return pfx;
    }

    SSLContext context() {
        return context;
    }
}
