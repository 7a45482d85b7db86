package dev.pz.engine;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.connect.ConnectorMessages;
import dev.pz.engine.events.EngineFailures;
import dev.pz.engine.events.EnvironmentFailure;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The facade's promise about what it throws: a failure the machine caused (a full disk, a denied
 * or locked file) leaves as an {@link EnvironmentFailure} with its PZ053x code, whatever layer
 * hit it; a connector's refusal that no phase reported leaves as a {@link PzException} with its code;
 * the project's own problems and everything else pass unchanged.
 */
final class Guard {

    private Guard() {
    }

    static <T> T call(Supplier<T> action) {
        try {
            return action.get();
        } catch (EnvironmentFailure | PzException | PzValidationException e) {
            throw e;
        } catch (RuntimeException e) {
            Optional<PzError> environment = EngineFailures.classify(e, "run the command again");
            if (environment.isPresent()) {
                throw new EnvironmentFailure(environment.get(), e);
            }
            if (e instanceof PzConnectorException refusal) {
                // A connector's refusal is written for the user and names what to fix: never a bug in pz.
                throw new PzException(PzError.of(refusal.code().orElse(PzCode.CONNECTOR_CONFIG_INVALID),
                        ConnectorMessages.withoutCode(refusal.getMessage())));
            }
            throw e;
        }
    }

    static void run(Runnable action) {
        call(() -> {
            action.run();
            return null;
        });
    }
}
