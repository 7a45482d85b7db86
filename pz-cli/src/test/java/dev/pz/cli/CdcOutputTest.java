package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.engine.CdcDropReport;
import dev.pz.engine.CdcStatusRow;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exact lines of {@code pz cdc status|drop --log-format json} (the reference's CdcOutputTests,
 * CDO1–CDO4 in docs/port-differences.md), at a fixed instant: field order, nulls, escaping.
 */
class CdcOutputTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-10-08T09:30:00.123Z"), ZoneOffset.UTC);

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private CdcOutput json() {
        return new CdcOutput(new PrintWriter(out, true), new PrintWriter(err, true), true, CLOCK);
    }

    @Test
    void aStatusLineHasTheDocumentedFieldsInOrder() {
        json().status(new CdcStatusRow("pg.orders", "postgres", true, false, "pz_pg_orders", "0/19DD530", 1_234_567L,
                List.of("slot 'pz_pg_orders' is GONE", "EXEC sys.sp_cdc_disable_table @source_schema = N'dbo'")));
        assertThat(out.toString()).isEqualTo("{\"event\":\"cdc_status\",\"at\":\"2026-10-08T09:30:00.123Z\","
                + "\"dataset\":\"pg.orders\",\"connector\":\"postgres\",\"adminSupported\":true,\"healthy\":false,"
                + "\"positionName\":\"pz_pg_orders\",\"hasStoredToken\":true,\"retainedBytes\":1234567,"
                + "\"detail\":[\"slot \\u0027pz_pg_orders\\u0027 is GONE\","
                + "\"EXEC sys.sp_cdc_disable_table @source_schema = N\\u0027dbo\\u0027\"]}\n");
        assertThat(out.toString()).doesNotContain("0/19DD530");
    }

    @Test
    void aConnectorWithoutAdminHasNullHealthAndKeepsTheTokenFlag() {
        json().status(new CdcStatusRow("files.orders", "localfiles", false, null, null, "tok", null, List.of()));
        assertThat(out.toString()).isEqualTo("{\"event\":\"cdc_status\",\"at\":\"2026-10-08T09:30:00.123Z\","
                + "\"dataset\":\"files.orders\",\"connector\":\"localfiles\",\"adminSupported\":false,\"healthy\":null,"
                + "\"positionName\":null,\"hasStoredToken\":true,\"retainedBytes\":null,\"detail\":[]}\n");
    }

    @Test
    void aDroppedLineForSqlServerCarriesTheRemediation() {
        json().dropped(new CdcDropReport("ops.orders", "sqlserver", "dbo_orders", false, List.of("EXEC"
                + " sys.sp_cdc_disable_table @source_schema = N'dbo', @source_name = N'orders', @capture_instance ="
                + " N'dbo_orders';"), true), false);
        assertThat(out.toString()).isEqualTo("{\"event\":\"cdc_dropped\",\"at\":\"2026-10-08T09:30:00.123Z\","
                + "\"dataset\":\"ops.orders\",\"connector\":\"sqlserver\",\"positionName\":\"dbo_orders\","
                + "\"serverSideDropped\":false,\"remediation\":[\"EXEC sys.sp_cdc_disable_table @source_schema ="
                + " N\\u0027dbo\\u0027, @source_name = N\\u0027orders\\u0027, @capture_instance ="
                + " N\\u0027dbo_orders\\u0027;\"],\"stateCleared\":\"remote\"}\n");
    }

    @Test
    void jsonNotesGoToStderrAndTextNotesToStdout() {
        json().note("note: state backend: http (from project.yml)");
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).contains("note: state backend: http (from project.yml)");
        StringWriter text = new StringWriter();
        new CdcOutput(new PrintWriter(text, true), new PrintWriter(err, true), false, CLOCK).note("note: x");
        assertThat(text.toString()).contains("note: x");
    }
}
