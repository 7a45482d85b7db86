package dev.pz.engine;

import dev.pz.engine.artifacts.CompileArtifacts;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.emit.ArgoWorkflow;
import dev.pz.engine.emit.EmitTarget;
import dev.pz.engine.emit.KubernetesJobs;
import dev.pz.engine.emit.NeutralPlan;
import dev.pz.engine.emit.ScaleOutFlow;
import dev.pz.engine.emit.ScaleOutFlows;
import dev.pz.engine.json.AtomicFiles;
import dev.pz.engine.model.Project;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Writes the files of {@code pz plan --emit}. */
final class Emitter {
    private Emitter() {
    }

    static EmitReport emit(Project project, CompiledDag dag, EmitRequest request) {
        List<ScaleOutFlow> flows = ScaleOutFlows.of(dag, request.shards());
        Path base = request.outDirectory() != null ? request.outDirectory()
                : CompileArtifacts.targetDirectory(project.directory());
        EmitTarget target = new EmitTarget(project.name(), request.image(), request.runId());
        List<Path> written = new ArrayList<>();
        switch (request.format()) {
            case PLAN -> written.add(write(base.resolve("scale-out.json"), NeutralPlan.render(project.name(), flows)));
            case KUBERNETES -> {
                Path directory = base.resolve("kubernetes");
                removeEarlierManifests(directory);
                for (Map.Entry<String, String> file : KubernetesJobs.render(target, flows).entrySet()) {
                    written.add(write(directory.resolve(file.getKey()), file.getValue()));
                }
            }
            case ARGO -> written.add(write(base.resolve("argo").resolve("workflow.yaml"),
                    ArgoWorkflow.render(target, flows)));
        }
        return new EmitReport(written, flows.stream().map(ScaleOutFlow::name).toList());
    }

    private static Path write(Path file, String content) {
        AtomicFiles.writeString(file, content);
        return file;
    }

    /** Manifests of an earlier emit that this one does not write again must not be applied with it. */
    private static void removeEarlierManifests(Path directory) {
        if (!Files.isDirectory(directory)) {
            return;
        }
        try (DirectoryStream<Path> manifests = Files.newDirectoryStream(directory, "[0-9][0-9]-*.yaml")) {
            for (Path manifest : manifests) {
                Files.delete(manifest);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
