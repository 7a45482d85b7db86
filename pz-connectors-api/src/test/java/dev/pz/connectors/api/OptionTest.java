package dev.pz.connectors.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** One declaration checks what users write and reads it back typed, with one message for each problem. */
class OptionTest {

    enum Mode implements Choice {
        PLAIN("Plain"), VERIFY_FULL("VerifyFull");

        private final String word;

        Mode(String word) {
            this.word = word;
        }

        @Override
        public String word() {
            return word;
        }
    }

    static final Option<Integer> PORT = Option.integer("port", "TCP port.").between(1, 65_535).defaultValue(5432);
    static final Option<String> HOST = Option.string("host", "Host name.").required();
    static final Option<String> PASSWORD = Option.string("password", "Password.").secret()
            .must("be at least 4 characters long", text -> text.length() >= 4);
    static final Option<Mode> MODE = Option.choice("mode", "TLS mode.", Mode.class).defaultValue(Mode.PLAIN);
    static final Option<Boolean> HEADER = Option.bool("header", "Header row.").defaultValue(true);
    static final Option<List<String>> COLUMNS = Option.stringList("partition_by", "Partition columns.");
    static final OptionSet CONNECTION = OptionSet.of(HOST, PORT, PASSWORD, MODE);

    private static ConnectorConfig config(Object... pairs) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            values.put((String) pairs[i], pairs[i + 1]);
        }
        return new ConnectorConfig("pg", values);
    }

    @Test
    void readsTypedValuesAndDefaults() {
        ConnectorConfig config = config("host", "db", "port", 6543L, "mode", "verify-full");
        assertThat(config.get(PORT)).isEqualTo(6543);
        assertThat(config.get(MODE)).isEqualTo(Mode.VERIFY_FULL);
        assertThat(config("host", "db").get(PORT)).isEqualTo(5432);
        assertThat(config("host", "db").get(MODE)).isEqualTo(Mode.PLAIN);
        assertThat(config("host", "db").find(PASSWORD)).isEmpty();
        assertThat(config("host", "db").isSet(PORT)).isFalse();
        assertThat(config("header", "FALSE").get(HEADER)).isFalse();
        assertThat(config("partition_by", "day").get(COLUMNS)).containsExactly("day");
        assertThat(config("partition_by", List.of("a", "b")).get(COLUMNS)).containsExactly("a", "b");
        assertThat(config("host", 12L).get(HOST)).as("an unquoted number is read as its text").isEqualTo("12");
    }

    @Test
    void aBadValueThrowsWithTheContextTheCodeAndAHint() {
        assertThatThrownBy(() -> config("port", "abc").get(PORT)).isInstanceOfSatisfying(PzConnectorException.class,
                e -> {
                    assertThat(e.getMessage()).isEqualTo("connection 'pg': 'port' must be an integer (got 'abc')");
                    assertThat(e.code()).contains(PzCode.CONNECTOR_CONFIG_INVALID);
                    assertThat(e.hint()).contains("write a whole number without quotes between 1 and 65535, e.g. port: 5432");
                });
        assertThatThrownBy(() -> config("port", 70_000L).get(PORT)).hasMessage(
                "connection 'pg': 'port' must be between 1 and 65535 (got 70000)");
        assertThatThrownBy(() -> config("port", "5432").get(PORT)).as("a quoted number is text")
                .hasMessage("connection 'pg': 'port' must be an integer (got '5432')");
        assertThatThrownBy(() -> config("mode", "strict").get(MODE)).hasMessage(
                "connection 'pg': 'mode' must be one of Plain, VerifyFull (got 'strict')");
        assertThatThrownBy(() -> config().get(HOST)).hasMessage("connection 'pg': 'host' is required");
        assertThatThrownBy(() -> config("partition_by", Map.of("a", 1L)).get(COLUMNS)).hasMessage(
                "connection 'pg': 'partition_by' must be a string or a list of strings (got a mapping)");
    }

    @Test
    void aSecretValueIsNeverEchoed() {
        assertThatThrownBy(() -> config("password", "abc").get(PASSWORD))
                .hasMessage("connection 'pg': 'password' must be at least 4 characters long")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("abc"));
        assertThat(CONNECTION.secretNames()).containsExactly("password");
    }

    @Test
    void aChoiceCanCarryAMoreSpecificCode() {
        Option<Mode> format = MODE.refusedWith(PzCode.FILE_FORMAT_UNSUPPORTED);
        assertThat(format.check("orc")).hasValueSatisfying(problem -> {
            assertThat(problem.code()).isEqualTo(PzCode.FILE_FORMAT_UNSUPPORTED);
            assertThat(problem.hint()).isEqualTo("write one of Plain, VerifyFull");
        });
        assertThat(format.allowedValues()).containsExactly("Plain", "VerifyFull");
        assertThat(Option.choice("mode", "Mode.", List.of(Mode.PLAIN)).check("VerifyFull")).isPresent();
    }

    @Test
    void aSetReportsUnknownKeysThenEachDeclarationInOrder() {
        List<OptionProblem> problems = CONNECTION.check(config("prot", 1L, "port", "x", "base_dir", "/p").options(),
                Set.of("base_dir"));
        assertThat(problems).extracting(OptionProblem::option).containsExactly("prot", "host", "port");
        assertThat(problems).extracting(OptionProblem::kind).containsExactly(OptionProblem.Kind.UNKNOWN,
                OptionProblem.Kind.MISSING, OptionProblem.Kind.INVALID);
        assertThat(problems.get(0).message()).isEqualTo("unknown option 'prot'");
        assertThat(problems.get(0).hint()).isEqualTo("remove or rename it -- accepted options: host, port, password, mode");
        assertThat(OptionSet.none().check(Map.of("root", "x"), Set.of()).get(0).hint())
                .isEqualTo("remove or rename it -- accepted options: none");
    }

    @Test
    void declarationsRefuseWhatCannotWork() {
        assertThatThrownBy(() -> Option.string("Bad-Name", "x.")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Option.string("ok", " ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Option.integer("n", "N.").between(1, 9).defaultValue(10))
                .hasMessageContaining("default of option 'n' is invalid");
        assertThatThrownBy(() -> HOST.defaultValue("x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PORT.required()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OptionSet.of(PORT, PORT)).hasMessageContaining("declared twice");
        assertThatThrownBy(() -> HOST.between(1, 2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aConnectorMessageDoesNotRepeatItsCode() {
        assertThat(new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, "PZ0361: output 'x': no").getMessage())
                .isEqualTo("output 'x': no");
        assertThat(new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, "PZ0362: output 'x': no").getMessage())
                .as("another code's prefix is the connector's business").isEqualTo("PZ0362: output 'x': no");
    }
}
