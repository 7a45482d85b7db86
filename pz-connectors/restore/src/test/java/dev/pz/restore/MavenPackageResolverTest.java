package dev.pz.restore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.connect.RepositoryClient;
import dev.pz.testing.packages.LocalRepository;
import dev.pz.testing.packages.SeqPackages;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Maven's resolver against a directory repository the test publishes into, and against one that is not there. */
class MavenPackageResolverTest {

    @TempDir
    static Path shared;

    private static LocalRepository repository;

    @TempDir
    Path cache;

    @BeforeAll
    static void publish() throws IOException {
        repository = new LocalRepository(Files.createDirectories(shared.resolve("repo")),
                Files.createDirectories(shared.resolve("work")));
        SeqPackages.publishAll(repository);
    }

    private MavenPackageResolver resolver(String url) {
        return new MavenPackageResolver(cache, List.of(url));
    }

    @Test
    void aPackageComesFirstThenItsRuntimeDependenciesWithoutWhatPzProvides() {
        List<RepositoryClient.ResolvedFile> files = resolver(repository.root().toUri().toString())
                .resolve(SeqPackages.SEQ2, SeqPackages.VERSION);
        assertThat(files).extracting(RepositoryClient.ResolvedFile::coordinates)
                .containsExactly("org.example:pz-seq2:jar:1.0.0", "org.example:tagger:jar:2.0");
        assertThat(files).allSatisfy(file -> assertThat(file.file()).startsWith(cache).isRegularFile());
    }

    @Test
    void fetchGetsExactlyTheNamedArtifacts() {
        List<RepositoryClient.ResolvedFile> files = resolver(repository.root().toUri().toString())
                .fetch(List.of("org.example:tagger:jar:1.0"));
        assertThat(files).extracting(RepositoryClient.ResolvedFile::coordinates)
                .containsExactly("org.example:tagger:jar:1.0");
    }

    @Test
    void aPackageNoRepositoryHoldsIsRestoreFailed() {
        PzException refused = catchThrowableOfType(PzException.class, () -> resolver(repository.root().toUri()
                .toString()).resolve("org.example:pz-absent", "1.0.0"));
        assertThat(refused.code()).isEqualTo(PzCode.RESTORE_FAILED);
        assertThat(refused.getMessage()).contains("org.example:pz-absent 1.0.0");
    }

    @Test
    void aRepositoryNobodyAnswersIsUnreachable() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        PzException refused = catchThrowableOfType(PzException.class, () -> resolver("http://127.0.0.1:" + port
                + "/maven/").resolve(SeqPackages.SEQ, SeqPackages.VERSION));
        assertThat(refused.code()).isEqualTo(PzCode.RESTORE_FEED_UNREACHABLE);
        assertThat(refused.error().hint()).contains("http://127.0.0.1:" + port + "/maven/");
    }
}
