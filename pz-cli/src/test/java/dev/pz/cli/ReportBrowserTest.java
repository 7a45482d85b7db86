package dev.pz.cli;

import dev.pz.testing.TestProject;
import dev.pz.testing.Catalogue;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run report in a real browser (Debian's headless Chromium): a run with a universal-tier source,
 * a pipeline that fails at run time, its skipped sink and a failing check writes report.html, which
 * loads with no error and no request beyond itself, draws one DAG node per node with the status
 * run_results.json recorded, a timeline bar per node that started, stall bars for the Arrow
 * channels and the failed check with its sample rows; a retry's report names what it reused and
 * carried forward. Screenshots (desktop, phone, print) go under target/report-screenshots/ for a
 * person to look at.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ReportBrowserTest {
    private static final Path SCREENSHOTS = Path.of("target", "report-screenshots");

    @TempDir
    Path temp;

    static TestProject project(Path directory) {
        return TestProject.in(directory)
                .projectYml("report_demo", Catalogue.LOCALFILES, "engine:\n  threads: 2\n  force_universal: true")
                .file("connections.yml", "crm:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n"
                        + "        path: data/orders.csv\n        format: csv\n        columns:\n          id: bigint\n"
                        + "          customer: varchar\n          amount: double\n    customers:\n      read:\n"
                        + "        path: data/customers.csv\n        format: csv\n        columns:\n          id: bigint\n"
                        + "          name: varchar\nlake:\n  connector: localfiles\n  root: out\n")
                .file("data/orders.csv", "id,customer,amount\n1,alice,10\n2,bob,20\n3,,30\n4,carol,40\n5,,50\n")
                .file("data/customers.csv", "id,name\n1,alice\n2,bob\n")
                .file("pipelines/stg_orders.sql", "select id, customer, amount\nfrom {{ source('crm', 'orders') }}\n")
                .file("pipelines/configs/stg_orders.yml", "pipeline: stg_orders\nchecks:\n  - not_null: [customer]\n")
                .file("pipelines/order_totals.sql", "INSERT INTO {{ sink('lake', 'order_totals', format: 'csv', "
                        + "strategy: 'replace') }}\nselect customer, sum(amount) as total\nfrom {{ ref('stg_orders') }}\n"
                        + "group by customer\n")
                .file("pipelines/customer_codes.sql", "INSERT INTO {{ sink('lake', 'customer_codes', format: 'csv', "
                        + "strategy: 'replace') }}\nselect id, cast(name as integer) as code\n"
                        + "from {{ source('crm', 'customers') }}\n");
    }

    @Test
    void theReportOfARunWithFailuresLoadsCleanAndShowsEveryNode() throws Exception {
        TestProject fixture = project(temp.resolve("project"));
        Path project = fixture.path();
        CliRun run = CliRun.pz(project, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        Path runDirectory = RunArtifacts.latestRun(project);
        Path report = runDirectory.resolve("report.html");
        assertThat(run.outLines()).last().isEqualTo("report: " + report);
        JsonNode results = RunArtifacts.results(runDirectory);

        Path chromium = HeadlessChromium.require();
        try (HeadlessChromium browser = HeadlessChromium.start(chromium, Files.createDirectories(temp.resolve("profile")))) {
            browser.open(report, 1280, 900);
            assertThat(browser.errors()).isEmpty();
            assertThat(browser.requests()).containsExactly(report.toUri().toString());

            List<String> expected = new ArrayList<>();
            results.get("nodes").forEach(node -> expected.add(node.get("name").asText() + "=" + node.get("status").asText()));
            assertThat(texts(browser.evaluate("Array.from(document.querySelectorAll('svg.dag g.node'))"
                    + ".map(g => g.dataset.name + '=' + g.dataset.status)"))).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(expected).contains("customer_codes=failed", "lake.customer_codes=skipped",
                    "check_stg_orders_not_null_customer=failed", "lake.order_totals=success");
            int dependencies = 0;
            for (JsonNode node : new com.fasterxml.jackson.databind.ObjectMapper().readTree(runDirectory.resolve("dag.json").toFile()).get("nodes")) {
                dependencies += node.get("dependsOn").size();
            }
            assertThat(browser.evaluate("document.querySelectorAll('svg.dag path.edge').length").asInt())
                    .as("one curve per dependency").isEqualTo(dependencies).isEqualTo(6);
            assertThat(browser.evaluate("document.querySelector('svg.dag g.node[data-status=failed] rect.box')"
                    + " && getComputedStyle(document.querySelector('svg.dag g.node[data-status=failed] rect.box')).stroke")
                    .asText()).isEqualTo("rgb(207, 34, 46)");

            long started = 0;
            for (JsonNode node : results.get("nodes")) {
                started += results.get("nodeStarts").has(node.get("id").asText()) ? 1 : 0;
            }
            assertThat(browser.evaluate("document.querySelectorAll('svg.timeline g.bar').length").asLong())
                    .isEqualTo(started).isEqualTo(results.get("nodes").size() - 1);
            assertThat(browser.evaluate("Array.from(document.querySelectorAll('#channels .channel h3'))"
                    + ".map(h => h.firstChild.textContent.trim())")).extracting(JsonNode::asText)
                    .contains("src_crm__orders", "src_crm__customers");
            assertThat(browser.evaluate("document.querySelector('#checks li.s-failed pre').textContent").asText())
                    .startsWith("PZ0510: check not_null failed on staging.stg_orders: 2 violation(s); sample: ");
            assertThat(browser.evaluate("document.querySelector('#memory').textContent").asText())
                    .contains("budget (plan)", "peak resident (measured)", "Arrow allocator peak");

            browser.screenshot(SCREENSHOTS.resolve("report-desktop.png"));
            browser.evaluate("document.querySelector('svg.dag g.node[data-status=failed]')"
                    + ".dispatchEvent(new MouseEvent('click', {bubbles: true}))");
            assertThat(browser.evaluate("Array.from(document.querySelectorAll('.selected')).map(e => e.tagName)"))
                    .extracting(JsonNode::asText).contains("g", "TR");
            assertThat(browser.errors()).isEmpty();
        }
        try (HeadlessChromium browser = HeadlessChromium.start(chromium, Files.createDirectories(temp.resolve("phone")))) {
            browser.open(report, 390, 844);
            assertThat(browser.errors()).isEmpty();
            assertThat(browser.evaluate("document.documentElement.scrollWidth <= window.innerWidth").asBoolean())
                    .as("the page itself never scrolls sideways on a phone; wide figures scroll in their own box")
                    .isTrue();
            assertThat(browser.evaluate("document.querySelector('svg.timeline').getBoundingClientRect().width").asDouble())
                    .as("the timeline keeps a readable size and scrolls in its box").isGreaterThanOrEqualTo(760);
            browser.screenshot(SCREENSHOTS.resolve("report-phone.png"));
            browser.emulatePrint();
            assertThat(browser.evaluate("getComputedStyle(document.querySelector('nav')).display").asText())
                    .isEqualTo("none");
            assertThat(browser.evaluate("document.querySelector('svg.timeline').getBoundingClientRect().width"
                    + " <= document.querySelector('main').getBoundingClientRect().width").asBoolean())
                    .as("printed, the timeline fits the page").isTrue();
            browser.screenshot(SCREENSHOTS.resolve("report-print.png"));
        }
    }

    @Test
    void aRetrysReportNamesWhatItReusedAndCarriedForward() throws Exception {
        TestProject fixture = project(temp.resolve("project"));
        Path project = fixture.path();
        CliRun first = CliRun.pz(project, "run", "--all");
        assertThat(first.exitCode()).as(first.toString()).isEqualTo(1);
        String priorRun = RunArtifacts.latestRun(project).getFileName().toString();
        fixture.file("pipelines/customer_codes.sql", "INSERT INTO {{ sink('lake', 'customer_codes', format: 'csv', "
                + "strategy: 'replace') }}\nselect id, length(name) as code\nfrom {{ source('crm', 'customers') }}\n");
        CliRun retry = CliRun.pz(project, "retry");
        assertThat(retry.exitCode()).as("the check still fails on the reused orders: " + retry).isEqualTo(1);
        Path runDirectory = RunArtifacts.latestRun(project);
        Path report = runDirectory.resolve("report.html");
        assertThat(retry.outLines()).last().isEqualTo("report: " + report);

        try (HeadlessChromium browser = HeadlessChromium.start(HeadlessChromium.require(),
                Files.createDirectories(temp.resolve("profile")))) {
            browser.open(report, 1280, 900);
            assertThat(browser.errors()).isEmpty();
            assertThat(browser.evaluate("document.querySelector('#retry').textContent").asText())
                    .contains("A retry of run " + priorRun);
            JsonNode results = RunArtifacts.results(runDirectory);
            for (JsonNode node : results.get("nodes")) {
                if (node.has("provenance")) {
                    String id = node.get("id").asText();
                    assertThat(browser.evaluate("document.querySelector('#retry li[data-id=\"" + id + "\"]') !== null")
                            .asBoolean()).as(node.get("name").asText()).isTrue();
                }
            }
            assertThat(results.get("nodes").findValuesAsText("provenance")).contains("reused", "carried_forward");
            browser.screenshot(SCREENSHOTS.resolve("report-retry.png"));
        }
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(value -> texts.add(value.asText()));
        return texts;
    }
}
