package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.api.ConnectorApi;
import dev.pz.testing.TestProject;
import dev.pz.testing.packages.LocalRepository;
import dev.pz.testing.packages.SeqPackages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Third-party connector packages from source to a running pipeline: the tests compile two connector
 * packages (same class names, conflicting versions of one dependency), publish them into a Maven
 * repository in a directory, declare them in a project, {@code pz restore} them into a per-user cache and
 * pin them in pz.lock.json, and run them; then every way the lock, the cache or a package can be wrong.
 * No network: the project names only the directory repository.
 */
class ConnectorPackagesTest {

    @TempDir
    static Path shared;

    private static LocalRepository repository;

    @TempDir
    Path temp;

    private Path cache;
    private TestProject project;

    @BeforeAll
    static void publishPackages() throws IOException {
        repository = new LocalRepository(Files.createDirectories(shared.resolve("repo")),
                Files.createDirectories(shared.resolve("work")));
        SeqPackages.publishAll(repository);
    }

    @BeforeEach
    void declareThem() {
        cache = temp.resolve("cache");
        project = TestProject.in(temp.resolve("project"))
                .file("project.yml", projectYml(SeqPackages.VERSION))
                .file("connections.yml", """
                        one:
                          connector: seq
                          entities:
                            numbers:
                              read: {stop: 3}
                        two:
                          connector: seq2
                          entities:
                            numbers:
                              read: {stop: 2}
                        lake:
                          connector: localfiles
                        """)
                .file("pipelines/one_numbers.sql", """
                        INSERT INTO {{ sink('lake', 'one_numbers', strategy: 'replace', format: 'csv', path: 'out/') }}
                        select n, tag from {{ source('one', 'numbers') }} order by n
                        """)
                .file("pipelines/two_numbers.sql", """
                        INSERT INTO {{ sink('lake', 'two_numbers', strategy: 'replace', format: 'csv', path: 'out/') }}
                        select n, tag from {{ source('two', 'numbers') }} order by n
                        """);
    }

    private static String projectYml(String seqVersion) {
        return """
                name: packages
                version: 0.1.0
                connectors:
                  - package: org.example:pz-seq
                    version: %s
                  - package: org.example:pz-seq2
                    version: 1.0.0
                  - package: Pz.Connector.LocalFiles
                    version: 0.9.0
                repositories:
                  - %s
                """.formatted(seqVersion, repository.root());
    }

    private CliRun pz(String... args) {
        return CliRun.pzWithEnv(Map.of("PZ_CACHE_DIR", cache.toString()), project.path(), args);
    }

    @Test
    void restoredPackagesRunBesideEachOtherWithTheirOwnDependencies() throws Exception {
        CliRun restore = pz("restore");
        assertThat(restore.exitCode()).as(restore.toString()).isZero();
        assertThat(restore.outLines()).containsExactly(
                "note: Pz.Connector.LocalFiles is builtin in this pz version; declared version ignored",
                "restored org.example:pz-seq 1.0.0 (downloaded)",
                "restored org.example:pz-seq2 1.0.0 (downloaded)",
                "wrote pz.lock.json (2 packages)");

        JsonNode lock = new ObjectMapper().readTree(project.read("pz.lock.json"));
        assertThat(lock.get("version").asLong()).isEqualTo(1);
        assertThat(artifacts(lock.get("packages").get(0))).containsExactly(
                "org.example:pz-seq:jar:1.0.0", "org.example:tagger:jar:1.0");
        assertThat(artifacts(lock.get("packages").get(1))).containsExactly(
                "org.example:pz-seq2:jar:1.0.0", "org.example:tagger:jar:2.0");
        for (JsonNode locked : lock.get("packages")) {
            for (JsonNode file : locked.get("files")) {
                Path cached = cache.resolve("maven").resolve(file.get("path").asText());
                assertThat(sha256(cached)).as(file.get("artifact").asText()).isEqualTo(file.get("sha256").asText());
            }
        }

        CliRun listed = pz("connectors");
        assertThat(listed.exitCode()).as(listed.toString()).isZero();
        assertThat(listed.out()).containsPattern("(?m)^seq +org\\.example:pz-seq +1\\.0\\.0 +src:universal snk:universal -$")
                .containsPattern("(?m)^seq2 +org\\.example:pz-seq2 +1\\.0\\.0 +src:universal");
        assertThat(pz("connectors", "--json").out()).contains("\"name\": \"seq2\",\n      \"package\": \"org.example:pz-seq2\",\n"
                + "      \"version\": \"1.0.0\"");

        // The repository goes away: runs use the cache only.
        Path moved = Files.move(repository.root(), shared.resolve("repo-away"));
        try {
            CliRun run = pz("run", "--all");
            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(project.read("out/one_numbers.csv")).isEqualTo("n,tag\n0,tagger-1.0\n1,tagger-1.0\n2,tagger-1.0\n");
            assertThat(project.read("out/two_numbers.csv")).isEqualTo("n,tag\n0,tagger-2.0\n1,tagger-2.0\n");

            CliRun again = pz("restore");
            assertThat(again.exitCode()).as(again.toString()).isZero();
            assertThat(again.outLines()).contains("restored org.example:pz-seq 1.0.0 (cache hit)",
                    "pz.lock.json pinned 2 package(s); run 'pz restore --update' to re-resolve them");
        } finally {
            Files.move(moved, repository.root());
        }
    }

