package dev.pz.connectors.http;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One read of a dataset: requests page after page and projects their records into Arrow batches
 * of at most the batch row limit (and near its byte target), a page's records straight from its
 * bytes. The crawl ends at an empty page (page numbers and single requests), when no next page is
 * named, or at {@code max_pages}; it fails on a page it already requested (pagination that does
 * not advance), past {@value #DEFAULT_PAGE_CEILING} pages without {@code max_pages}, and when
 * {@code max_pages} cuts an incremental crawl whose cursor does not provably ascend.
 */
final class HttpCrawl extends ArrowReader implements Cancellable {

    static final int DEFAULT_PAGE_CEILING = 50_000;
    /** How many rows pass between two measurements of a batch's size. */
    private static final int SIZE_CHECK_ROWS = 256;

    private final HttpTransport transport;
    private final HttpDataset dataset;
    private final RecordProjector projector;
    private final BatchOptions options;
    private final String context;
    private final int pageCeiling;
    private final int cursorColumn;
    private final AscendingCursor ascending = new AscendingCursor();
    private final Set<URI> requested = new HashSet<>();
    private URI next;
    private URI current;
    private PageRecords page;
    private RecordProjector.Page pageInfo;
    private Optional<URI> following = Optional.empty();
    private int pagesFetched;
    private long bytesRead;

    HttpCrawl(BufferAllocator allocator, HttpTransport transport, HttpDataset dataset, DatasetSpec spec,
            BatchOptions options, int pageCeiling) {
        super(allocator);
        this.transport = transport;
        this.dataset = dataset;
        this.context = spec.context();
        this.projector = RecordProjector.of(dataset, context);
        this.options = options;
        this.pageCeiling = pageCeiling;
        DatasetSpec.Watermark watermark = spec.watermark();
        boolean guarded = watermark != null && watermark.cursor() != null && dataset.maxPages() != null;
        this.cursorColumn = guarded ? projector.columnOf(watermark.cursor()) : -1;
        this.next = firstUri(transport, dataset, watermark);
    }

    /** The dataset's URL with its query bindings filled in and the pagination's first parameters. */
    static URI firstUri(HttpTransport transport, HttpDataset dataset, DatasetSpec.Watermark watermark) {
        Map<String, String> bindings = new HashMap<>();
        if (watermark != null) {
            ContractTypes type = dataset.typeOf(watermark.cursor());
            bindings.put(QueryTemplate.WATERMARK, WatermarkText.lower(watermark.lowerValue(), type));
            bindings.put(QueryTemplate.WINDOW_UPPER, WatermarkText.upper(watermark.upperBound(), type));
        }
        URI base = transport.settings().resolve(dataset.path());
        return dataset.pagination().first(dataset.query().apply(base, bindings));
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        VectorSchemaRoot root = getVectorSchemaRoot();
        root.allocateNew();
        int rows = 0;
        while (rows < options.maxRows() && !full(root, rows)) {
            if (page == null && !fetchNextPage()) {
                break;
            }
            if (!page.next(projector, root, rows, pageInfo)) {
                finishPage();
                continue;
            }
            if (cursorColumn >= 0) {
                ascending.observe(root.getVector(cursorColumn).getObject(rows));
            }
            rows++;
        }
        for (FieldVector vector : root.getFieldVectors()) {
            vector.setValueCount(rows);
        }
        root.setRowCount(rows);
        return rows > 0;
    }

    private boolean full(VectorSchemaRoot root, int rows) {
        if (rows == 0 || rows % SIZE_CHECK_ROWS != 0) {
            return false;
        }
        long bytes = 0;
        for (FieldVector vector : root.getFieldVectors()) {
            bytes += allocatedBytes(vector);
        }
        return bytes >= options.targetBytes();
    }

    /** The memory a vector holds now; a column left null for many rows may not have grown to them. */
    private static long allocatedBytes(FieldVector vector) {
        long bytes = vector.getValidityBuffer().capacity() + vector.getDataBuffer().capacity();
        if (vector instanceof BaseVariableWidthVector variable) {
            bytes += variable.getOffsetBuffer().capacity();
        }
        return bytes;
    }

    /** Requests the next page, if the crawl has one; false when the crawl is over. */
    private boolean fetchNextPage() {
        if (next == null) {
            return false;
        }
        Redactor redactor = transport.redactor();
        if (!requested.add(next)) {
            throw new PzConnectorException(null, context + ": pagination is not advancing — '"
                    + redactor.redact(next.toString()) + "' was already requested during this crawl; check the"
                    + " pagination options", false, null, null);
        }
        HttpResponseBytes response = transport.get(next, context);
        if (!response.succeeded()) {
            throw HttpFailures.status(context, response, redactor, true);
        }
        current = next;
        String shown = redactor.redact(current.toString());
        try {
            following = dataset.pagination().next(response.uri(), response);
        } catch (LinkHeaders.UnreadableLinkException e) {
            throw new PzConnectorException(null, context + ": " + e.getMessage() + " in the response from " + shown,
                    false, null, null);
        } catch (IOException e) {
            throw new PzConnectorException(null, context + ": the response from " + shown + " is not valid JSON",
                    false, null, e);
        }
        bytesRead += response.body().length;
        pageInfo = new RecordProjector.Page(pagesFetched, micros(Instant.now()));
        pagesFetched++;
        page = PageRecords.open(response.body(), dataset, shown, context);
        return true;
    }

    /** Decides, after a page's last record, whether and where the crawl goes on. */
    private void finishPage() {
        boolean empty = page.count() == 0;
        page.close();
        page = null;
        next = null;
        if (following.isEmpty() || empty && dataset.pagination().stopsOnEmptyPage()) {
            return;
        }
        if (following.get().equals(current)) {
            throw new PzConnectorException(null, context + ": pagination is not advancing — the next page of '"
                    + transport.redactor().redact(current.toString()) + "' is the same page; check the pagination"
                    + " options", false, null, null);
        }
        if (dataset.maxPages() != null && pagesFetched >= dataset.maxPages()) {
            if (cursorColumn >= 0 && !ascending.provesAscent()) {
                throw truncatedUnordered();
            }
            return;
        }
        if (dataset.maxPages() == null && pagesFetched >= pageCeiling) {
            throw new PzConnectorException(null, context + ": the crawl passed " + pageCeiling + " pages and still"
                    + " names a next page; set max_pages to bound it", false, null, null);
        }
        next = following.get();
    }

    private PzConnectorException truncatedUnordered() {
        String declared = dataset.cursorOrder() == HttpOptions.CursorOrder.ASC
                ? " — the API does not return them in the declared cursor_order: asc" : "";
        return new PzConnectorException(null, context + ": max_pages truncated a crawl whose cursor values are not"
                + " ascending" + declared + "; the rows of the pages left out could fall behind the advanced watermark"
                + " (raise or remove max_pages, or have the API sort ascending by the cursor)", false, null, null);
    }

    private static long micros(Instant instant) {
        return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
    }

    @Override
    public void cancel() {
        transport.cancel();
    }

    @Override
    public long bytesRead() {
        return bytesRead;
    }

    @Override
    protected void closeReadSource() {
        if (page != null) {
            page.close();
            page = null;
        }
        transport.cancel();
    }

    @Override
    protected Schema readSchema() {
        return projector.schema();
    }
}
