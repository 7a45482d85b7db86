package dev.pz.connectors.mysql;

import dev.pz.connectors.api.ConnectorConfig;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * One connection's settings, read through {@link MysqlOptions}, and the way to open a session with
 * them: UTF-8, the session time zone at UTC (TIMESTAMP columns and watermark literals are UTC wall
 * times), LOAD DATA LOCAL INFILE allowed from the driver's stream. {@link #toString} hides the password.
 */
record MysqlSettings(String connection, String host, int port, String database, String user, String password,
        MysqlOptions.SslMode sslMode, int connectTimeoutSeconds) {

    static MysqlSettings of(ConnectorConfig config) {
        return new MysqlSettings(config.connection(), config.get(MysqlOptions.HOST), config.get(MysqlOptions.PORT),
                config.get(MysqlOptions.DATABASE), config.get(MysqlOptions.USER), config.get(MysqlOptions.PASSWORD),
                config.get(MysqlOptions.SSL_MODE), config.get(MysqlOptions.CONNECT_TIMEOUT_SECONDS));
    }

    /** Opens a session with autocommit on. The caller closes it. */
    Connection open() throws SQLException {
        Properties properties = new Properties();
        if (user != null) {
            properties.setProperty("user", user);
        }
        if (password != null) {
            properties.setProperty("password", password);
        }
        properties.setProperty("sslMode", sslMode.driverValue());
        properties.setProperty("connectTimeout", Integer.toString(connectTimeoutSeconds * 1_000));
        properties.setProperty("allowLocalInfile", "true");
        properties.setProperty("tcpKeepAlive", "true");
        Connection session = new org.mariadb.jdbc.Driver().connect(url(), properties);
        if (session == null) {
            throw new SQLException("the MariaDB driver refused the connection URL", "08001");
        }
        try (Statement statement = session.createStatement()) {
            statement.execute("set names utf8mb4");
            statement.execute("set time_zone = '+00:00'");
        } catch (SQLException e) {
            session.close();
            throw e;
        }
        return session;
    }

    private String url() {
        String hostPart = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return "jdbc:mariadb://" + hostPart + ":" + port + "/" + database;
    }

    /** Removes the password from a message that might echo it. */
    String scrub(String message) {
        if (message == null || password == null || password.length() < 3) {
            return message;
        }
        return message.replace(password, "***");
    }

    @Override
    public String toString() {
        return "MysqlSettings[connection=" + connection + ", host=" + host + ", port=" + port + ", database=" + database
                + ", user=" + user + ", password=" + (password == null ? "<none>" : "***") + ", ssl_mode="
                + sslMode.word() + "]";
    }
}
