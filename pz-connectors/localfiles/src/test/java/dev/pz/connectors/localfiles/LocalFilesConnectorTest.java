package dev.pz.connectors.localfiles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.ConnectorFactory;
import dev.pz.connectors.api.OptionSchema.OptionType;
import java.nio.file.Path;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/** The connector's declarations: what pz finds, prints and checks options against. */
class LocalFilesConnectorTest {

    private final LocalFilesConnector connector = new LocalFilesConnector();

    @Test
    void serviceLoaderFindsTheFactoryByName() {
        ConnectorFactory factory = ServiceLoader.load(ConnectorFactory.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(candidate -> candidate.name().equals("localfiles"))
                .findFirst().orElseThrow();
        assertThat(factory.create().name()).isEqualTo("localfiles");
    }

    @Test
    void identityAndCapabilities() {
        assertThat(connector.version()).isEqualTo("0.1.0");
        assertThat(connector.capabilities()).containsExactlyInAnyOrder(ConnectorCapability.NATIVE_SCAN,
                ConnectorCapability.NATIVE_COPY, ConnectorCapability.REPLACE_WRITES,
                ConnectorCapability.BOUNDED_WINDOW, ConnectorCapability.PARTITIONED_READ,
                ConnectorCapability.PATH_TEMPLATING);
        assertThat(ConnectorCapability.mask(connector.capabilities())).isEqualTo(8 | 16 | 32768 | 128 | 4 | 256);
        assertThat(connector.secretKeys()).isEmpty();
    }

    @Test
    void optionSchemas() {
        assertThat(connector.connectionOptions().options()).containsOnlyKeys("root");
        assertThat(connector.readOptions().options().keySet())
                .containsExactly("path", "format", "delimiter", "layout", "sheet", "header");
        assertThat(connector.writeOptions().options().keySet())
                .containsExactly("path", "format", "delimiter", "layout", "sheet", "header", "partition_by", "compression");
        assertThat(connector.writeOptions().options().get("partition_by").type()).isEqualTo(OptionType.STRING_OR_LIST);
        assertThat(connector.readOptions().options().values()).noneMatch(option -> option.required());
    }

    @Test
    void validateAcceptsBaseDirAndChecksShapes(@org.junit.jupiter.api.io.TempDir Path project) {
        assertThat(connector.validate(LocalFilesTestSupport.config(project, "out"))).isEmpty();
        assertThat(connector.validate(new ConnectorConfig("lake", Map.of("root", 3L))))
                .containsExactly("connection 'lake': 'root' must be a string");
        assertThat(connector.validate(new ConnectorConfig("lake", Map.of("base_dir", "relative"))))
                .containsExactly("connection 'lake': 'base_dir' must be an absolute path");
        assertThat(connector.checkConnection(LocalFilesTestSupport.config(project, null)).ok()).isTrue();
    }

    @Test
    void opensBothSides(@org.junit.jupiter.api.io.TempDir Path project) {
        assertThat(connector.openSource(LocalFilesTestSupport.config(project, null))).isPresent();
        assertThat(connector.openSink(LocalFilesTestSupport.config(project, null))).isPresent();
    }
}
