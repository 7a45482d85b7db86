package dev.pz.temporal;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** The activities of a scale-out run: each runs one pz command as a child process of the worker. */
@ActivityInterface
public interface PzSteps {

    @ActivityMethod(name = "Shard")
    void shard(Step step);

    @ActivityMethod(name = "Commit")
    void commit(Step step);
}
