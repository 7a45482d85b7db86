package dev.pz.cli;

import dev.pz.engine.RunControl;
import java.util.ArrayList;
import java.util.List;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C, SIGTERM and SIGHUP during a run: the first cancels the run cleanly (running statements
 * are interrupted, pending nodes skipped, the run recorded as fatal, no state advanced); a second
 * one stops the process at once, after {@code beforeHalt} (which puts a live view's terminal back).
 * Shutdown hooks cannot tell a first signal from a second, so this installs signal handlers for the
 * run's lifetime and restores the previous ones afterwards.
 */
final class StopSignals implements AutoCloseable {
    private static final List<String> SIGNALS = List.of("INT", "TERM", "HUP");
    private final List<Signal> installed = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();
    private final Runnable beforeHalt;
    private volatile boolean signalled;

    private StopSignals(Runnable beforeHalt) {
        this.beforeHalt = beforeHalt;
    }

    static StopSignals install(RunControl control, Runnable beforeHalt) {
        StopSignals signals = new StopSignals(beforeHalt);
        for (String name : SIGNALS) {
            try {
                Signal signal = new Signal(name);
                SignalHandler old = Signal.handle(signal, received -> signals.onSignal(control, received));
                signals.installed.add(signal);
                signals.previous.add(old);
            } catch (IllegalArgumentException unsupported) {
                // This platform has no such signal (or the JVM reserves it): nothing to install.
            }
        }
        return signals;
    }

    private void onSignal(RunControl control, Signal received) {
        if (signalled) {
            try {
                beforeHalt.run();
            } finally {
                Runtime.getRuntime().halt(ExitCodes.FATAL);
            }
        }
        signalled = true;
        control.cancel("SIG" + received.getName());
    }

    @Override
    public void close() {
        for (int i = 0; i < installed.size(); i++) {
            Signal.handle(installed.get(i), previous.get(i));
        }
    }
}
