package dev.pz.connectors.http;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/** Reads a dataset through the real connector and returns its rows as column-name → value maps. */
final class HttpReads {

    /** What a read produced: the rows and how many batches carried them. */
    record Result(List<Map<String, Object>> rows, int batches) {
        List<Object> column(String name) {
            return rows.stream().map(row -> row.get(name)).toList();
        }
    }

    private HttpReads() {
    }

    static ConnectorConfig config(HttpTestServer server, Map<String, Object> extra) {
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("base_url", server.baseUrl());
        options.putAll(extra);
        return new ConnectorConfig("api", options);
    }

    static DatasetSpec dataset(Map<String, Object> options) {
        return DatasetSpec.of("api", "items", options, null);
    }

    static Result read(ConnectorConfig config, DatasetSpec spec) {
        return read(new HttpConnector(), config, spec, BatchOptions.defaults());
    }

    static Result read(HttpConnector connector, ConnectorConfig config, DatasetSpec spec, BatchOptions options) {
        List<Map<String, Object>> rows = new ArrayList<>();
        int batches = 0;
        try (BufferAllocator allocator = new RootAllocator();
                Source source = connector.openSource(config).orElseThrow()) {
            List<ReadPartition> partitions = source.planRead(spec, ReadHints.none());
            for (ReadPartition partition : partitions) {
                try (ArrowReader reader = partition.open(allocator, options)) {
                    while (reader.loadNextBatch()) {
                        batches++;
                        VectorSchemaRoot root = reader.getVectorSchemaRoot();
                        for (int row = 0; row < root.getRowCount(); row++) {
                            Map<String, Object> values = new LinkedHashMap<>();
                            for (var vector : root.getFieldVectors()) {
                                Object value = vector.getObject(row);
                                values.put(vector.getName(), value instanceof org.apache.arrow.vector.util.Text text
                                        ? text.toString() : value);
                            }
                            rows.add(values);
                        }
                    }
                }
            }
            if (allocator.getAllocatedMemory() != 0) {
                throw new AssertionError("the read left " + allocator.getAllocatedMemory() + " bytes allocated");
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return new Result(rows, batches);
    }
}
