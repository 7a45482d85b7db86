package dev.pz.cli.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.model.StateConfig;
import dev.pz.engine.state.StateBackend;
import dev.pz.engine.state.StateBackends;
import dev.pz.engine.state.StateEntry;
import dev.pz.engine.state.StateScope;
import dev.pz.testing.state.HttpStateServer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The http state backend against the protocol served in this JVM. */
class HttpStateBackendTest {
    private static final String TOKEN = "s3cret-token";

    private HttpStateServer server;

    @BeforeEach
    void start() {
        server = HttpStateServer.start(TOKEN);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static StateBackend backend(String url, String token) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("url", url);
        if (token != null) {
            settings.put("token", token);
        }
        return StateBackends.open(new StateConfig("http", settings, false), Path.of("."));
    }

    @Test
    void versionsComeFromTheServerAndAStaleCompareAndSetWritesNothing() {
        StateBackend state = backend(server.url(), TOKEN);
        assertThat(state.get(StateScope.WATERMARKS, "raw.orders")).isEmpty();
        assertThat(state.compareAndSet(StateScope.WATERMARKS, "raw.orders", null, "{\"value\":\"1\"}")).isTrue();
        StateEntry first = state.get(StateScope.WATERMARKS, "raw.orders").orElseThrow();
        assertThat(first).isEqualTo(new StateEntry("{\"value\":\"1\"}", "1"));
        assertThat(server.lastAuthorization()).isEqualTo("Bearer " + TOKEN);

        assertThat(state.compareAndSet(StateScope.WATERMARKS, "raw.orders", null, "{\"value\":\"9\"}")).isFalse();
        assertThat(state.compareAndSet(StateScope.WATERMARKS, "raw.orders", first, "{\"value\":\"2\"}")).isTrue();
        assertThat(state.compareAndSet(StateScope.WATERMARKS, "raw.orders", first, "{\"value\":\"3\"}")).isFalse();
        assertThat(server.payload("watermarks", "raw.orders")).isEqualTo("{\"value\":\"2\"}");

        StateEntry second = state.get(StateScope.WATERMARKS, "raw.orders").orElseThrow();
        assertThat(state.compareAndSet(StateScope.WATERMARKS, "raw.orders", second, null)).isTrue();
        assertThat(state.get(StateScope.WATERMARKS, "raw.orders")).isEmpty();
        // A re-created key continues after the removal's version, so an old version can never match again.
        assertThat(state.compareAndSet(StateScope.WATERMARKS, "raw.orders", null, "{\"value\":\"4\"}")).isTrue();
        assertThat(state.get(StateScope.WATERMARKS, "raw.orders").orElseThrow().version()).isEqualTo("4");
        assertThat(state.read(StateScope.WATERMARKS).entries()).containsOnlyKeys("raw.orders");
    }

    @Test
    void keysWithSlashesAndSpacesTravelAsOnePathSegment() {
        StateBackend state = backend(server.url(), TOKEN);
        assertThat(state.compareAndSet(StateScope.SCHEMAS, "erp.dbo/odd name%", null, "{}")).isTrue();
        assertThat(server.payload("schemas", "erp.dbo/odd name%")).isEqualTo("{}");
        assertThat(state.read(StateScope.SCHEMAS).entries()).containsOnlyKeys("erp.dbo/odd name%");
    }

    @Test
    void busyAnswersAreRetried() {
        StateBackend state = backend(server.url(), TOKEN);
        server.failNext(2);
        int before = server.requests();
        assertThat(state.get(StateScope.WATERMARKS, "raw.orders")).isEmpty();
        assertThat(server.requests() - before).isEqualTo(3);
    }

    @Test
    void aRejectedTokenIsPz0529AndTheMessageNeverShowsIt() {
        StateBackend state = backend(server.url(), "wrong-token");
        assertThatThrownBy(() -> state.read(StateScope.WATERMARKS)).isInstanceOfSatisfying(PzException.class, e -> {
            assertThat(e.error().code()).isEqualTo(PzCode.STATE_QUERY_FAILED);
            assertThat(e.getMessage()).contains("401").contains("PZ_STATE_TOKEN").doesNotContain("wrong-token");
        });
    }

    @Test
    void aUrlThatNamesNoStateResourceIsPz0529AndAClosedPortPz0518() {
        StateBackend wrongPath = backend(server.url().replace("/state/project", "/elsewhere"), TOKEN);
        assertThatThrownBy(() -> wrongPath.get(StateScope.WATERMARKS, "k")).isInstanceOfSatisfying(PzException.class,
                e -> assertThat(e.getMessage()).contains("404").contains("state.url"));
        server.close();
        StateBackend gone = backend(server.url(), TOKEN);
        assertThatThrownBy(() -> gone.get(StateScope.WATERMARKS, "k")).isInstanceOfSatisfying(PzException.class,
                e -> assertThat(e.error().code()).isEqualTo(PzCode.STATE_STORE_UNAVAILABLE));
    }

    @Test
    void theRunLockIsALeaseOnlyOneRunHoldsUntilItLetsGo() {
        StateBackend machineA = backend(server.url(), TOKEN);
        StateBackend machineB = backend(server.url(), TOKEN);
        StateBackend.RunLock held = machineA.lockRun("run-a");
        assertThatThrownBy(() -> machineB.lockRun("run-b")).isInstanceOfSatisfying(PzException.class, e -> {
            assertThat(e.error().code()).isEqualTo(PzCode.STATE_RUN_IN_FLIGHT);
            assertThat(e.getMessage()).contains("run-a");
        });
        held.close();
        machineB.lockRun("run-b").close();
    }
}
