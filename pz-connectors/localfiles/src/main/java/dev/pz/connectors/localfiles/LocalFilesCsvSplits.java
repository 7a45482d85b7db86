package dev.pz.connectors.localfiles;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The byte-range plan of one large csv file, made when a partition first needs it rather than
 * before the read starts: the first range begins at the file's start and reaches at least the first
 * target offset whatever the plan says, so it parses while another partition's thread runs the
 * planner's quote-aware scan. The scan runs once, on the first thread that asks; the others wait
 * for it. A refused plan (see {@link LocalFilesCsvSplitPlanner}) leaves the whole file to the first
 * range and nothing to the others.
 */
final class LocalFilesCsvSplits {

    private final long length;
    private final int count;
    private final FutureTask<Optional<List<LocalFilesCsvSplitPlanner.Split>>> plan;

    LocalFilesCsvSplits(Path file, long length, List<String> headerNames, int count) {
        this.length = length;
        this.count = count;
        this.plan = new FutureTask<>(() -> {
            try {
                return LocalFilesCsvSplitPlanner.plan(file, length, headerNames, count);
            } catch (InterruptedIOException | ClosedByInterruptException stopped) {
                // A stopped read must not look like a refused plan, which hands the first range the whole file.
                throw stopped;
            } catch (IOException e) {
                // An unreadable file fails the whole-file read with its own message.
                return Optional.empty();
            }
        });
    }

    /** How many partitions read the file; a refused plan leaves all but the first empty. */
    int count() {
        return count;
    }

    /** The offset from which range {@code index} is planned to start; {@code count()} gives the length. */
    long target(int index) {
        return length * index / count;
    }

    /** The split that range {@code index} (1 or more) reads; empty when the plan has none for it. */
    Optional<LocalFilesCsvSplitPlanner.Split> split(int index) throws InterruptedIOException {
        List<LocalFilesCsvSplitPlanner.Split> splits = plan().orElse(List.of());
        return index < splits.size() ? Optional.of(splits.get(index)) : Optional.empty();
    }

    /** Where the first range ends: the first split's end, or the file's end when the plan is refused. */
    long firstEnd() throws InterruptedIOException {
        return plan().map(splits -> splits.get(0).end()).orElse(length);
    }

    private Optional<List<LocalFilesCsvSplitPlanner.Split>> plan() throws InterruptedIOException {
        plan.run();
        try {
            return plan.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while planning the csv file's byte ranges");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException stopped) {
                throw (InterruptedIOException) new InterruptedIOException("the csv split plan was interrupted")
                        .initCause(stopped);
            }
            throw new IllegalStateException("the csv split planner failed", e.getCause());
        }
    }
}
