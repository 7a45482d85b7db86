package dev.pz.duckdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBDriver;

/**
 * The run's DuckDB database: an in-memory root with the run's staging file attached as catalog
 * {@value #CATALOG} (connecting to {@code staging.duckdb} directly would name the catalog
 * {@code staging} and make {@code staging.x} ambiguous to DuckDB's binder). Nodes work on their own
 * {@link DuckConnection}s, duplicates of the root that share the database and its settings, so
 * independent nodes overlap. The root connection only applies settings and makes duplicates.
 */
public final class DuckSession implements AutoCloseable {

    public static final String CATALOG = "pz";
    public static final String STAGING_SCHEMA = "staging";

    private final Object lock = new Object();
    private final DuckDBConnection root;
    private final String catalog;
    private final Path ownedTempDirectory;
    private final Set<DuckConnection> open = new LinkedHashSet<>();
    private volatile boolean closed;

    private DuckSession(DuckDBConnection root, String catalog, Path ownedTempDirectory) {
        this.root = root;
        this.catalog = catalog;
        this.ownedTempDirectory = ownedTempDirectory;
    }

    /**
     * Opens the run's database over {@code stagingFile} (created when missing). DuckDB spills to
     * {@code settings.tempDirectory()}, by default {@code duckdb_tmp} beside the staging file.
     *
     * @throws DuckSqlException when DuckDB cannot open or attach the file or refuses a setting
     */
    public static DuckSession open(Path stagingFile, DuckSettings settings) {
        Objects.requireNonNull(stagingFile, "stagingFile");
        Objects.requireNonNull(settings, "settings");
        return new DuckSession(openRoot(runStatements(stagingFile, settings)), CATALOG, null);
    }

    /**
     * The run's database over {@code stagingFile}, made from this in-memory session instead
     * of a new DuckDB instance: what the session created is dropped, then the same settings, attach
     * and schema as {@link #open} are applied. From then on the returned session owns the database
     * and this one is closed (closing it again does nothing). When DuckDB refuses any of that, this
     * database is closed and {@link #open} makes the run's database from scratch, so a failure reads
     * exactly as {@link #open}'s.
     *
     * @throws IllegalStateException when this is not an open in-memory session or a connection on it
     *         is still open
     * @throws DuckSqlException as {@link #open}
     */
    public DuckSession becomeRunDatabase(Path stagingFile, DuckSettings settings) {
        Objects.requireNonNull(stagingFile, "stagingFile");
        Objects.requireNonNull(settings, "settings");
        synchronized (lock) {
            ensureOpen();
            if (catalog != null || !open.isEmpty()) {
                throw new IllegalStateException("only an in-memory session with no open connection becomes a run's"
                        + " database");
            }
            closed = true;
        }
        if (ownedTempDirectory != null) {
            deleteRecursively(ownedTempDirectory);
        }
        List<String> statements = new ArrayList<>();
        // Unqualified while the in-memory catalog is still the default: the dry compile's tables.
        statements.add("DROP SCHEMA IF EXISTS " + STAGING_SCHEMA + " CASCADE");
        statements.addAll(runStatements(stagingFile, settings));
        try {
            execute(root, statements);
        } catch (SQLException e) {
            closeQuietly(root);
            return open(stagingFile, settings);
        }
        return new DuckSession(root, CATALOG, null);
    }

    private static List<String> runStatements(Path stagingFile, DuckSettings settings) {
        Path staging = stagingFile.toAbsolutePath().normalize();
        Path tempDirectory = settings.tempDirectory() != null
                ? Path.of(settings.tempDirectory()).toAbsolutePath()
                : staging.getParent().resolve("duckdb_tmp");
        List<String> statements = new ArrayList<>(settingStatements(settings, tempDirectory));
        statements.add("ATTACH " + SqlLiterals.string(staging.toString()) + " AS " + CATALOG);
        statements.add("USE " + CATALOG);
        statements.add("create schema if not exists " + STAGING_SCHEMA);
        return statements;
    }

    /**
     * Opens an in-memory database (SQL dry compile, analysis) with the same settings and a
     * {@code staging} schema. It spills to a private directory under {@code java.io.tmpdir} unless
     * the settings name one, and deletes that directory on close.
     */
    public static DuckSession openInMemory(DuckSettings settings) {
        Objects.requireNonNull(settings, "settings");
        Path owned = null;
        Path tempDirectory;
        if (settings.tempDirectory() != null) {
            tempDirectory = Path.of(settings.tempDirectory()).toAbsolutePath();
        } else {
            owned = Path.of(System.getProperty("java.io.tmpdir"), "pz-duckdb-" + UUID.randomUUID().toString()
                    .replace("-", "")).toAbsolutePath();
            tempDirectory = owned;
        }
        List<String> statements = new ArrayList<>(settingStatements(settings, tempDirectory));
        statements.add("create schema if not exists " + STAGING_SCHEMA);
        return new DuckSession(openRoot(statements), null, owned);
    }

