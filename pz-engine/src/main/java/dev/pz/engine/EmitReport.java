package dev.pz.engine;

import java.nio.file.Path;
import java.util.List;

/** What {@code pz plan --emit} wrote: the files, and the flows they run in order. */
public record EmitReport(List<Path> files, List<String> flows) {

    public EmitReport {
        files = List.copyOf(files);
        flows = List.copyOf(flows);
    }
}
