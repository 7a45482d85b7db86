package dev.pz.engine.execute;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.duckdb.ArrowStreamView;
import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.plan.PlannedNode;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A universal chain streamed from its source to its sink (see
 * {@link dev.pz.engine.plan.UniversalStreaming}). The source node runs it: the source's batches flow
 * through the bounded channel into an Arrow stream registered behind a view of the source's staging
 * name, the pipeline is a view over that, and the sink receives the pipeline's result as DuckDB
 * computes it; DuckDB pulls the stream, so the channel bounds what is in flight. The source node
 * reports the rows read; the pipeline node the rows the sink received from DuckDB; the sink node the
 * rows it wrote.
 *
 * <p>A universal sink commits on the source node, once every batch is written; a native file sink's
 * COPY leaves its finished temporary for the sink node to publish. On a failure other than a stop
 * (cancel, fail-fast, timeout) the write is aborted (the destination stays as it was), nothing is
 * handed on, and the source is read again the staged way, so the pipeline and the sink then run
 * staged too and the node that fails, and its message, are those of a staged run.
 */
final class StreamedChain {
    /**
     * Slots of each of the chain's two channels. Both are open at once on one engine thread; with one
     * slot each, the batches in flight (per channel: the slot, one being produced, one being
     * consumed) stay within the six per engine thread the plan's memory budget counts.
     */
    static final int CHANNEL_SLOTS = 1;

    private StreamedChain() {
    }

    /**
     * Reads the source through its chain; empty when the pipeline or the sink failed and the caller
     * must land the source the staged way. The source's own failure, and a stop, are thrown.
     */
    static Optional<UniversalIngest.Landed> run(SourceLoadNode source, DatasetSpec spec, RunContext context,
            DuckConnection connection) {
        PipelineNode pipeline = (PipelineNode) context.dag().node(context.dag().children(source.id()).get(0));
        SinkWriteNode sink = (SinkWriteNode) context.dag().node(context.dag().children(pipeline.id()).get(0));
        AtomicReference<Delivered> delivered = new AtomicReference<>();
        try {
            UniversalIngest.Landed landed = UniversalIngest.read(source, spec, context, CHANNEL_SLOTS,
                    (reader, allocator) -> {
                        delivered.set(through(source, reader, allocator, context, connection));
                        return reader.rows();
                    });
            context.fusedCopies().put(pipeline.id(), delivered.get().pipeline());
            context.fusedCopies().put(sink.id(), delivered.get().sink());
            return Optional.of(landed);
        } catch (RuntimeException e) {
            Delivered done = delivered.get();
            if (done != null && done.sink().temporary() != null) {
                context.temporaries().release(done.sink().temporary());
            }
            if (!(e instanceof DownstreamFailure downstream)) {
                throw e;
            }
            RuntimeException failure = downstream.failure();
            // A universal sink that committed must not write again the staged way.
            boolean committed = done != null && done.sink().temporary() == null;
            if (committed || failure instanceof Cancellation.CancelledException || context.cancellation().isCancelled()
                    || FusedCopy.interrupted(failure)) {
                throw failure;
            }
            return Optional.empty();
        }
    }

    /**
     * Registers the source's stream behind the source's staging name, creates the pipeline's view over
     * it and delivers the view to the sink; both views are gone afterwards.
     */
    private static Delivered through(SourceLoadNode source, ChannelReader reader, BufferAllocator allocator,
            RunContext context, DuckConnection connection) {
        PipelineNode pipeline = (PipelineNode) context.dag().node(context.dag().children(source.id()).get(0));
        SinkWriteNode sink = (SinkWriteNode) context.dag().node(context.dag().children(pipeline.id()).get(0));
        ArrowStreamView view;
        try {
            view = ArrowStreamView.create(connection, Relations.staging(source.name()), reader, allocator);
        } catch (RuntimeException e) {
            throw new DownstreamFailure(e);
        }
        try (view) {
            PipelineExecutor.create(pipeline, context, connection, true);
            return deliver(pipeline, sink, context, connection);
        } catch (RuntimeException e) {
            RuntimeException failure = view.failure(e);
            // The source's own failure is reported as the source's; the reader kept it.
            throw failure == e ? new DownstreamFailure(e) : failure;
        } finally {
            dropView(connection, Relations.staging(pipeline.name()));
        }
    }

    /** The pipeline or the sink failed while the source read fine. */
    private static final class DownstreamFailure extends RuntimeException {
        private final RuntimeException failure;

        DownstreamFailure(RuntimeException failure) {
            super(failure.getMessage(), failure, false, false);
            this.failure = failure;
        }

        RuntimeException failure() {
            return failure;
        }
    }

    /** The rows the pipeline node reports when its chain streamed; empty when it must run staged. */
    static OptionalLong pipelineRows(PipelineNode pipeline, RunContext context) {
        return handedOn(pipeline.id(), context).map(copied -> OptionalLong.of(copied.rows()))
                .orElse(OptionalLong.empty());
    }

    /**
     * What the chain left for the sink node: the rows a universal sink committed (no temporary), or a
     * native COPY's finished temporary to publish; empty when the sink must run staged. It stays
     * handed on until the sink node takes it, so a retried attempt of the sink publishes it again.
     */
    static Optional<CopiedFile> sinkWrite(SinkWriteNode sink, RunContext context) {
        return context.plan().isStreamed(sink.id()) ? Optional.ofNullable(context.fusedCopies().peek(sink.id()))
                : Optional.empty();
    }

    private static Optional<CopiedFile> handedOn(String id, RunContext context) {
        return context.plan().isStreamed(id) ? Optional.ofNullable(context.fusedCopies().take(id)) : Optional.empty();
    }

    /** What the chain hands on: the pipeline's rows, and the sink's committed rows or finished temporary. */
    private record Delivered(CopiedFile pipeline, CopiedFile sink) {
    }

    /** Writes the pipeline's view to the sink. */
    private static Delivered deliver(PipelineNode pipeline, SinkWriteNode sink, RunContext context,
            DuckConnection connection) {
        PlannedNode planned = context.plan().node(sink.id()).orElseThrow();
        String relation = Relations.staging(pipeline.name());
        if (planned.nativeCopy() != null) {
            CopiedFile copied = NativeCopyRunner.copy(sink.name(), planned.nativeCopy(), context, connection, relation);
            return new Delivered(new CopiedFile(copied.rows(), null), copied);
        }
        OutputSpec spec = SinkWriteExecutor.outputSpec(sink, context);
        UniversalWrite.Written written = UniversalWrite.writeOnce(sink, spec, context, connection, relation,
                CHANNEL_SLOTS);
        // The sink node itself waits for nothing: the chain's stalls are the source node's, in its runtime.
        return new Delivered(new CopiedFile(written.relationRows(), null),
                new CopiedFile(written.rows(), null, new NodeResult.Timings(0, 0)));
    }

    private static void dropView(DuckConnection connection, String view) {
        try {
            if (!connection.isClosed()) {
                connection.execute("drop view if exists " + view);
            }
        } catch (RuntimeException ignored) {
            // The connection is being closed by a cancel; the run's staging goes with it.
        }
    }
}
