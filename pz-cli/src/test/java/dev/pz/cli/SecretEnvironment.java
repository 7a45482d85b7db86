package dev.pz.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;

/** A container's environment from the Secrets its {@code envFrom} names; a Secret the cluster lacks stops the pod. */
final class SecretEnvironment {

    private SecretEnvironment() {
    }

    static Map<String, String> of(JsonNode container, Map<String, Map<String, String>> secrets) {
        Map<String, String> environment = new HashMap<>();
        for (JsonNode source : container.path("envFrom")) {
            String name = source.at("/secretRef/name").asText();
            Map<String, String> secret = secrets.get(name);
            if (secret == null) {
                throw new IllegalStateException("the pod needs Secret '" + name + "', which the cluster does not hold");
            }
            environment.putAll(secret);
        }
        return environment;
    }
}
