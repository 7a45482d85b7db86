package dev.pz.connectors.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.sql.ColumnPredicate;
import dev.pz.connectors.sql.ColumnPredicate.Operator;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Column predicates in MySQL's dialect: exact text, and hostile strings that a real server reads as data. */
class MysqlPredicatesTest {

    @Test
    void rendersEachOperatorAndLiteral() {
        assertThat(MysqlPredicates.render(List.of(
                new ColumnPredicate("id", Operator.GE, List.of(5L)),
                new ColumnPredicate("price", Operator.LT, List.of(new BigDecimal("9.50"))),
                new ColumnPredicate("day", Operator.EQ, List.of(LocalDate.of(2026, 1, 2))),
                new ColumnPredicate("at", Operator.GT, List.of(LocalDateTime.of(2026, 1, 2, 3, 4, 5))),
                new ColumnPredicate("flag", Operator.NE, List.of(true)),
                new ColumnPredicate("na`me", Operator.IN, List.of("a", "b")),
                new ColumnPredicate("gone", Operator.IS_NULL, List.of()))))
                .containsExactly("`id` >= 5", "`price` < 9.50", "`day` = DATE '2026-01-02'",
                        "`at` > TIMESTAMP '2026-01-02 03:04:05'", "`flag` <> TRUE", "`na``me` IN ('a', 'b')",
                        "`gone` IS NULL");
    }

    @Test
    void declinesWhatItCannotSaySafely() {
        assertThat(MysqlPredicates.render(List.of(new ColumnPredicate("x", Operator.EQ, List.of(Double.NaN)),
                new ColumnPredicate("y", Operator.EQ, List.of(new Object()))))).isEmpty();
    }

    @Test
    void hostileStringsStayData() throws SQLException {
        String hostile = "x\\' OR 1=1 -- ";
        String predicate = MysqlPredicates.render(new ColumnPredicate("v", Operator.EQ, List.of(hostile))).orElseThrow();
        MariaDbTestServer.execute("drop table if exists pred_t", "create table pred_t (v varchar(40))",
                "insert into pred_t values ('other'), ('" + hostile.replace("\\", "\\\\").replace("'", "''") + "')");
        assertThat(MariaDbTestServer.rows("select v from pred_t where " + predicate)).containsExactly(hostile);
    }
}
