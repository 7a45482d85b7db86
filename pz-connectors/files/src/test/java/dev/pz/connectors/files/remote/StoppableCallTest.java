package dev.pz.connectors.files.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.error.PzConnectorException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** A store call another thread can stop: the caller is released at once, the work interrupted once. */
class StoppableCallTest {

    @Test
    void aCallReturnsWhatItsWorkReturnsAndRethrowsWhatItThrows() {
        StoppableCall call = new StoppableCall("pz-test");
        assertThat(call.call("listing", () -> "done")).isEqualTo("done");
        assertThatThrownBy(() -> call.call("listing", () -> {
            throw new PzConnectorException(null, "refused", false, null, null);
        })).hasMessage("refused");
    }

    @Test
    void aCancelReleasesTheWaitingCallerAndInterruptsTheWorkOnce() throws Exception {
        StoppableCall call = new StoppableCall("pz-test");
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        CompletableFuture<Object> caller = CompletableFuture.supplyAsync(() -> call.call("the upload of x", () -> {
            started.countDown();
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
            return null;
        }));
        started.await();
        call.cancel();
        assertThatThrownBy(caller::join).cause().isInstanceOfSatisfying(PzConnectorException.class,
                e -> assertThat(e.isTransient()).isTrue()).hasMessage("the upload of x was cancelled");
        interrupted.await();
    }

    @Test
    void aCancelBeforeTheCallFailsThatCallOnlyThenIsForgotten() {
        StoppableCall call = new StoppableCall("pz-test");
        call.cancel();
        assertThatThrownBy(() -> call.call("the download of y", () -> "never")).isInstanceOf(PzConnectorException.class)
                .hasMessage("the download of y was cancelled");
        assertThat(call.call("the download of y", () -> "again")).isEqualTo("again");
    }
}
