package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The keyword=value;… syntax of ADO.NET connection strings. */
class KeywordValueListTest {

    @Test
    void keywordsAreCaseAndSpaceInsensitiveAndValuesTrimmed() {
        assertThat(KeywordValueList.parse(" Initial Catalog = mart ;USER ID=u;;Password=p;"))
                .containsExactly(Map.entry("initialcatalog", "mart"), Map.entry("userid", "u"),
                        Map.entry("password", "p"));
    }

    @Test
    void quotedValuesKeepSemicolonsAndDoubledQuotes() {
        assertThat(KeywordValueList.parse("Password=\"a;b\"\"c\"; User='o''brien' ;x=1"))
                .containsExactly(Map.entry("password", "a;b\"c"), Map.entry("user", "o'brien"), Map.entry("x", "1"));
        assertThat(KeywordValueList.parse("Password=ab=c=")).containsExactly(Map.entry("password", "ab=c="));
    }

    @Test
    void aLaterEntryOverridesAnEarlierOne() {
        assertThat(KeywordValueList.parse("a=1;A=2")).containsExactly(Map.entry("a", "2"));
    }

    @Test
    void malformedTextIsRefusedWithoutQuotingIt() {
        assertThatThrownBy(() -> KeywordValueList.parse("server=x;secretpassword"))
                .hasMessage("entry 2 has no '=' (expected keyword=value;…)");
        assertThatThrownBy(() -> KeywordValueList.parse("password=\"unterminated;"))
                .hasMessage("entry 1 has an unterminated quoted value").hasMessageNotContaining("unterminated;");
        assertThatThrownBy(() -> KeywordValueList.parse("password=\"x\"y")).hasMessage("entry 1 has text after its "
                + "closing quote");
        assertThatThrownBy(() -> KeywordValueList.parse("=x")).hasMessage("entry 1 has an empty keyword");
    }
}
