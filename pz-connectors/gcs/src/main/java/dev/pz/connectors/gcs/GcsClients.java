package dev.pz.connectors.gcs;

import com.google.auth.oauth2.GoogleCredentials;
import com.google.auth.oauth2.ServiceAccountCredentials;
import com.google.cloud.storage.Storage;
import com.google.cloud.storage.StorageOptions;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;

/** Makes the Storage client of a connection: its credentials, and {@code endpoint} for an emulator. */
@FunctionalInterface
interface GcsClients {

    Storage open(GcsSettings settings);

    /** Google's JSON API over HTTP (or the {@code endpoint} that stands in for it). */
    static GcsClients google() {
        return settings -> {
            StorageOptions.Builder builder = StorageOptions.newBuilder().setCredentials(credentials(settings));
            if (settings.endpoint() != null) {
                builder.setHost(settings.endpoint());
            }
            return builder.build().getService();
        };
    }

    /**
     * The connection's credentials; never echoes a key. A service-account key is parsed offline, so
     * {@code pz validate} already reports a broken one.
     *
     * @throws PzConnectorException PZ0301 for a key that cannot be loaded; for missing Application
     *     Default Credentials
     */
    static GoogleCredentials credentials(GcsSettings settings) {
        switch (settings.auth()) {
            case SERVICE_ACCOUNT:
                if (settings.keyFile() != null) {
                    try (InputStream in = Files.newInputStream(settings.keyFile())) {
                        return ServiceAccountCredentials.fromStream(in);
                    } catch (NoSuchFileException e) {
                        throw invalid("gcs 'key_file' could not be loaded from '" + settings.keyFile() + "': no such"
                                + " file");
                    } catch (IOException | RuntimeException e) {
                        throw invalid("gcs 'key_file' could not be loaded from '" + settings.keyFile() + "': "
                                + reason(e));
                    }
                }
                try {
                    return ServiceAccountCredentials.fromStream(new ByteArrayInputStream(
                            settings.keyJson().getBytes(StandardCharsets.UTF_8)));
                } catch (IOException | RuntimeException e) {
                    throw invalid("gcs 'key_json' is not a valid service-account key: " + reason(e));
                }
            case ADC:
                try {
                    return GoogleCredentials.getApplicationDefault();
                } catch (IOException e) {
                    throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, "gcs 'adc' auth found no"
                            + " Application Default Credentials", "set GOOGLE_APPLICATION_CREDENTIALS to a key file, or"
                                    + " run 'gcloud auth application-default login'");
                }
            default:
                throw new IllegalStateException("auth " + settings.auth().word() + " has no Google credentials");
        }
    }

    /**
     * Google's own descriptions of a malformed key (missing fields, a bad private key) name fields,
     * not values; anything else (a JSON parser quoting the text) is summarised.
     */
    private static String reason(Exception e) {
        String message = e.getMessage();
        if (message != null && (message.startsWith("Error reading") || message.startsWith("Invalid PKCS#8")
                || message.contains("field not specified"))) {
            return message;
        }
        return "not a service-account JSON key";
    }

    private static PzConnectorException invalid(String message) {
        return new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, message,
                "download the key again from the service account's Keys page, or use auth: adc");
    }
}
