package dev.pz.connectors.sqlserver;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * An ADO.NET connection string ({@code Server=tcp:x.database.windows.net,1433;Initial Catalog=db;…},
 * as the Azure portal and .NET tools print it) translated into the JDBC driver's properties. Every
 * keyword is either translated, accepted as meaningless for pz (pooling, MARS: pz opens one session
 * per partition and never shares it), or refused by name; a value is never echoed.
 */
final class AdoNetConnectionString {

    /** Keywords with no effect on how pz uses a session; any value is accepted. */
    private static final Set<String> WITHOUT_EFFECT = Set.of("persistsecurityinfo", "pooling", "maxpoolsize",
            "minpoolsize", "connectionlifetime", "loadbalancetimeout", "multipleactiveresultsets",
            "connectionreset", "enlist", "poolblockingperiod", "transactionbinding", "typesystemversion");

    private AdoNetConnectionString() {
    }

    /** The driver properties, a command timeout if the string sets one, and every problem found. */
    record Translation(Properties properties, Integer commandTimeoutSeconds) {
    }

    static Translation translate(String text, List<String> problems, String prefix) {
        Properties properties = new Properties();
        Integer commandTimeout = null;
        Map<String, String> entries;
        try {
            entries = KeywordValueList.parse(text);
        } catch (IllegalArgumentException e) {
            problems.add(prefix + "'connection_string' cannot be parsed: " + e.getMessage());
            return new Translation(properties, null);
        }
        for (Map.Entry<String, String> entry : entries.entrySet()) {
            String keyword = entry.getKey();
            String value = entry.getValue();
            switch (keyword) {
                case "server", "datasource", "address", "addr", "networkaddress" -> server(value, properties, problems,
                        prefix);
                case "initialcatalog", "database" -> properties.setProperty("databaseName", value);
                case "userid", "uid", "user", "username" -> properties.setProperty("user", value);
                case "password", "pwd" -> properties.setProperty("password", value);
                case "authentication" -> SqlServerAuthentication.parse(value).ifPresentOrElse(
                        mode -> properties.setProperty("authentication", mode.driverValue()),
                        () -> problems.add(prefix + "'connection_string' Authentication value '" + value
                                + "' is not recognized by the SQL Server driver -- hint: use a documented mode such as "
                                + "'Active Directory Default'"));
                case "encrypt" -> encrypt(value, properties, problems, prefix);
                case "trustservercertificate" -> bool(keyword, value, problems, prefix,
                        flag -> properties.setProperty("trustServerCertificate", flag));
                case "hostnameincertificate" -> properties.setProperty("hostNameInCertificate", value);
                case "servercertificate" -> properties.setProperty("serverCertificate", value);
                case "applicationname", "app" -> properties.setProperty("applicationName", value);
                case "workstationid", "wsid" -> properties.setProperty("workstationID", value);
                case "applicationintent" -> properties.setProperty("applicationIntent", value);
                case "failoverpartner" -> properties.setProperty("failoverPartner", value);
                case "multisubnetfailover" -> bool(keyword, value, problems, prefix,
                        flag -> properties.setProperty("multiSubnetFailover", flag));
                case "connecttimeout", "connectiontimeout", "timeout" -> integer(keyword, value, problems, prefix,
                        seconds -> properties.setProperty("loginTimeout", seconds));
                case "connectretrycount" -> integer(keyword, value, problems, prefix,
                        count -> properties.setProperty("connectRetryCount", count));
                case "connectretryinterval" -> integer(keyword, value, problems, prefix,
                        seconds -> properties.setProperty("connectRetryInterval", seconds));
                case "packetsize" -> integer(keyword, value, problems, prefix,
                        size -> properties.setProperty("packetSize", size));
                case "commandtimeout" -> {
                    Integer seconds = parseInteger(value);
                    if (seconds == null || seconds < 0) {
                        problems.add(prefix + "'connection_string' Command Timeout must be a whole number of seconds");
                    } else {
                        commandTimeout = seconds;
                    }
                }
                case "integratedsecurity", "trustedconnection" -> bool(keyword, value, problems, prefix, flag -> {
                    if (flag.equals("true")) {
                        problems.add(prefix + "'connection_string' Integrated Security (Windows login) is not supported "
                                + "-- hint: use SQL authentication (User ID and Password) or an Authentication mode "
                                + "such as 'Active Directory Default'");
                    }
                });
                default -> {
                    if (!WITHOUT_EFFECT.contains(keyword)) {
                        problems.add(prefix + "'connection_string' keyword '" + keyword + "' is not recognized -- hint: "
                                + "use Server, Database, User ID, Password, Authentication, Encrypt, "
                                + "TrustServerCertificate, HostNameInCertificate, Connect Timeout, Application Name, "
                                + "or give a jdbc:sqlserver:// URL instead");
                    }
                }
            }
        }
        if (!properties.containsKey("serverName")) {
            problems.add(prefix + "'connection_string' names no Server");
        }
        return new Translation(properties, commandTimeout);
    }

