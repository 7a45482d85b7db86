package dev.pz.connectors.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/** Capability bits are a wire protocol: the kept flags keep their values, reserved bits are refused. */
class ConnectorCapabilityTest {

    @Test
    void bitValuesNeverChange() {
        assertThat(ConnectorCapability.values()).extracting(ConnectorCapability::bit).containsExactly(1, 2, 4, 8, 16,
                32, 128, 256, 1024, 32768, 131072, 262144, 524288, 1048576, 2097152);
        assertThat(ConnectorCapability.fromMask(8 | 16 | 32768)).containsExactly(ConnectorCapability.NATIVE_SCAN,
                ConnectorCapability.NATIVE_COPY, ConnectorCapability.REPLACE_WRITES);
        assertThat(ConnectorCapability.mask(EnumSet.allOf(ConnectorCapability.class))).isEqualTo(3704255 | 131072 | 262144);
    }

    @Test
    void aMaskWithAReservedBitIsRefused() {
        assertThatThrownBy(() -> ConnectorCapability.fromMask(64 | 8)).hasMessageContaining("capability bits 64");
        assertThatThrownBy(() -> ConnectorCapability.fromMask(2048)).isInstanceOf(IllegalArgumentException.class);
    }
}
