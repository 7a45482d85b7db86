package dev.pz.testing.packages;

import dev.pz.connectors.api.ConnectorApi;
import dev.pz.connectors.api.ConnectorFactory;
import java.util.List;
import java.util.Map;

/**
 * Connector packages for the tests of {@code pz restore} and package loading, built from source by the
 * tests themselves. {@code seq} (org.example:pz-seq) reads {@code stop} numbers with a {@code tag} column
 * that says which version of its dependency org.example:tagger it sees; {@code seq2} (org.example:pz-seq2)
 * is the same code — same class names — against another tagger version. A read option {@code fault} makes
 * a read throw, leak Arrow memory, hang until cancelled, or hit a class its jar lacks.
 */
public final class SeqPackages {
    public static final String SEQ = "org.example:pz-seq";
    public static final String SEQ2 = "org.example:pz-seq2";
    /** Built for a connector API this pz does not provide. */
    public static final String SEQ_FUTURE = "org.example:pz-seq-future";
    public static final String VERSION = "1.0.0";

    private SeqPackages() {
    }

    /** Publishes tagger 1.0 and 2.0, pz-seq (tagger 1.0), pz-seq2 (tagger 2.0) and pz-seq-future. */
    public static void publishAll(LocalRepository repository) {
        repository.publish(tagger("1.0"));
        repository.publish(tagger("2.0"));
        repository.publish(seq(SEQ, "seq", "1.0", VERSION, Integer.toString(ConnectorApi.VERSION)));
        repository.publish(seq(SEQ2, "seq2", "2.0", VERSION, Integer.toString(ConnectorApi.VERSION)));
        repository.publish(seq(SEQ_FUTURE, "seqf", "1.0", VERSION, Integer.toString(ConnectorApi.VERSION + 1)));
    }

    public static LocalRepository.Artifact tagger(String version) {
        return LocalRepository.Artifact.of("org.example:tagger:" + version, Map.of("org.example.tagger.Tagger", """
                package org.example.tagger;

                public final class Tagger {
                    public static String tag() {
                        return "tagger-%s";
                    }
                }
                """.formatted(version)));
    }

    /** A package whose one connector is {@code name}; it depends on tagger {@code taggerVersion}. */
    public static LocalRepository.Artifact seq(String packageId, String name, String taggerVersion, String version,
            String apiVersion) {
        return LocalRepository.Artifact.of(packageId + ":" + version, Map.of(
                "org.example.seq.SeqConnector", CONNECTOR.replace("@NAME@", name),
                "org.example.seq.SeqReader", READER,
                "org.example.seq.Missing", "package org.example.seq;\nfinal class Missing {\n}\n"))
                .withResources(Map.of("META-INF/services/" + ConnectorFactory.class.getName(),
                        "org.example.seq.SeqConnector\n"))
                .withManifest(Map.of(ConnectorApi.MANIFEST_ATTRIBUTE, apiVersion))
                .withDependencies(List.of("org.example:tagger:" + taggerVersion))
                .omitting(List.of("org/example/seq/Missing.class"));
    }

    private static final String CONNECTOR = """
            package org.example.seq;

            import dev.pz.connectors.api.*;
            import java.util.List;
            import java.util.Optional;
            import java.util.Set;
            import org.apache.arrow.vector.types.pojo.ArrowType;
            import org.apache.arrow.vector.types.pojo.Field;
            import org.apache.arrow.vector.types.pojo.FieldType;
            import org.apache.arrow.vector.types.pojo.Schema;

            public final class SeqConnector implements Connector, ConnectorFactory {
                static final Option<Integer> STOP = Option.integer("stop", "The numbers end before this.").required();
                static final Option<String> FAULT = Option.string("fault",
                        "What goes wrong: none, throw, leak, hang or link.").defaultValue("none");
                static final Schema SCHEMA = new Schema(List.of(
                        new Field("n", FieldType.nullable(new ArrowType.Int(64, true)), null),
                        new Field("tag", FieldType.nullable(new ArrowType.Utf8()), null)));

                public String name() { return "@NAME@"; }
                public Connector create() { return new SeqConnector(); }
                public String version() { return "1.0.0"; }
                public Set<ConnectorCapability> capabilities() { return Set.of(); }
                public OptionSet connectionOptions() { return OptionSet.none(); }
                public OptionSet readOptions() { return OptionSet.of(STOP, FAULT); }
                public OptionSet writeOptions() { return OptionSet.none(); }
                public ConnectionCheck checkConnection(ConnectorConfig config) { return ConnectionCheck.passed(); }
                public Optional<Sink> openSink(ConnectorConfig config) { return Optional.empty(); }

                public Optional<Source> openSource(ConnectorConfig config) {
                    return Optional.of(new Source() {
                        public Optional<NativeScan> nativeScan(DatasetSpec spec) { return Optional.empty(); }
                        public Schema schema(DatasetSpec spec) { return SCHEMA; }
                        public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
                            int stop = spec.get(STOP);
                            String fault = spec.get(FAULT);
                            return List.of(new ReadPartition() {
                                public String id() { return "all"; }
                                public org.apache.arrow.vector.ipc.ArrowReader open(
                                        org.apache.arrow.memory.BufferAllocator allocator, BatchOptions options) {
                                    return new SeqReader(allocator, stop, fault);
                                }
                            });
                        }
                        public void close() { }
                    });
                }
            }
            """;

    private static final String READER = """
            package org.example.seq;

            import java.io.IOException;
            import java.nio.charset.StandardCharsets;
            import java.util.concurrent.CountDownLatch;
            import org.apache.arrow.memory.BufferAllocator;
            import org.apache.arrow.vector.BigIntVector;
            import org.apache.arrow.vector.VarCharVector;
            import org.apache.arrow.vector.VectorSchemaRoot;
            import org.apache.arrow.vector.ipc.ArrowReader;
            import org.apache.arrow.vector.types.pojo.Schema;
            import org.example.tagger.Tagger;

            final class SeqReader extends ArrowReader implements dev.pz.connectors.api.Cancellable {
                private final int stop;
                private final String fault;
                private final CountDownLatch closed = new CountDownLatch(1);
                private boolean done;

                SeqReader(BufferAllocator allocator, int stop, String fault) {
                    super(allocator);
                    this.stop = stop;
                    this.fault = fault;
                }

                @Override
                public boolean loadNextBatch() throws IOException {
                    if (done) {
                        return false;
                    }
                    switch (fault) {
                        case "throw" -> throw new IllegalStateException("seq failed on purpose");
                        case "leak" -> allocator.buffer(4096);
                        case "link" -> new Missing();
                        case "hang" -> {
                            try {
                                closed.await();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            throw new IOException("closed while waiting");
                        }
                        default -> { }
                    }
                    VectorSchemaRoot root = getVectorSchemaRoot();
                    root.allocateNew();
                    byte[] tag = Tagger.tag().getBytes(StandardCharsets.UTF_8);
                    for (int row = 0; row < stop; row++) {
                        ((BigIntVector) root.getVector("n")).setSafe(row, row);
                        ((VarCharVector) root.getVector("tag")).setSafe(row, tag);
                    }
                    root.setRowCount(stop);
                    done = true;
                    return true;
                }

                @Override
                public long bytesRead() {
                    return 0;
                }

                @Override
                public void cancel() {
                    closed.countDown();
                }

                @Override
                protected void closeReadSource() {
                    closed.countDown();
                }

                @Override
                protected Schema readSchema() {
                    return SeqConnector.SCHEMA;
                }
            }
            """;
}
