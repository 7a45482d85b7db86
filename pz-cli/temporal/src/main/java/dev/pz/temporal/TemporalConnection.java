package dev.pz.temporal;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** A connection to a Temporal frontend, checked at once so an unreachable address is one clear error. */
final class TemporalConnection implements AutoCloseable {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final WorkflowServiceStubs service;
    private final WorkflowClient client;

    private TemporalConnection(WorkflowServiceStubs service, String namespace) {
        this.service = service;
        this.client = WorkflowClient.newInstance(service, WorkflowClientOptions.newBuilder().setNamespace(namespace)
                .build());
    }

    static TemporalConnection open(String target, String namespace) {
        WorkflowServiceStubsOptions options = WorkflowServiceStubsOptions.newBuilder().setTarget(target).build();
        try {
            return new TemporalConnection(WorkflowServiceStubs.newConnectedServiceStubs(options, CONNECT_TIMEOUT),
                    namespace);
        } catch (RuntimeException unreachable) {
            throw new PzException(new PzError(PzCode.TEMPORAL_UNREACHABLE, "cannot reach the Temporal server at "
                    + target + " (" + reason(unreachable) + ")", null, 0,
                    "start the Temporal server or fix --temporal; it takes the frontend's gRPC address, e.g. localhost:7233"),
                    unreachable);
        }
    }

    WorkflowClient client() {
        return client;
    }

    @Override
    public void close() {
        service.shutdown();
        service.awaitTermination(5, TimeUnit.SECONDS);
    }

    private static String reason(Throwable failure) {
        Throwable deepest = failure;
        while (deepest.getCause() != null && deepest.getCause() != deepest) {
            deepest = deepest.getCause();
        }
        String message = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
        if (deepest != failure && deepest.getMessage() != null) {
            message += ": " + deepest.getMessage();
        }
        return message.lines().findFirst().orElse(message);
    }
}
