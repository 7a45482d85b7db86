package dev.pz.engine.execute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import dev.pz.duckdb.DuckSqlException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Cancellation scopes: cascading, tracked work, waits, and a real DuckDB statement interrupted. */
class CancellationTest {

    @Test
    void cancellingAParentCancelsItsChildrenButNotTheOtherWayRound() {
        Cancellation run = new Cancellation();
        Cancellation dispatch = run.child();
        Cancellation attempt = dispatch.child();

        attempt.cancel("engine.node_timeout");
        assertThat(attempt.isCancelled()).isTrue();
        assertThat(dispatch.isCancelled()).isFalse();

        run.cancel("SIGINT");
        assertThat(dispatch.reason()).isEqualTo("SIGINT");
        assertThat(attempt.reason()).as("the first reason stays").isEqualTo("engine.node_timeout");
        assertThat(dispatch.child().reason()).as("a child of a cancelled scope starts cancelled").isEqualTo("SIGINT");
    }

    @Test
    void trackedWorkIsCancelledOnceAndWorkTrackedLateAtOnce() {
        Cancellation scope = new Cancellation();
        AtomicInteger cancels = new AtomicInteger();
        scope.track(cancels::incrementAndGet);
        scope.cancel("first");
        scope.cancel("second");
        assertThat(cancels).hasValue(1);
        assertThat(scope.reason()).isEqualTo("first");

        AtomicInteger late = new AtomicInteger();
        scope.track(late::incrementAndGet);
        assertThat(late).hasValue(1);
    }

    @Test
    void untrackedWorkIsLeftAlone() {
        Cancellation scope = new Cancellation();
        AtomicInteger cancels = new AtomicInteger();
        try (Cancellation.Registration registration = scope.trackWhileOpen(
                (dev.pz.connectors.api.Cancellable) cancels::incrementAndGet)) {
            assertThat(registration).isNotNull();
        }
        scope.cancel();
        assertThat(cancels).hasValue(0);
    }

    @Test
    void aSleepEndsWhenTheScopeIsCancelled() throws Exception {
        Cancellation scope = new Cancellation();
        CountDownLatch sleeping = new CountDownLatch(1);
        CompletableFuture<Throwable> outcome = CompletableFuture.supplyAsync(() -> {
            sleeping.countDown();
            try {
                scope.sleep(Duration.ofDays(1));
                return null;
            } catch (RuntimeException e) {
                return e;
            }
        });
        sleeping.await();
        scope.cancel();
        assertThat(outcome.get()).isInstanceOf(Cancellation.CancelledException.class);
    }

    @Test
    void aDuckDbStatementThatStartsAfterTheCancelIsStillInterrupted() {
        try (DuckSession session = DuckSession.openInMemory(DuckSettings.defaults());
                DuckConnection connection = session.connect()) {
            Cancellation scope = new Cancellation();
            scope.track(connection);
            scope.cancel();
            // Nothing ran when the cancel came; the repeated interrupt stops the statement started now.
            assertThatThrownBy(() -> connection.execute("select count(*) from range(1000000000000000) t(a) "
                    + "where a % 7 = 3")).isInstanceOfSatisfying(DuckSqlException.class,
                            e -> assertThat(e.interrupted()).isTrue());
            scope.untrack(connection);
        }
    }
}
