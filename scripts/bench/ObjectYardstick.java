import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.core.sync.ResponseTransformer;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;

/**
 * The object-store benchmarks' yardstick: what the same move costs done by hand, in a plain JVM, with
 * DuckDB's local COPY and the SDK's plain one-request transfer of the same bytes.
 * <pre>
 * up:   COPY (SELECT * FROM read_csv(in.csv)) TO local.parquet, then one upload of that file
 * down: one download of the object to a local file, then COPY (SELECT * FROM read_parquet(it)) TO out.csv
 * </pre>
 * Usage: java -cp pz.jar:&lt;dir&gt; ObjectYardstick s3 &lt;endpoint&gt; &lt;access&gt; &lt;secret&gt; &lt;bucket&gt; &lt;key&gt; up|down &lt;csv&gt; &lt;work dir&gt;
 *        java -cp pz.jar:&lt;dir&gt; ObjectYardstick azure &lt;connection string&gt; &lt;container&gt; &lt;key&gt; up|down &lt;csv&gt; &lt;work dir&gt;
 * With the key {@code -} it only creates the bucket or container. Prints the rows COPY reported.
 */
public class ObjectYardstick {

    interface Transfer {
        void upload(Path file);

        void download(Path file);
    }

    public static void main(String[] args) throws Exception {
        Transfer transfer;
        int next;
        if (args[0].equals("s3")) {
            S3Client s3 = S3Client.builder().httpClient(UrlConnectionHttpClient.create()).region(Region.US_EAST_1)
                    .endpointOverride(URI.create(args[1])).forcePathStyle(true)
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(args[2], args[3])))
                    .serviceConfiguration(S3Configuration.builder().chunkedEncodingEnabled(false).build())
                    .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                    .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED).build();
            String bucket = args[4];
            String key = args[5];
            if (key.equals("-")) {
                s3.createBucket(request -> request.bucket(bucket));
                return;
            }
            transfer = new Transfer() {
                public void upload(Path file) {
                    s3.putObject(request -> request.bucket(bucket).key(key), RequestBody.fromFile(file));
                }

                public void download(Path file) {
                    s3.getObject(request -> request.bucket(bucket).key(key), ResponseTransformer.toFile(file));
                }
            };
            next = 6;
        } else {
            var container = new BlobServiceClientBuilder().connectionString(args[1]).buildClient()
                    .getBlobContainerClient(args[2]);
            if (args[3].equals("-")) {
                container.create();
                return;
            }
            BlobClient blob = container.getBlobClient(args[3]);
            transfer = new Transfer() {
                public void upload(Path file) {
                    blob.uploadFromFile(file.toString(), true);
                }

                public void download(Path file) {
                    blob.downloadToFile(file.toString());
                }
            };
            next = 4;
        }
        String direction = args[next];
        Path csv = Path.of(args[next + 1]);
        Path work = Files.createDirectories(Path.of(args[next + 2]));
        Path parquet = work.resolve("yardstick.parquet");
        Files.deleteIfExists(parquet);
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = connection.createStatement()) {
            long rows;
            if (direction.equals("up")) {
                rows = statement.executeUpdate("COPY (SELECT * FROM read_csv('" + csv + "')) TO '" + parquet
                        + "' (FORMAT parquet)");
                transfer.upload(parquet);
            } else {
                transfer.download(parquet);
                rows = statement.executeUpdate("COPY (SELECT * FROM read_parquet('" + parquet + "')) TO '"
                        + work.resolve("yardstick.csv") + "' (FORMAT csv)");
            }
            System.out.println(rows);
        }
    }
}
