package dev.pz.engine.emit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The one container every emitted pod runs: pz in the project directory, credentials from the Secret. */
final class ContainerSpec {
    static final String NAME = "pz";

    private ContainerSpec() {
    }

    static Map<String, Object> of(EmitTarget target, List<String> arguments) {
        Map<String, Object> container = new LinkedHashMap<>();
        container.put("name", NAME);
        container.put("image", target.image());
        container.put("command", List.of("pz"));
        container.put("args", arguments);
        container.put("workingDir", EmitTarget.PROJECT_DIRECTORY);
        container.put("envFrom", List.of(Map.of("secretRef", Map.of("name", target.secretName()))));
        return container;
    }
}
