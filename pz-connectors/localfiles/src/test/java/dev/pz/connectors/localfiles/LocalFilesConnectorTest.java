package dev.pz.connectors.localfiles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorFactory;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.error.PzCode;
import java.nio.file.Path;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        assertThat(connector.connectionOptions().secretNames()).isEmpty();
    }

    @Test
    void optionDeclarations() {
        assertThat(connector.connectionOptions().names()).containsExactly("root");
        assertThat(connector.readOptions().names()).containsExactly("path", "format", "delimiter", "layout", "sheet",
                "header");
        assertThat(connector.writeOptions().names()).containsExactly("path", "format", "delimiter", "layout", "sheet",
                "header", "compression");
        assertThat(connector.readOptions().options()).noneMatch(Option::isRequired);
        assertThat(connector.readOptions().find("format").orElseThrow().allowedValues())
                .containsExactly("avro", "csv", "json", "parquet", "tsv", "xlsx");
        assertThat(connector.writeOptions().find("format").orElseThrow().allowedValues())
                .containsExactly("csv", "json", "parquet", "tsv", "xlsx");
        assertThat(connector.writeOptions().find("format").orElseThrow().defaultValue().map(Option::render))
                .contains("parquet");
        assertThat(connector.writeOptions().find("format").orElseThrow().code()).isEqualTo(PzCode.FILE_FORMAT_UNSUPPORTED);
        assertThat(connector.writeOptions().find("compression").orElseThrow().code())
                .isEqualTo(PzCode.FILE_FORMAT_OPTION_INVALID);
    }

    @Test
    void checksAndOpensBothSides(@TempDir Path project) {
        assertThat(connector.validate(LocalFilesTestSupport.config(project, "out"))).isEmpty();
        assertThat(connector.checkConnection(LocalFilesTestSupport.config(project, null)).ok()).isTrue();
        assertThat(connector.openSource(LocalFilesTestSupport.config(project, null))).isPresent();
        assertThat(connector.openSink(LocalFilesTestSupport.config(project, null))).isPresent();
    }
}
