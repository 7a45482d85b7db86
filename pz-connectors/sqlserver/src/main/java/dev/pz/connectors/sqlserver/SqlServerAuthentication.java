package dev.pz.connectors.sqlserver;

import java.util.Locale;
import java.util.Optional;

/**
 * The {@code authentication} modes a connection may name, as Microsoft documents them ("Active
 * Directory Default", "Active Directory Managed Identity", …), and the value the JDBC driver's
 * {@code authentication} property takes for each. Spaces, hyphens, underscores and case are
 * ignored, so {@code ActiveDirectoryDefault} and {@code active directory default} are the same mode.
 *
 * <p>The Microsoft Entra modes need a library the driver loads on demand (Azure Identity or MSAL);
 * {@link #missingLibrary} says when this build of pz does not carry it, so the connection is refused
 * before a run rather than failing at login.
 */
enum SqlServerAuthentication {
    SQL_PASSWORD("SqlPassword", null),
    ACTIVE_DIRECTORY_PASSWORD("ActiveDirectoryPassword", Library.MSAL),
    ACTIVE_DIRECTORY_INTEGRATED("ActiveDirectoryIntegrated", Library.MSAL),
    ACTIVE_DIRECTORY_MANAGED_IDENTITY("ActiveDirectoryManagedIdentity", Library.AZURE_IDENTITY),
    ACTIVE_DIRECTORY_SERVICE_PRINCIPAL("ActiveDirectoryServicePrincipal", Library.MSAL),
    ACTIVE_DIRECTORY_SERVICE_PRINCIPAL_CERTIFICATE("ActiveDirectoryServicePrincipalCertificate", Library.MSAL),
    ACTIVE_DIRECTORY_INTERACTIVE("ActiveDirectoryInteractive", Library.MSAL),
    ACTIVE_DIRECTORY_DEFAULT("ActiveDirectoryDefault", Library.AZURE_IDENTITY);

    private final String driverValue;
    private final Library library;

    SqlServerAuthentication(String driverValue, Library library) {
        this.driverValue = driverValue;
        this.library = library;
    }

    /** The value of the driver's {@code authentication} property. */
    String driverValue() {
        return driverValue;
    }

    /** The mode a user wrote, or empty when no mode has that name. */
    static Optional<SqlServerAuthentication> parse(String written) {
        String key = normalize(written);
        if (key.equals("activedirectorymsi")) {
            return Optional.of(ACTIVE_DIRECTORY_MANAGED_IDENTITY);
        }
        for (SqlServerAuthentication mode : values()) {
            if (normalize(mode.driverValue).equals(key)) {
                return Optional.of(mode);
            }
        }
        return Optional.empty();
    }

    /** The Maven coordinates of a library this mode needs and this build lacks, if any. */
    Optional<String> missingLibrary() {
        if (library == null || library.present()) {
            return Optional.empty();
        }
        return Optional.of(library.artifact);
    }

    private static String normalize(String text) {
        return text == null ? "" : text.replaceAll("[\\s_-]", "").toLowerCase(Locale.ROOT);
    }

    /** A library the driver looks up by class name when a mode needs it. */
    enum Library {
        AZURE_IDENTITY("com.azure:azure-identity", "com.azure.identity.DefaultAzureCredentialBuilder"),
        MSAL("com.microsoft.azure:msal4j", "com.microsoft.aad.msal4j.PublicClientApplication");

        private final String artifact;
        private final String probeClass;

        Library(String artifact, String probeClass) {
            this.artifact = artifact;
            this.probeClass = probeClass;
        }

        boolean present() {
            try {
                Class.forName(probeClass, false, SqlServerAuthentication.class.getClassLoader());
                return true;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }
    }
}
