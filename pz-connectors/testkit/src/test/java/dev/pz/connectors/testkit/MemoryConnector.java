package dev.pz.connectors.testkit;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A connector held in memory, for testing the test kit itself: every dataset is one batch of
 * {@code id bigint}, every committed output is remembered. A {@link Fault} makes it break one rule
 * of the contract, so the kit must fail the check that covers that rule.
 */
final class MemoryConnector implements Connector {

    static final Option<String> TOKEN = Option.string("token", "A credential.").secret();
    static final String SECRET = "t0ken-never-printed";
    static final Schema SCHEMA = new Schema(List.of(Field.nullable("id", new ArrowType.Int(64, true))));

    /** The one rule a faulty instance breaks. */
    enum Fault {
        NONE, CLAIMS_MERGE, WRONG_BATCH_SCHEMA, ECHOES_SECRET, ABORT_KEEPS_OUTPUT, UNDECLARED_PARTITIONS, RESERVED_OPTION
    }

    private final Fault fault;
    private final Set<String> visible;

    MemoryConnector(Fault fault, Set<String> visible) {
        this.fault = fault;
        this.visible = visible;
    }

    static Set<String> outputs() {
        return ConcurrentHashMap.newKeySet();
    }

    @Override
    public String name() {
        return "memory";
    }

    @Override
    public String version() {
        return "0.0.0";
    }

    @Override
    public Set<ConnectorCapability> capabilities() {
        return fault == Fault.CLAIMS_MERGE ? EnumSet.of(ConnectorCapability.REPLACE_WRITES, ConnectorCapability.MERGE)
                : EnumSet.of(ConnectorCapability.REPLACE_WRITES);
    }

    @Override
    public OptionSet connectionOptions() {
        return fault == Fault.RESERVED_OPTION ? OptionSet.of(TOKEN, Option.string("retry", "Mine.")) : OptionSet.of(TOKEN);
    }

    @Override
    public OptionSet readOptions() {
        return OptionSet.none();
    }

    @Override
    public OptionSet writeOptions() {
        return OptionSet.none();
    }

    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        return ConnectionCheck.passed();
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new Source() {
            @Override
            public Optional<NativeScan> nativeScan(DatasetSpec spec) {
                return Optional.empty();
            }

            @Override
            public Schema schema(DatasetSpec spec) {
                if (spec.entity().equals("missing")) {
                    throw new PzConnectorException(PzCode.NODE_FAILED, "no dataset 'missing'"
                            + (fault == Fault.ECHOES_SECRET ? " for token " + config.get(TOKEN) : ""));
                }
                return SCHEMA;
            }

            @Override
            public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
                int count = fault == Fault.UNDECLARED_PARTITIONS ? 2 : 1;
                return java.util.stream.IntStream.range(0, count).mapToObj(i -> (ReadPartition) new ReadPartition() {
                    @Override
                    public String id() {
                        return spec.entity() + "#" + i;
                    }

                    @Override
                    public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
                        return reader(allocator);
                    }
                }).toList();
            }

            @Override
            public void close() {
            }
        });
    }

    private ArrowReader reader(BufferAllocator allocator) {
        Schema batchSchema = fault == Fault.WRONG_BATCH_SCHEMA
                ? new Schema(List.of(Field.nullable("id", new ArrowType.Int(32, true)))) : SCHEMA;
        return new ArrowReader(allocator) {
            private boolean done;

            @Override
            public boolean loadNextBatch() throws java.io.IOException {
                if (done) {
                    return false;
                }
                done = true;
                VectorSchemaRoot root = getVectorSchemaRoot();
                root.allocateNew();
                if (root.getVector(0) instanceof BigIntVector ids) {
                    ids.setSafe(0, 42L);
                } else {
                    ((org.apache.arrow.vector.IntVector) root.getVector(0)).setSafe(0, 42);
                }
                root.setRowCount(1);
                return true;
            }

            @Override
            public long bytesRead() {
                return 0;
            }

            @Override
            protected void closeReadSource() {
            }

            @Override
            protected Schema readSchema() {
                return batchSchema;
            }
        };
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new Sink() {
            @Override
            public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
                return Optional.empty();
            }

            @Override
            public WriteSession beginWrite(OutputSpec spec, Schema schema) {
                if (spec.strategy() == WriteStrategy.MERGE && fault != Fault.CLAIMS_MERGE) {
                    throw new PzConnectorException(PzCode.WRITE_MODE_UNSUPPORTED, spec.context() + ": no merge");
                }
                return session(spec);
            }

            @Override
            public void close() {
            }
        });
    }

    private WriteSession session(OutputSpec spec) {
        return new WriteSession() {
            private String state = "open";

            @Override
            public void write(VectorSchemaRoot batch) {
                check("write to");
                if (fault == Fault.ABORT_KEEPS_OUTPUT) {
                    visible.add(spec.entity());
                }
            }

            @Override
            public WriteResult commit() {
                check("commit");
                state = "committed";
                visible.add(spec.entity());
                return new WriteResult(1, 1);
            }

            @Override
            public void abort() {
                check("abort");
                state = "aborted";
            }

            @Override
            public void close() {
                if (state.equals("open")) {
                    abort();
                }
            }

            private void check(String action) {
                if (!state.equals("open")) {
                    throw new IllegalStateException("cannot " + action + " a session already " + state);
                }
            }
        };
    }
}
