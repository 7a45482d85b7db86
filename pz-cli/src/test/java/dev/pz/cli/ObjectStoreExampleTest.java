package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.blob.models.BlobItem;
import dev.pz.connectors.azureblob.AzuriteTestServer;
import dev.pz.connectors.s3.S3TestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/examples/object-store runs as its README says, against s3proxy and Azurite. */
class ObjectStoreExampleTest {

    private static final Path EXAMPLE = Path.of("..", "docs", "examples", "object-store");

    @TempDir
    Path temp;

    @Test
    void theExampleMovesTheEventsAndTotalsOneDayPerRun() throws Exception {
        Path project = temp.resolve("object-store");
        copy(EXAMPLE, project);
        try (S3TestServer s3 = S3TestServer.start(); AzuriteTestServer azure = AzuriteTestServer.start()) {
            s3.createBucket("pz-example");
            azure.createContainer("pz-example");
            Map<String, String> env = Map.of("S3_ENDPOINT", s3.endpoint().toString(), "S3_BUCKET", "pz-example",
                    "S3_ACCESS_KEY", S3TestServer.ACCESS_KEY, "S3_SECRET_KEY", S3TestServer.SECRET_KEY,
                    "AZURE_STORAGE_CONNECTION_STRING", azure.connectionString());
            for (String flow : new String[] {"events_to_lake", "lake_to_blob", "daily_totals", "daily_totals"}) {
                CliRun run = CliRun.pzWithEnv(env, project, "run", flow);
                assertThat(run.exitCode()).as(flow + "\n" + run).isZero();
            }
            assertThat(azure.client().getBlobContainerClient("pz-example").listBlobs().stream()
                    .map(BlobItem::getName).sorted()).containsExactly("events/2026/07/10/events.parquet",
                            "events/2026/07/11/events.parquet", "events/2026/07/12/events.parquet");
            CliRun validate = CliRun.pzWithEnv(env, project, "validate", "--connect");
            assertThat(validate.exitCode()).as(validate.toString()).isZero();
        }
        // The first window is (07-10, 07-11]; the watermark then stands at its last event (07-10 17:45), so
        // the second is (07-10 17:45, 07-11 17:45]: the 11th's 23:59 order waits for the third run.
        assertThat(Duck.rows("select day, kind, events, amount from read_csv('" + project.resolve("out/totals")
                + "/*.csv') order by all")).containsExactly("2026-07-10|order|2|30.5", "2026-07-10|refund|1|-5.25",
                        "2026-07-11|order|2|20.75");
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            files.forEach(source -> {
                try {
                    Path target = to.resolve(from.relativize(source).toString());
                    if (Files.isDirectory(source)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
