package dev.pz.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Error text never echoes the statement (it may hold a secret). */
class DuckErrorsTest {

    @Test
    void removesLineEchoAndCarets() {
        String message = "Parser Error: syntax error at or near \"selec\"\n\nLINE 1: selec 1\n        ^^^^^";
        assertThat(DuckErrors.sanitize(message)).isEqualTo("Parser Error: syntax error at or near \"selec\"");
    }

    @Test
    void keepsTheLinesAroundTheEcho() {
        String message = "Binder Error: Referenced column \"x\" not found in FROM clause!\n"
                + "Candidate bindings: \"range\"\n\nLINE 1: select x from t\n               ^";
        assertThat(DuckErrors.sanitize(message))
                .isEqualTo("Binder Error: Referenced column \"x\" not found in FROM clause!\nCandidate bindings: \"range\"");
    }

    @Test
    void echoOfASecretIsGone() {
        String message = "Invalid Input Error: bad option\nLINE 1: create secret s (type s3, secret 'hunter2')\n    ^";
        assertThat(DuckErrors.sanitize(message)).doesNotContain("hunter2").isEqualTo("Invalid Input Error: bad option");
    }

    @Test
    void emptyMessageGetsAPlaceholder() {
        assertThat(DuckErrors.sanitize(null)).isNotBlank();
        assertThat(DuckErrors.sanitize("\n\n")).isNotBlank();
    }

    @Test
    void literalsQuote() {
        assertThat(SqlLiterals.string("it's")).isEqualTo("'it''s'");
        assertThat(SqlLiterals.identifier("a\"b")).isEqualTo("\"a\"\"b\"");
    }
}