    /**
     * Asks DuckDB whether it accepts each of {@code settings}' values, one {@code SET} at a time in a
     * throwaway in-memory database, and returns DuckDB's message for every value it refuses, keyed
     * by setting name ({@code memory_limit}, {@code threads}); empty when all are accepted.
     */
    public static Map<String, String> refusedSettings(DuckSettings settings) {
        Objects.requireNonNull(settings, "settings");
        Map<String, String> candidates = new LinkedHashMap<>();
        if (settings.memoryLimit() != null) {
            candidates.put("memory_limit", "SET memory_limit = " + SqlLiterals.string(settings.memoryLimit()));
        }
        if (settings.threads() != null) {
            candidates.put("threads", "SET threads = " + settings.threads());
        }
        Map<String, String> refused = new LinkedHashMap<>();
        if (candidates.isEmpty()) {
            return refused;
        }
        DuckDBConnection probe = openRoot(List.of());
        try {
            candidates.forEach((name, sql) -> {
                // A fresh statement each time: duckdb_jdbc closes a statement after any error.
                try (Statement statement = probe.createStatement()) {
                    statement.execute(sql);
                } catch (SQLException e) {
                    refused.put(name, DuckErrors.sanitize(e.getMessage()));
                }
            });
        } finally {
            closeQuietly(probe);
        }
        return refused;
    }

    /**
     * A new connection for one node, switched to the session's catalog. The caller closes it.
     * Safe to call from several threads at once.
     *
     * @throws IllegalStateException when the session is closed
     */
    public DuckConnection connect() {
        ensureOpen();
        synchronized (lock) {
            ensureOpen();
            DuckDBConnection duplicate = null;
            try {
                duplicate = root.duplicate();
                if (catalog != null) {
                    // USE is per connection: every duplicate starts in the in-memory root catalog.
                    try (Statement statement = duplicate.createStatement()) {
                        statement.execute("USE " + catalog);
                    }
                }
            } catch (SQLException e) {
                closeQuietly(duplicate);
                throw new DuckSqlException(e);
            }
            DuckConnection connection = new DuckConnection(duplicate, this::forget);
            open.add(connection);
            return connection;
        }
    }

    public boolean isClosed() {
        return closed;
    }

    /**
     * Idempotent. Closes every connection still open, newest first (each interrupts its running
     * statement), then the root connection, which releases the database and its file.
     */
    @Override
    public void close() {
        List<DuckConnection> children;
        synchronized (lock) {
            if (closed) {
                return;
            }
            // Marked first so a concurrent connect() fails fast instead of duplicating a closing root.
            closed = true;
            children = new ArrayList<>(open);
            open.clear();
        }
        RuntimeException failure = null;
        for (int i = children.size() - 1; i >= 0; i--) {
            try {
                children.get(i).close();
            } catch (RuntimeException e) {
                failure = addSuppressed(failure, e);
            }
        }
        try {
            root.close();
        } catch (SQLException e) {
            failure = addSuppressed(failure, new DuckSqlException(e));
        }
        if (ownedTempDirectory != null) {
            deleteRecursively(ownedTempDirectory);
        }
        if (failure != null) {
            throw failure;
        }
    }

    private void forget(DuckConnection connection) {
        synchronized (lock) {
            open.remove(connection);
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the DuckDB session is closed");
        }
    }

    private static List<String> settingStatements(DuckSettings settings, Path tempDirectory) {
        List<String> statements = new ArrayList<>();
        String autoload = Boolean.toString(settings.extensionAutoloading());
        statements.add("SET autoinstall_known_extensions = " + autoload);
        statements.add("SET autoload_known_extensions = " + autoload);
        statements.add("SET temp_directory = " + SqlLiterals.string(tempDirectory.toString()));
        if (settings.memoryLimit() != null) {
            statements.add("SET memory_limit = " + SqlLiterals.string(settings.memoryLimit()));
        }
        if (settings.threads() != null) {
            statements.add("SET threads = " + settings.threads());
        }
        return statements;
    }

    private static DuckDBConnection openRoot(List<String> statements) {
        DuckDBConnection root;
        try {
            // Without streaming the driver materialises a whole result before the first row is
            // fetched: an Arrow egress of a large query would hold all of it in memory.
            Properties properties = new Properties();
            properties.setProperty(DuckDBDriver.JDBC_STREAM_RESULTS, "true");
            // The driver itself rather than DriverManager, whose first use loads and initialises every
            // JDBC driver on the class path (PostgreSQL, SQL Server, MariaDB, ...): start-up time.
            root = new DuckDBDriver().connect("jdbc:duckdb:", properties).unwrap(DuckDBConnection.class);
        } catch (SQLException e) {
            throw new DuckSqlException(e);
        }
        try {
            execute(root, statements);
            return root;
        } catch (SQLException e) {
            closeQuietly(root);
            throw new DuckSqlException(e);
        }
    }

    private static void execute(DuckDBConnection root, List<String> statements) throws SQLException {
        for (String sql : statements) {
            // A fresh statement each time: duckdb_jdbc closes a statement after any error.
            try (Statement statement = root.createStatement()) {
                statement.execute(sql);
            }
        }
    }

    private static void closeQuietly(DuckDBConnection connection) {
        if (connection == null) {
            return;
        }
        try {
            connection.close();
        } catch (SQLException ignored) {
            // Already failing; the original error is the one to report.
        }
    }

    private static RuntimeException addSuppressed(RuntimeException first, RuntimeException next) {
        if (first == null) {
            return next;
        }
        first.addSuppressed(next);
        return first;
    }

    private static void deleteRecursively(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (var paths = Files.walk(directory)) {
            paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException ignored) {
                    // Best effort: a leftover spill file in the OS temp directory is harmless.
                }
            });
        } catch (IOException ignored) {
            // Best effort, as above.
        }
    }
}