    /** The committed fixture: its lock pins the bytes the test's own build of the packages has. */
    @Test
    void theCommittedFixtureRestoresToItsLockAndRuns() throws Exception {
        Path fixture = temp.resolve("fixture");
        copy(Path.of(getClass().getResource("/fixtures/connector-packages").toURI()), fixture);
        SeqPackages.publishAll(new LocalRepository(fixture.resolve("repo"), Files.createDirectories(temp.resolve("w"))));
        String committed = Files.readString(fixture.resolve("pz.lock.json"));
        Map<String, String> env = Map.of("PZ_CACHE_DIR", cache.toString());

        CliRun notRestored = CliRun.pzWithEnv(env, fixture, "run", "--all");
        assertThat(notRestored.exitCode()).as(notRestored.toString()).isEqualTo(2);
        assertThat(notRestored.err()).startsWith("error PZ0305: connector package 'org.example:pz-seq' 1.0.0 is not"
                + " in the package cache");

        CliRun restore = CliRun.pzWithEnv(env, fixture, "restore");
        assertThat(restore.exitCode()).as(restore.toString()).isZero();
        assertThat(Files.readString(fixture.resolve("pz.lock.json"))).as("the lock pz restore left").isEqualTo(committed);
        assertThat(restore.outLines()).containsExactly("restored org.example:pz-seq 1.0.0 (downloaded)",
                "restored org.example:pz-seq2 1.0.0 (downloaded)",
                "pz.lock.json pinned 2 package(s); run 'pz restore --update' to re-resolve them",
                "wrote pz.lock.json (2 packages)");

        CliRun run = CliRun.pzWithEnv(env, fixture, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(Files.readString(fixture.resolve("out/tagged.csv"))).isEqualTo("""
                source,n,tag
                one,0,tagger-1.0
                one,1,tagger-1.0
                one,2,tagger-1.0
                two,0,tagger-2.0
                two,1,tagger-2.0
                """);
    }

    private static void copy(Path from, Path to) throws IOException {
        try (var files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }

    @Test
    void aMissingLockIsRefusedBeforeAnythingRuns() {
        for (String verb : List.of("validate", "plan", "run")) {
            List<String> args = new ArrayList<>(List.of(verb, "--no-lock-check"));
            if (verb.equals("run")) {
                args.add("--all");
            }
            CliRun refused = pz(args.toArray(String[]::new));
            assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
            assertThat(refused.errLines()).filteredOn(line -> line.startsWith("error ")).containsExactly("error PZ0322:"
                    + " project.yml declares connector packages but there is no pz.lock.json (project.yml:4) — hint: run"
                    + " 'pz restore' and commit pz.lock.json");
        }
        assertThat(project.path().resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void aLockThatNoLongerMatchesProjectYmlIsRefusedUnlessTheCheckIsSkipped() {
        assertThat(pz("restore").exitCode()).isZero();
        project.file("project.yml", projectYml("1.0.1"));
        for (String verb : List.of("validate", "plan", "run", "connectors")) {
            CliRun refused = verb.equals("run") ? pz(verb, "--all") : pz(verb);
            assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
            assertThat(refused.err()).startsWith("error PZ0321: project.yml declares connector package "
                    + "'org.example:pz-seq' 1.0.1, but pz.lock.json pins 1.0.0 (project.yml:4)").contains("restore");
        }
        assertThat(project.path().resolve(".pz/runs")).doesNotExist();
        CliRun restore = pz("restore");
        assertThat(restore.exitCode()).as(restore.toString()).isEqualTo(2);
        assertThat(restore.err()).contains("error PZ0321:", "hint: run 'pz restore --update'");

        CliRun skipped = pz("run", "--all", "--no-lock-check");
        assertThat(skipped.exitCode()).as(skipped.toString()).isZero();
        assertThat(skipped.err()).contains("warning: --no-lock-check: ").doesNotContain("PZ0321");
        assertThat(project.read("out/one_numbers.csv")).contains("tagger-1.0");

        project.file("project.yml", projectYml(SeqPackages.VERSION));
        project.file("project.yml", projectYml(SeqPackages.VERSION).replace("  - package: org.example:pz-seq2\n"
                + "    version: 1.0.0\n", ""));
        CliRun dropped = pz("plan");
        assertThat(dropped.err()).startsWith("error PZ0321: pz.lock.json pins connector package 'org.example:pz-seq2'"
                + " 1.0.0, which project.yml no longer declares");
    }

    @Test
    void aCachedFileThatChangedOrVanishedIsRefused() throws Exception {
        assertThat(pz("restore").exitCode()).isZero();
        Path tagger = cache.resolve("maven/org/example/tagger/2.0/tagger-2.0.jar");
        byte[] original = Files.readAllBytes(tagger);
        Files.write(tagger, new byte[] {'P', 'K'});
        CliRun tampered = pz("run", "--all");
        assertThat(tampered.exitCode()).as(tampered.toString()).isEqualTo(2);
        assertThat(tampered.err()).startsWith("error PZ0326: connector package 'org.example:pz-seq2' 1.0.0: "
                + "org.example:tagger:jar:2.0 in the package cache changed after it was restored")
                .contains("tagger-2.0.jar and run 'pz restore'");

        Files.delete(tagger);
        CliRun missing = pz("plan");
        assertThat(missing.exitCode()).as(missing.toString()).isEqualTo(2);
        assertThat(missing.err()).startsWith("error PZ0305: connector package 'org.example:pz-seq2' 1.0.0 is not in"
                + " the package cache").contains("hint: run 'pz restore'");
        assertThat(project.path().resolve(".pz/runs")).doesNotExist();

        CliRun restore = pz("restore");
        assertThat(restore.exitCode()).as(restore.toString()).isZero();
        assertThat(restore.outLines()).contains("restored org.example:pz-seq2 1.0.0 (downloaded)");
        assertThat(Files.readAllBytes(tagger)).isEqualTo(original);

        // The repository republishes different bytes under the pinned version.
        Files.delete(tagger);
        Path published = repository.root().resolve("org/example/tagger/2.0/tagger-2.0.jar");
        byte[] good = Files.readAllBytes(published);
        Files.write(published, new byte[] {'P', 'K', 3, 4});
        try {
            CliRun republished = pz("restore");
            assertThat(republished.exitCode()).as(republished.toString()).isEqualTo(2);
            assertThat(republished.err()).startsWith("error PZ0327: connector package 'org.example:pz-seq2' 1.0.0: "
                    + "org.example:tagger:jar:2.0 was downloaded with other bytes than pz.lock.json pinned")
                    .contains("pz restore --update");
            String pinned = project.read("pz.lock.json");
            CliRun updated = pz("restore", "--update");
            assertThat(updated.exitCode()).as(updated.toString()).isZero();
            assertThat(project.read("pz.lock.json")).isNotEqualTo(pinned);
        } finally {
            Files.write(published, good);
        }
    }

    /** Every pinned file already in the cache: the repositories are never asked, so a dead one does not matter. */
    @Test
    void aRestoreWithEverythingCachedNeedsNoRepository() {
        assertThat(pz("restore").exitCode()).isZero();
        project.file("project.yml", projectYml(SeqPackages.VERSION).replace(repository.root().toString(),
                "http://127.0.0.1:1/maven"));
        CliRun offline = pz("restore");
        assertThat(offline.exitCode()).as(offline.toString()).isZero();
        assertThat(offline.outLines()).contains("restored org.example:pz-seq 1.0.0 (cache hit)",
                "restored org.example:pz-seq2 1.0.0 (cache hit)");
    }

    @Test
    void anUnreachableRepositoryIsRefusedWithoutItsCredentials() {
        project.file("project.yml", projectYml(SeqPackages.VERSION).replace(repository.root().toString(),
                "http://user:s3cr3t@127.0.0.1:1/maven?token=abc123"));
        CliRun unreachable = pz("restore");
        assertThat(unreachable.exitCode()).as(unreachable.toString()).isEqualTo(2);
        assertThat(unreachable.err()).startsWith("error PZ0328: ").contains("127.0.0.1")
                .doesNotContain("s3cr3t", "token=abc123", "PZ0500");
        assertThat(project.path().resolve("pz.lock.json")).doesNotExist();
    }

    @Test
    void aCacheThatCannotBeWrittenIsADiskFailure() throws Exception {
        Files.writeString(temp.resolve("not-a-directory"), "x");
        CliRun blocked = CliRun.pzWithEnv(Map.of("PZ_CACHE_DIR", temp.resolve("not-a-directory").toString()),
                project.path(), "restore");
        assertThat(blocked.exitCode()).as(blocked.toString()).isEqualTo(2);
        assertThat(blocked.err()).as(blocked.toString()).startsWith("error PZ0329: ").contains("not-a-directory");
    }

    @Test
    void feedsInProjectYmlAreRefusedByRestore() {
        project.file("project.yml", projectYml(SeqPackages.VERSION) + "feeds:\n  - https://api.nuget.org/v3/index.json\n");
        CliRun feeds = pz("restore");
        assertThat(feeds.exitCode()).as(feeds.toString()).isEqualTo(2);
        assertThat(feeds.err()).contains("error PZ0352: ");
    }

    @Test
    void restoreRefusesWhatItCannotPin() {
        project.file("project.yml", projectYml(SeqPackages.VERSION).replace("org.example:pz-seq2", "org.example:pz-nothing"));
        CliRun missing = pz("restore");
        assertThat(missing.exitCode()).as(missing.toString()).isEqualTo(2);
        assertThat(missing.err()).startsWith("error PZ0320: could not resolve connector package "
                + "org.example:pz-nothing 1.0.0 from file:");
        assertThat(project.path().resolve("pz.lock.json")).doesNotExist();

        project.file("project.yml", projectYml("\"[1.0,2.0)\""));
        CliRun floating = pz("restore");
        assertThat(floating.err()).startsWith("error PZ0323: project.yml: connector package 'org.example:pz-seq' has"
                + " the floating version '[1.0,2.0)'");

        project.file("project.yml", projectYml(SeqPackages.VERSION).replace("org.example:pz-seq2", SeqPackages.SEQ_FUTURE));
        CliRun future = pz("restore");
        assertThat(future.exitCode()).as(future.toString()).isEqualTo(2);
        assertThat(future.err()).startsWith("error PZ0306: connector package 'org.example:pz-seq-future' 1.0.0 was"
                + " built for connector API 2, but this pz provides connector API 1");

        project.file("project.yml", projectYml(SeqPackages.VERSION).replace("org.example:pz-seq2", "Pz.Connector.Kafka"));
        CliRun unknown = pz("restore");
        assertThat(unknown.err()).startsWith("error PZ0101: project.yml: connector package 'Pz.Connector.Kafka' is"
                + " neither a connector built into pz nor a Maven artifact. (project.yml:6)");

        project.file("project.yml", "name: builtins\nversion: 0.1.0\nconnectors:\n  - package: Pz.Connector.Postgres\n"
                + "    version: 1.0.0\n");
        CliRun builtins = pz("restore");
        assertThat(builtins.exitCode()).as(builtins.toString()).isZero();
        assertThat(builtins.outLines()).containsExactly(
                "note: Pz.Connector.Postgres is builtin in this pz version; declared version ignored",
                "nothing to restore (all declared connectors are builtin)");
        assertThat(project.path().resolve("pz.lock.json")).doesNotExist();
    }

    /** A package that claims a builtin's name never replaces the builtin: PZ0305 names both, exit 2. */
    @Test
    void aPackageClaimingABuiltinConnectorNameIsRefused() {
        repository.publish(SeqPackages.seq("org.example:pz-fake-localfiles", "localfiles", "1.0", SeqPackages.VERSION,
                Integer.toString(ConnectorApi.VERSION)));
        project.file("project.yml", projectYml(SeqPackages.VERSION).replace("org.example:pz-seq2",
                "org.example:pz-fake-localfiles"));
        assertThat(pz("restore").exitCode()).isZero();
        for (String verb : List.of("validate", "run")) {
            CliRun refused = pz(verb);
            assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
            assertThat(refused.err()).startsWith("error PZ0305: connector package 'org.example:pz-fake-localfiles'"
                    + " registers the connector 'localfiles', which pz itself already provides").contains("hint: ");
        }
        assertThat(project.path().resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void aConnectorThatThrowsLeaksHangsOrCannotLinkFailsOnlyItsNode() {
        assertThat(pz("restore").exitCode()).isZero();
        project.file("project.yml", projectYml(SeqPackages.VERSION) + "engine:\n  node_timeout: 3s\n");
        StringBuilder connections = new StringBuilder(project.read("connections.yml"));
        connections.append("faulty:\n  connector: seq\n  entities:\n");
        for (String fault : List.of("throw", "leak", "hang", "link")) {
            connections.append("    ").append(fault).append(": {read: {stop: 2, fault: ").append(fault).append("}}\n");
            project.file("pipelines/" + fault + "_numbers.sql", "INSERT INTO {{ sink('lake', '" + fault + "_numbers',"
                    + " strategy: 'replace', format: 'csv', path: 'out/') }}\nselect * from {{ source('faulty', '"
                    + fault + "') }}\n");
        }
        project.file("connections.yml", connections.toString());
        CliRun run = pz("run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(project.read("out/one_numbers.csv")).contains("tagger-1.0");
        assertThat(project.read("out/two_numbers.csv")).contains("tagger-2.0");
        JsonNode results = RunArtifacts.results(RunArtifacts.latestRun(project.path()));
        assertThat(results.get("status").asText()).isEqualTo("completed_with_failures");
        assertThat(error(results, "src_faulty__throw")).startsWith("PZ0501 ").contains("seq failed on purpose");
        assertThat(error(results, "src_faulty__leak")).isEqualTo("PZ0357 source 'faulty' dataset 'leak': connector 'seq'"
                + " leaked 4 KB of Arrow memory: still allocated after node 'src_faulty__leak' ended (a reader, batch"
                + " or write session it did not release)");
        assertThat(error(results, "src_faulty__hang")).startsWith("PZ0525 node 'src_faulty__hang' exceeded "
                + "engine.node_timeout (3s)");
        assertThat(error(results, "src_faulty__link")).startsWith("PZ0501 ").contains("failed to link",
                "NoClassDefFoundError: org/example/seq/Missing");
        assertThat(RunArtifacts.summary(results)).contains("src_one__numbers:success:3", "src_two__numbers:success:2");
    }

    @Test
    void theContractChecksRunAgainstAnInstalledPackageOrAJar() {
        assertThat(pz("restore").exitCode()).isZero();
        project.file("seq-test.yml", "connection: {}\nread:\n  dataset: numbers\n  stop: ${SEQ_STOP}\n");
        Map<String, String> env = Map.of("PZ_CACHE_DIR", cache.toString(), "SEQ_STOP", "5");
        CliRun installed = CliRun.pzWithEnv(env, project.path(), "connector", "test", SeqPackages.SEQ, "--config",
                project.path().resolve("seq-test.yml").toString());
        assertThat(installed.exitCode()).as(installed.toString()).isZero();
        assertThat(installed.outLines()).contains("PASS optionDeclarationsAreWellFormedAndTheFixturesKeepThem",
                "PASS everyBatchHasTheAnnouncedSchemaAndIsReleased", "PASS readCapabilitiesMatchBehaviour",
                "SKIP aReaderClosedMidStreamStopsPromptlyAndReleasesItsMemory: the test declares no large dataset",
                "SKIP writeCapabilitiesMatchBehaviour: the connector does not write");
        assertThat(installed.outLines()).filteredOn(line -> line.startsWith("FAIL")).isEmpty();

        // The package's jar alone lacks its dependency: the check that reads says so.
        Path jar = cache.resolve("maven/org/example/pz-seq/1.0.0/pz-seq-1.0.0.jar");
        CliRun alone = CliRun.pzWithEnv(env, project.path(), "connector", "test", jar.toString(), "--config",
                project.path().resolve("seq-test.yml").toString());
        assertThat(alone.exitCode()).as(alone.toString()).isEqualTo(1);
        assertThat(alone.out()).contains("FAIL everyBatchHasTheAnnouncedSchemaAndIsReleased: ",
                "org/example/tagger/Tagger");

        CliRun badConfig = CliRun.pzWithEnv(env, project.path(), "connector", "test", SeqPackages.SEQ, "--config",
                project.file("bad.yml", "connection: {}\nreed: {}\n").path().resolve("bad.yml").toString());
        assertThat(badConfig.exitCode()).as(badConfig.toString()).isEqualTo(2);
        assertThat(badConfig.err()).startsWith("error PZ0101: bad.yml: unknown key 'reed' in the file. (bad.yml:2)");

        CliRun nothing = CliRun.pzWithEnv(env, project.path(), "connector", "test", "org.example:pz-none", "--config",
                project.path().resolve("seq-test.yml").toString());
        assertThat(nothing.exitCode()).as(nothing.toString()).isEqualTo(2);
        assertThat(nothing.err()).startsWith("error PZ0354: 'org.example:pz-none' is neither a jar");
    }

    /** The guide's example connector, packaged with its manifest attribute: every check that applies passes. */
    @Test
    void theGuidesExampleJarPassesTheChecksThatWriteAndRead() throws Exception {
        Path jar = Path.of(dev.pz.connectors.example.ExampleConnectorFactory.class.getProtectionDomain().getCodeSource()
                .getLocation().toURI());
        assertThat(jar.toString()).as("the reactor builds the example's jar before pz-cli's tests").endsWith(".jar");
        project.file("example/example-test.yml", """
                connection:
                  root: out
                read:
                  dataset: squares
                  stop: 100
                  partitions: 2
                write:
                  output: pairs
                  mode: replace
                  visible: out/pairs.csv
                """);
        CliRun checks = pz("connector", "test", jar.toString(), "--config",
                project.path().resolve("example/example-test.yml").toString());
        assertThat(checks.exitCode()).as(checks.toString()).isZero();
        assertThat(checks.outLines()).contains("PASS commitIsFinalAndLaterCallsThrow",
                "PASS abortLeavesNoOutputAndLaterCallsThrow", "PASS closeWithoutCommitLeavesNoOutput",
                "PASS aNativeCopyPublishesOnlyAFinishedFile", "PASS writeCapabilitiesMatchBehaviour",
                "PASS readCapabilitiesMatchBehaviour", "11 passed or skipped, 0 failed");
    }

    private static String error(JsonNode results, String node) {
        JsonNode error = RunArtifacts.node(results, node).get("error");
        return error.get("code").asText() + " " + error.get("message").asText();
    }

    private static List<String> artifacts(JsonNode locked) {
        List<String> artifacts = new ArrayList<>();
        locked.get("files").forEach(file -> artifacts.add(file.get("artifact").asText()));
        return artifacts;
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
