package dev.pz.connectors.files.testing;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteSession;
import dev.pz.duckdb.ArrowEgress;
import dev.pz.duckdb.ArrowIngest;
import dev.pz.duckdb.DuckConnection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Drives an object-store connector's native reads and writes the way the engine does, on a real
 * DuckDB: a COPY into a fresh temporary in the spool and its publish; a scan's fetch into a fresh spool
 * directory and the landing of the fragment it returns; a universal read's partitions landed through
 * Arrow; and a universal write fed from a query.
 */
public final class SpoolDriver {

    private final DuckConnection duck;
    private final Path spools;
    private final AtomicInteger counter = new AtomicInteger();

    public SpoolDriver(DuckConnection duck, Path spools) {
        this.duck = duck;
        this.spools = spools;
    }

    /**
     * Runs the copy from {@code relation} into a temporary in the spool (the copy names no directory
     * of its own), publishes it, deletes what is left, and returns the rows written.
     */
    public long write(NativeCopy copy, String relation) {
        try {
            Path temporary = TemporaryFiles.create(TemporaryFiles.directoryIn(spools));
            try {
                long rows = duck.execute(copy.copyStatement(relation, temporary));
                copy.publisher().publish(temporary);
                return rows;
            } finally {
                TemporaryFiles.delete(temporary);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The spool a universal write of a run would stage in. */
    public Path spool() {
        return TemporaryFiles.directoryIn(spools);
    }

    /** Fetches the scan's objects, lands them as {@code landed}, and returns its rows as text, sorted. */
    public List<String> read(NativeScan scan) {
        Path spool;
        try {
            spool = Files.createDirectories(spools.resolve("read-" + counter.incrementAndGet()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        duck.execute("create or replace table landed as select * from " + scan.spoolFetch().fetch(spool));
        return rows("select * from landed");
    }

    /**
     * Reads every universal partition of {@code spec} the way the engine does (each into the session,
     * through Arrow), and returns the rows as text, sorted, so that they compare with {@link #read}.
     */
    public List<String> readUniversally(Source source, DatasetSpec spec, BufferAllocator allocator) {
        duck.execute("drop table if exists landed_universally");
        int index = 0;
        for (ReadPartition partition : source.planRead(spec, ReadHints.none())) {
            String table = "landed_part_" + index++;
            try (ArrowReader reader = partition.open(allocator, BatchOptions.defaults())) {
                ArrowIngest.createTable(duck, table, reader, allocator);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            duck.execute(index == 1 ? "create table landed_universally as select * from " + table
                    : "insert into landed_universally select * from " + table);
            duck.execute("drop table " + table);
        }
        return rows("select * from landed_universally");
    }

    /** Feeds {@code query}'s rows to a universal write session and commits it; returns the rows committed. */
    public long writeUniversally(Function<Schema, WriteSession> begin, String query, BufferAllocator allocator) {
        try (WriteSession session = begin.apply(ArrowEgress.schema(duck, query, allocator));
                ArrowReader reader = ArrowEgress.query(duck, query, allocator, 5)) {
            while (reader.loadNextBatch()) {
                session.write(reader.getVectorSchemaRoot());
            }
            return session.commit().rowsWritten();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A query's rows, each as its columns' text joined by {@code |}, sorted. */
    public List<String> rows(String query) {
        return duck.query("select * from (" + query + ") order by all", row -> {
            StringBuilder text = new StringBuilder();
            for (int i = 1; i <= row.getMetaData().getColumnCount(); i++) {
                text.append(i > 1 ? "|" : "").append(row.getString(i));
            }
            return text.toString();
        });
    }
}
