package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.engine.RunControl;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ending a run takes pz's stop handlers away without cancelling anything, and gives the signals
 * back to the handlers they had before. (A real signal to a running pz is StopSignalRunTest's.)
 */
class StopSignalsTest {
    @Test
    void closingUnregistersWithoutCancellingAndRestoresThePreviousHandlers() {
        RunControl control = new RunControl();
        AtomicBoolean halted = new AtomicBoolean();
        Signal hup = new Signal("HUP");
        SignalHandler before = Signal.handle(hup, SignalHandler.SIG_DFL);
        try {
            StopSignals.install(control, () -> halted.set(true)).close();
            assertThat(control.isCancelled()).isFalse();
            assertThat(halted).isFalse();
            assertThat(Signal.handle(hup, SignalHandler.SIG_DFL))
                    .isSameAs(SignalHandler.SIG_DFL);
        } finally {
            Signal.handle(hup, before);
        }
    }
}
