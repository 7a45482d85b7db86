package dev.pz.restore;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.PackageResolver;
import dev.pz.engine.connect.RepositoryClient.ResolvedFile;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.graph.Exclusion;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.supplier.SessionBuilderSupplier;
import org.eclipse.aether.transfer.ArtifactNotFoundException;
import org.eclipse.aether.transfer.ArtifactTransferException;
import org.eclipse.aether.util.artifact.JavaScopes;
import org.eclipse.aether.util.filter.DependencyFilterUtils;

/**
 * Maven's own resolver (Maven 3 model, HTTP and file transports) behind {@link PackageResolver}. Runtime
 * dependencies are resolved with Maven's rules (nearest wins, exclusions, scopes), without what pz shares
 * with every connector: the connector API, Apache Arrow and SLF4J.
 */
public final class MavenPackageResolver implements PackageResolver {
    private static final List<Exclusion> PROVIDED_BY_PZ = List.of(
            new Exclusion("dev.pz", "pz-connectors-api", "*", "*"),
            new Exclusion("org.apache.arrow", "*", "*", "*"),
            new Exclusion("org.slf4j", "slf4j-api", "*", "*"));

    private final Path localRepository;
    private final List<RemoteRepository> repositories;

    public MavenPackageResolver(Path localRepository, List<String> repositoryUrls) {
        this.localRepository = localRepository;
        this.repositories = repositoryUrls.stream().map(MavenPackageResolver::remote).toList();
    }

    /** A repository id that stays the same for the same URL, so the cache knows where each file came from. */
    private static RemoteRepository remote(String url) {
        String id = "pz-" + HexFormat.of().toHexDigits(url.hashCode());
        return new RemoteRepository.Builder(id, "default", url).build();
    }

    @Override
    public List<ResolvedFile> resolve(String groupArtifact, String version) {
        Artifact root = new DefaultArtifact(groupArtifact + ":" + version);
        CollectRequest collect = new CollectRequest(new Dependency(root, JavaScopes.RUNTIME, false, PROVIDED_BY_PZ),
                repositories);
        DependencyRequest request = new DependencyRequest(collect,
                DependencyFilterUtils.classpathFilter(JavaScopes.RUNTIME));
        return withSession((system, session) -> {
            List<ArtifactResult> results = system.resolveDependencies(session, request).getArtifactResults();
            return ordered(root, results);
        }, groupArtifact + " " + version);
    }

    @Override
    public List<ResolvedFile> fetch(List<String> coordinates) {
        List<ArtifactRequest> requests = coordinates.stream()
                .map(text -> new ArtifactRequest(new DefaultArtifact(text), repositories, null)).toList();
        return withSession((system, session) -> system.resolveArtifacts(session, requests).stream()
                .map(result -> file(result.getArtifact())).toList(), String.join(", ", coordinates));
    }

    /** The requested artifact first, then its dependencies by coordinates. */
    private static List<ResolvedFile> ordered(Artifact root, List<ArtifactResult> results) {
        List<ResolvedFile> files = new ArrayList<>();
        List<ResolvedFile> dependencies = new ArrayList<>();
        for (ArtifactResult result : results) {
            Artifact artifact = result.getArtifact();
            boolean isRoot = artifact.getGroupId().equals(root.getGroupId())
                    && artifact.getArtifactId().equals(root.getArtifactId());
            (isRoot ? files : dependencies).add(file(artifact));
        }
        dependencies.sort(Comparator.comparing(ResolvedFile::coordinates));
        files.addAll(dependencies);
        return files;
    }

    private static ResolvedFile file(Artifact artifact) {
        String classifier = artifact.getClassifier().isEmpty() ? "" : artifact.getClassifier() + ":";
        return new ResolvedFile(artifact.getGroupId() + ":" + artifact.getArtifactId() + ":" + artifact.getExtension()
                + ":" + classifier + artifact.getVersion(), artifact.getPath());
    }

    @FunctionalInterface
    private interface Work<T> {
        T run(RepositorySystem system, RepositorySystemSession session) throws Exception;
    }

    private <T> T withSession(Work<T> work, String what) {
        try {
            Files.createDirectories(localRepository);
        } catch (IOException e) {
            throw new PzException(PzError.of(PzCode.RESTORE_DISK_FAILURE, "cannot write the package cache "
                    + localRepository + " (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")")
                    .withHint("make the directory writable, or point PZ_CACHE_DIR at one that is"));
        }
        RepositorySystem system = new RepositorySystemSupplier().get();
        try (RepositorySystemSession.CloseableSession session = new SessionBuilderSupplier(system).get()
                .withLocalRepositoryBaseDirectories(localRepository).build()) {
            return work.run(system, session);
        } catch (Exception e) {
            throw refusal(e, what);
        } finally {
            system.shutdown();
        }
    }

    /** Not found anywhere (PZ0320), or a repository that could not be reached or refused access (PZ0328). */
    private PzException refusal(Exception failure, String what) {
        String where = repositories.stream().map(repository -> shown(repository.getUrl()))
                .reduce((a, b) -> a + ", " + b).orElse("");
        boolean notFound = false;
        ArtifactTransferException transfer = null;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            for (Throwable suppressed : cause.getSuppressed()) {
                notFound |= suppressed instanceof ArtifactNotFoundException;
            }
            if (cause instanceof ArtifactNotFoundException) {
                notFound = true;
            } else if (cause instanceof ArtifactTransferException e && transfer == null) {
                transfer = e;
            }
        }
        if (transfer != null && !notFound) {
            return new PzException(PzError.of(PzCode.RESTORE_FEED_UNREACHABLE, "could not download " + what + ": "
                    + redacted(transfer.getMessage())).withHint("check the network and the repositories in project.yml ("
                            + where + ")"));
        }
        return new PzException(PzError.of(PzCode.RESTORE_FAILED, "could not resolve connector package " + what
                + " from " + where + ": " + redacted(rootMessage(failure))).withHint("check the package's name and version, "
                        + "and that one of the repositories in project.yml holds it"));
    }

    /** {@code text} with every repository URL shown without its user info and query, which may hold credentials. */
    private String redacted(String text) {
        String shown = text;
        for (RemoteRepository repository : repositories) {
            shown = shown.replace(repository.getUrl(), shown(repository.getUrl()));
        }
        return shown;
    }

    /** A repository URL as messages may show it: scheme, host, port and path only. */
    private static String shown(String url) {
        try {
            URI uri = new URI(url);
            if (uri.getRawUserInfo() == null && uri.getRawQuery() == null) {
                return url;
            }
            return new URI(uri.getScheme(), null, uri.getHost(), uri.getPort(), uri.getPath(), null, null).toString();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return "(a repository URL that is not valid)";
        }
    }

    private static String rootMessage(Throwable failure) {
        Throwable last = failure;
        while (last.getCause() != null) {
            last = last.getCause();
        }
        return String.valueOf(last.getMessage());
    }
}
