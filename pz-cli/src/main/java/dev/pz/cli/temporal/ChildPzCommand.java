package dev.pz.cli.temporal;

import java.nio.file.Path;
import java.util.List;

/**
 * The words that start a child {@code pz} from a worker: this JVM, with pz's JVM settings, on this
 * process's class path, through {@code dev.pz.cli.ParentBoundMain} so the child stops when its worker
 * dies (a worker killed with SIGKILL must not leave a shard writing on its own).
 */
public final class ChildPzCommand {

    private ChildPzCommand() {
    }

    public static List<String> ofThisProcess() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of(java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "-Xss4m", "-D" + PARENT_PID_PROPERTY + "=" + ProcessHandle.current().pid(), "-cp",
                System.getProperty("java.class.path"), "dev.pz.cli.ParentBoundMain");
    }

    /** The system property naming the worker's process id in a child. */
    public static final String PARENT_PID_PROPERTY = "pz.parent.pid";
}
