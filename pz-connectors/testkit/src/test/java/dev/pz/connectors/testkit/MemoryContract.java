package dev.pz.connectors.testkit;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Tag;

/**
 * The kit over a {@link MemoryConnector}; one subclass per fault. Tagged so that the build does not
 * run them directly: {@link ConnectorContractTestTest} runs them and checks which checks fail.
 */
@Tag(MemoryContract.FIXTURE)
abstract class MemoryContract extends ConnectorContractTest {

    static final String FIXTURE = "kit-fixture";

    private final Set<String> visible = MemoryConnector.outputs();
    private final MemoryConnector.Fault fault;

    MemoryContract(MemoryConnector.Fault fault) {
        this.fault = fault;
    }

    @Override
    protected Connector connector() {
        return new MemoryConnector(fault, visible);
    }

    @Override
    protected ConnectorConfig config() {
        return new ConnectorConfig("mem", Map.of("token", MemoryConnector.SECRET));
    }

    @Override
    protected List<DatasetSpec> universalDatasets() {
        return List.of(DatasetSpec.of("mem", "numbers", Map.of(), null));
    }

    @Override
    protected List<WriteCase> universalOutputs() {
        return List.of(new WriteCase(new OutputSpec("mem", "out", WriteStrategy.REPLACE, SchemaPolicy.FAIL_ON_CHANGE,
                Map.of(), List.of(), null), allocator -> {
                    VectorSchemaRoot root = VectorSchemaRoot.create(MemoryConnector.SCHEMA, allocator);
                    root.allocateNew();
                    ((BigIntVector) root.getVector(0)).setSafe(0, 1L);
                    root.setRowCount(1);
                    return root;
                }));
    }

    @Override
    protected boolean outputVisible(OutputSpec spec) {
        return visible.contains(spec.entity());
    }

    @Override
    protected Set<String> secretValues() {
        return Set.of(MemoryConnector.SECRET);
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of((source, sink) -> source.schema(DatasetSpec.of("mem", "missing", Map.of(), null)),
                (source, sink) -> source.planRead(DatasetSpec.of("mem", "x", Map.of(), null), ReadHints.none())
                        .get(5));
    }

    static final class Honest extends MemoryContract {
        Honest() {
            super(MemoryConnector.Fault.NONE);
        }
    }

    static final class ClaimsMerge extends MemoryContract {
        ClaimsMerge() {
            super(MemoryConnector.Fault.CLAIMS_MERGE);
        }
    }

    static final class WrongBatchSchema extends MemoryContract {
        WrongBatchSchema() {
            super(MemoryConnector.Fault.WRONG_BATCH_SCHEMA);
        }
    }

    static final class EchoesSecret extends MemoryContract {
        EchoesSecret() {
            super(MemoryConnector.Fault.ECHOES_SECRET);
        }
    }

    static final class AbortKeepsOutput extends MemoryContract {
        AbortKeepsOutput() {
            super(MemoryConnector.Fault.ABORT_KEEPS_OUTPUT);
        }
    }

    static final class UndeclaredPartitions extends MemoryContract {
        UndeclaredPartitions() {
            super(MemoryConnector.Fault.UNDECLARED_PARTITIONS);
        }
    }

    static final class ReservedOption extends MemoryContract {
        ReservedOption() {
            super(MemoryConnector.Fault.RESERVED_OPTION);
        }
    }
}
