package dev.pz.engine;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.connect.ConnectorLock;
import dev.pz.engine.connect.ConnectorPackages;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.load.ContractConfigParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** How {@code pz connector test} finds its connector and turns its config file into specs. */
final class ConnectorTargets {
    private static final String TEST_CONNECTION = "under_test";
    private static final String TARGETS = "pass a jar path, a group:artifact from project.yml's connectors: (after"
            + " 'pz restore'), or a name from 'pz connectors'";

    private ConnectorTargets() {
    }

    static Connector find(String target, Supplier<ConnectorRegistry> project) {
        boolean path = target.endsWith(".jar") || target.contains("/") || target.contains("\\");
        if (path && !Files.isRegularFile(Path.of(target))) {
            throw new PzException(PzError.of(PzCode.PROCESS_ENTRYPOINT_MISSING, "'" + target + "' is no connector jar"
                    + (Files.isDirectory(Path.of(target)) ? " (it is a directory)" : " (nothing exists there)"))
                    .withHint(TARGETS));
        }
        if (path || Files.isRegularFile(Path.of(target))) {
            Map<String, Connector> connectors = ConnectorPackages.loadJar(Path.of(target).toAbsolutePath());
            return single(target, connectors);
        }
        ConnectorRegistry registry = project.get();
        Map<String, Connector> packaged = new LinkedHashMap<>();
        for (Connector connector : registry.all()) {
            boolean fromPackage = registry.origin(connector.name()).map(ConnectorLock.LockedPackage::packageId)
                    .filter(target::equals).isPresent();
            if (fromPackage) {
                packaged.put(connector.name(), connector);
            }
        }
        if (!packaged.isEmpty()) {
            return single(target, packaged);
        }
        return registry.find(target).orElseThrow(() -> new PzException(PzError.of(PzCode.PROCESS_ENTRYPOINT_MISSING,
                "'" + target + "' is neither a jar, nor a connector package the project declares, nor a connector"
                        + " name").withHint(TARGETS)));
    }

    private static Connector single(String target, Map<String, Connector> connectors) {
        if (connectors.size() > 1) {
            throw new PzException(PzError.of(PzCode.CONNECTOR_PACKAGE_MISSING, "'" + target + "' holds the connectors "
                    + String.join(", ", connectors.keySet())).withHint("test one at a time: pass its name as the"
                            + " target"));
        }
        return connectors.values().iterator().next();
    }

    static ConnectorUnderTest underTest(Connector connector, ContractConfigParser.ContractConfig config,
            Path configDirectory) {
        Map<String, Object> options = new LinkedHashMap<>(config.connection());
        options.put(ConnectorConfig.BASE_DIR, configDirectory.toString());
        DatasetSpec dataset = config.dataset() == null ? null
                : DatasetSpec.of(TEST_CONNECTION, config.dataset(), config.readOptions(), null);
        OutputSpec output = config.output() == null ? null : new OutputSpec(TEST_CONNECTION, config.output(),
                config.mode(), config.schemaPolicy(), config.writeOptions(), List.of(),
                new OutputSpec.WriteAttempt("connector-test", TEST_CONNECTION + "." + config.output(), 1));
        Path visible = config.visible() == null ? null : configDirectory.resolve(config.visible()).normalize();
        return new ConnectorUnderTest(connector, new ConnectorConfig(TEST_CONNECTION, options), dataset, output,
                visible);
    }
}
