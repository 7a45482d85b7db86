package dev.pz.engine.cdc;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ChangeCapturePartition;
import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A change-capture connector {@code scripted} for engine tests: every read yields the same change
 * rows ({@code op, position, id, name}) in one batch, reports {@code id} as the key (or no key),
 * proposes a fixed token, and records the token it was given.
 */
final class ScriptedChanges implements Connector {

    /** One change row: op, position, id, name. */
    record Change(String op, String position, int id, String name) {
    }

    private final List<Change> changes;
    private final boolean keyed;
    private final boolean envelope;
    final List<String> tokensSeen = new ArrayList<>();

    ScriptedChanges(List<Change> changes, boolean keyed, boolean envelope) {
        this.changes = List.copyOf(changes);
        this.keyed = keyed;
        this.envelope = envelope;
    }

    @Override
    public String name() {
        return "scripted";
    }

    @Override
    public String version() {
        return "0.0.0-test";
    }

    @Override
    public Set<ConnectorCapability> capabilities() {
        return EnumSet.of(ConnectorCapability.CHANGE_CAPTURE);
    }

    @Override
    public OptionSet connectionOptions() {
        return OptionSet.none();
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
                return ScriptedChanges.this.schema();
            }

            @Override
            public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
                tokensSeen.add(String.valueOf(spec.changeCapture().resumeToken()));
                return List.of(new Partition());
            }

            @Override
            public void close() {
            }
        });
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.empty();
    }

    private Schema schema() {
        List<Field> fields = new ArrayList<>();
        fields.add(Field.nullable(envelope ? "_pz_op" : "op", ArrowType.Utf8.INSTANCE));
        fields.add(Field.nullable("_pz_lsn", ArrowType.Utf8.INSTANCE));
        fields.add(Field.nullable("_pz_changed_at", new ArrowType.Timestamp(
                org.apache.arrow.vector.types.TimeUnit.MICROSECOND, "+00:00")));
        fields.add(Field.nullable("id", new ArrowType.Int(32, true)));
        fields.add(Field.nullable("name", ArrowType.Utf8.INSTANCE));
        return new Schema(fields);
    }

    private final class Partition implements ChangeCapturePartition {
        @Override
        public String id() {
            return "scripted";
        }

        @Override
        public List<String> changeKeyColumns() {
            return keyed ? List.of("id") : List.of();
        }

        @Override
        public Optional<String> resumeToken() {
            return changes.isEmpty() ? Optional.empty() : Optional.of("token-after-" + changes.size());
        }

        @Override
        public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
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
                    for (int row = 0; row < changes.size(); row++) {
                        Change change = changes.get(row);
                        ((VarCharVector) root.getVector(0)).setSafe(row, change.op().getBytes(StandardCharsets.UTF_8));
                        ((VarCharVector) root.getVector(1)).setSafe(row,
                                change.position().getBytes(StandardCharsets.UTF_8));
                        root.getVector(2).setNull(row);
                        ((IntVector) root.getVector(3)).setSafe(row, change.id());
                        if (change.name() == null) {
                            root.getVector(4).setNull(row);
                        } else {
                            ((VarCharVector) root.getVector(4)).setSafe(row, change.name().getBytes(StandardCharsets.UTF_8));
                        }
                    }
                    root.setRowCount(changes.size());
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
                    return schema();
                }
            };
        }
    }
}
