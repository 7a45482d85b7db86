package dev.pz.cli;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The projects {@code pz init} scaffolds. Each lives under {@code templates/<id>/} in this
 * repository, is a runnable project named {@code pz_new_project}, and is packed into the jar.
 */
final class TemplateCatalog {

    /** One template: its id, its one-line summary with a marker, and its next-steps lines. */
    record Entry(String id, String summary, List<String> nextSteps) {
    }

    static final List<Entry> ENTRIES = List.of(
            new Entry("minimal", "project.yml + connections.yml, commented and ready to author against "
                    + "[nothing to run yet]", List.of(
                            "  cd {0}, declare a connection in connections.yml, then add a pipeline",
                            "  under pipelines/ that source()s from it -- `pz validate` checks both")),
            new Entry("sample", "runnable four-pipeline demo over local CSVs: staging, a checked join, an aggregate "
                    + "[runs offline]", List.of(
                            "  cd {0} && pz run orders_enriched",
                            "  (this template ships two independent flows; `pz run --all` runs both)")),
            new Entry("http", "GitHub REST API to a parquet delta log: pagination, a crawl guard, a typed contract "
                    + "[needs network]", List.of(
                            "  cd {0} && pz run --all",
                            "  (reads the public GitHub API -- needs internet, no credentials)")),
            new Entry("incremental", "watermark-bounded reads over local CSVs: run it twice, see the second run land "
                    + "nothing [runs offline]", List.of(
                            "  cd {0} && pz run --all",
                            "  then run it again -- the second run extracts nothing, which is the point")),
            new Entry("sqlserver", "SQL Server to SQL Server: incremental merge, five kinds of check, optional remote "
                    + "state [needs a database]", List.of(
                            "  cd {0}, export the ERP_DB_* and MART_DB_* variables connections.yml names,",
                            "  then `pz validate --connect` before `pz run --all`")));

    static final String DEFAULT_ID = "minimal";
    private static final String RESOURCE_ROOT = "templates/";

    private TemplateCatalog() {
    }

    static Optional<Entry> find(String id) {
        return ENTRIES.stream().filter(entry -> entry.id().equals(id)).findFirst();
    }

    static String ids() {
        return String.join(", ", ENTRIES.stream().map(Entry::id).toList());
    }

    /** The template's files, keyed by their path relative to the template, sorted. */
    static Map<String, byte[]> files(String id) {
        return JarResources.under(RESOURCE_ROOT + id + "/");
    }
}