    /**
     * {@code [tcp:]host[\instance][,port]}; {@code .} and {@code (local)} mean this machine. Only TCP
     * reaches a server from Java: named pipes and shared memory prefixes are refused.
     */
    private static void server(String value, Properties properties, List<String> problems, String prefix) {
        String rest = value.strip();
        String lower = rest.toLowerCase(Locale.ROOT);
        if (lower.startsWith("tcp:")) {
            rest = rest.substring(4);
        } else if (lower.startsWith("np:") || lower.startsWith("lpc:") || lower.startsWith("admin:")) {
            problems.add(prefix + "'connection_string' Server uses a protocol other than TCP, which the SQL Server JDBC "
                    + "driver cannot use -- hint: write Server=tcp:<host>,<port>");
            return;
        }
        int comma = rest.lastIndexOf(',');
        if (comma >= 0) {
            Integer port = parseInteger(rest.substring(comma + 1));
            if (port == null || port < 1 || port > 65_535) {
                problems.add(prefix + "'connection_string' Server has a port that is not a number between 1 and 65535");
                return;
            }
            properties.setProperty("portNumber", Integer.toString(port));
            rest = rest.substring(0, comma).strip();
        }
        int backslash = rest.indexOf('\\');
        if (backslash >= 0) {
            properties.setProperty("instanceName", rest.substring(backslash + 1));
            rest = rest.substring(0, backslash);
        }
        if (rest.equals(".") || rest.equalsIgnoreCase("(local)")) {
            rest = "localhost";
        }
        if (rest.isEmpty()) {
            problems.add(prefix + "'connection_string' Server names no host");
            return;
        }
        properties.setProperty("serverName", rest);
    }

    /** SqlClient's Encrypt: true/yes/mandatory, false/no/optional, or strict (TDS 8). */
    private static void encrypt(String value, Properties properties, List<String> problems, String prefix) {
        switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true", "yes", "mandatory" -> properties.setProperty("encrypt", "true");
            case "false", "no", "optional" -> properties.setProperty("encrypt", "false");
            case "strict" -> properties.setProperty("encrypt", "strict");
            default -> problems.add(prefix + "'connection_string' Encrypt must be true, false or strict");
        }
    }

    private static void bool(String keyword, String value, List<String> problems, String prefix,
            java.util.function.Consumer<String> apply) {
        switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true", "yes" -> apply.accept("true");
            case "false", "no" -> apply.accept("false");
            default -> problems.add(prefix + "'connection_string' keyword '" + keyword + "' must be true or false");
        }
    }

    private static void integer(String keyword, String value, List<String> problems, String prefix,
            java.util.function.Consumer<String> apply) {
        Integer number = parseInteger(value);
        if (number == null || number < 0) {
            problems.add(prefix + "'connection_string' keyword '" + keyword + "' must be a whole number");
        } else {
            apply.accept(Integer.toString(number));
        }
    }

    private static Integer parseInteger(String value) {
        try {
            return Integer.valueOf(value.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
