package dev.pz.temporal;

import dev.pz.cli.scaleout.ScaleOutPlan;
import dev.pz.cli.temporal.SubmitSettings;
import dev.pz.cli.temporal.TemporalEngine;
import dev.pz.cli.temporal.WorkerSettings;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerOptions;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** pz's Temporal part, found by {@code TemporalSupport} through the service loader. */
public final class TemporalEngineImpl implements TemporalEngine {

    @Override
    public void work(WorkerSettings settings, PrintWriter out) {
        TemporalConnection connection = TemporalConnection.open(settings.target(), settings.namespace());
        WorkerFactory factory = WorkerFactory.newInstance(connection.client());
        Worker worker = factory.newWorker(settings.taskQueue(), WorkerOptions.newBuilder()
                .setMaxConcurrentActivityExecutionSize(settings.concurrency())
                // No sticky workflow execution: a worker killed with SIGKILL would otherwise hold its workflows'
                // next task until the server's sticky timeout (Temporal's test server never times it out). A
                // run's workflow is a few dozen events, so replaying it on each task costs nothing noticeable.
                .setStickyQueueScheduleToStartTimeout(Duration.ZERO)
                .build());
        worker.registerWorkflowImplementationTypes(ScaleOutWorkflowImpl.class);
        worker.registerActivitiesImplementations(new PzStepsImpl(new ChildPz(settings.projectDir(),
                settings.pzCommand(), out)));
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            // Stops polling and the running steps; their children see this process end and cancel.
            factory.shutdownNow();
            factory.awaitTermination(5, TimeUnit.SECONDS);
            connection.close();
            stopped.countDown();
        }, "pz-worker-stop"));
        factory.start();
        out.println("pz worker: polling task queue " + settings.taskQueue() + " at " + settings.target()
                + " (namespace " + settings.namespace() + ") for " + settings.projectDir());
        out.flush();
        try {
            stopped.await();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public int submit(SubmitSettings settings, ScaleOutPlan plan, PrintWriter out, PrintWriter err) {
        try (TemporalConnection connection = TemporalConnection.open(settings.target(), settings.namespace())) {
            return new Submission(connection.client(), settings, out, err).submit(plan);
        }
    }
}
