package dev.pz.engine.connect;

import dev.pz.connectors.api.ConnectorApi;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/** The connector API version a package's jar declares, checked against this pz's. */
final class PackageManifest {

    private PackageManifest() {
    }

    /**
     * @throws PzException PZ0306 when the jar declares another connector API version, or none
     */
    static void checkApiVersion(String packageId, String version, Path jar) {
        String declared;
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            declared = manifest == null ? null : manifest.getMainAttributes().getValue(ConnectorApi.MANIFEST_ATTRIBUTE);
        } catch (IOException e) {
            throw new PzException(PzError.of(PzCode.PROTOCOL_MISMATCH, "connector package '" + packageId + "' "
                    + version + " is not a readable jar (" + jar.getFileName() + ")")
                    .withHint("run 'pz restore --update'; if it persists, report it to the package's author"));
        }
        String expected = Integer.toString(ConnectorApi.VERSION);
        if (declared == null) {
            throw new PzException(PzError.of(PzCode.PROTOCOL_MISMATCH, "connector package '" + packageId + "' "
                    + version + " does not say which connector API it was built for (its manifest has no "
                    + ConnectorApi.MANIFEST_ATTRIBUTE + " attribute)").withHint("it is not a pz connector package,"
                            + " or was packaged without the attribute: see docs/connectors/writing-a-connector.md"));
        }
        if (!declared.trim().equals(expected)) {
            throw new PzException(PzError.of(PzCode.PROTOCOL_MISMATCH, "connector package '" + packageId + "' "
                    + version + " was built for connector API " + declared.trim() + ", but this pz provides "
                    + "connector API " + expected).withHint("use a version of the package built for connector API "
                            + expected + ", or a pz that provides API " + declared.trim()));
        }
    }
}
