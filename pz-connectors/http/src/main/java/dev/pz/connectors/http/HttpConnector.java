package dev.pz.connectors.http;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzConnectorException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A generic JSON REST API over {@code java.net.http}, universal tier only. Reads page through an
 * endpoint (page numbers, {@code Link} headers or a body token) and land each record typed by a
 * {@code columns:} contract or whole as JSON text; an incremental read sends its watermark as a
 * query parameter. Writes POST batches of rows (append) or PUT/PATCH each row to its key's URL
 * (merge). Options: {@link HttpOptions}; see docs/http.md.
 */
public final class HttpConnector implements Connector {

    public static final String VERSION = "0.1.0";

    private static final Set<ConnectorCapability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            ConnectorCapability.MERGE, ConnectorCapability.BOUNDED_WINDOW));

    private final int pageCeiling;

    public HttpConnector() {
        this(HttpCrawl.DEFAULT_PAGE_CEILING);
    }

    /** A connector whose crawls without max_pages stop after {@code pageCeiling} pages (tests lower it). */
    HttpConnector(int pageCeiling) {
        this.pageCeiling = pageCeiling;
    }

    @Override
    public String name() {
        return HttpConnectorFactory.NAME;
    }

    @Override
    public String version() {
        return VERSION;
    }

    @Override
    public Set<ConnectorCapability> capabilities() {
        return CAPABILITIES;
    }

    @Override
    public OptionSet connectionOptions() {
        return HttpOptions.CONNECTION;
    }

    @Override
    public OptionSet readOptions() {
        return HttpOptions.READ;
    }

    @Override
    public OptionSet writeOptions() {
        return HttpOptions.WRITE;
    }

    @Override
    public List<String> validate(ConnectorConfig config) {
        return HttpSettings.problems(config);
    }

    @Override
    public List<OptionProblem> validateRead(DatasetSpec spec) {
        return HttpDataset.problems(spec);
    }

    /** Replace is refused by pz itself (no ReplaceWrites); these are the rules of append and merge. */
    @Override
    public List<OptionProblem> validateWrite(OutputSpec spec) {
        return spec.strategy() == WriteStrategy.REPLACE ? List.of() : HttpOutput.problems(spec);
    }

    /** GETs {@code check_path} (or base_url) with the connection's credentials; a 2xx answer passes. */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        HttpSettings settings;
        try {
            settings = HttpSettings.of(config);
        } catch (PzConnectorException e) {
            return ConnectionCheck.failed("permanent: " + e.getMessage());
        }
        URI target = settings.checkPath() == null ? settings.baseUri() : settings.resolve(settings.checkPath());
        HttpTransport transport = new HttpTransport(settings);
        String shown = transport.redactor().redact(target.toString());
        try {
            HttpResponseBytes response = transport.get(target, config.context());
            if (response.succeeded()) {
                return ConnectionCheck.passed();
            }
            return ConnectionCheck.failed((HttpFailures.isTransient(response.status()) ? "transient: " : "permanent: ")
                    + "GET " + shown + " returned HTTP " + response.status());
        } catch (PzConnectorException e) {
            return ConnectionCheck.failed((e.isTransient() ? "transient: " : "permanent: ") + "could not reach '"
                    + transport.redactor().redact(settings.baseUri().toString()) + "': " + reason(e, config));
        }
    }

    private static String reason(PzConnectorException e, ConnectorConfig config) {
        String prefix = config.context() + ": ";
        String message = e.getMessage();
        return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new HttpSource(HttpSettings.of(config), pageCeiling));
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        Path spoolRoot = config.baseDirectory().map(directory -> directory.resolve(".pz").resolve("spool")
                .resolve("http")).orElseGet(() -> Path.of(System.getProperty("java.io.tmpdir"), "pz-http-spool"));
        return Optional.of(new HttpSink(HttpSettings.of(config), spoolRoot));
    }
}
