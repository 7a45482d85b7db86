package dev.pz.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.time.MonthDay;
import java.time.Year;
import java.time.YearMonth;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Mixin;

/**
 * Does, on a second thread, start-up work whose result the JVM caches and that does not depend on
 * what the main thread is doing, so that the main thread finds it done (docs/performance.md,
 * "Start-up").
 *
 * <ul>
 *   <li><b>{@code java.time}'s parsers</b>, which picocli initialises for its built-in converters.
 *   <li><b>The verb's annotations.</b> picocli builds a command's model by reading the annotations of
 *       its class, fields and methods. The JDK parses each element's annotations once and caches them
 *       on the class, and implements each annotation type with a proxy class generated at run time
 *       (which the AppCDS archive cannot hold). Reading them here first leaves picocli cache hits.
 *   <li><b>Jackson's {@code ObjectMapper} class</b>, for the verbs that always read or write JSON
 *       through one. Its static initialiser builds Jackson's default date format, a
 *       {@code SimpleDateFormat} for {@code Locale.US}, whose calendar and symbols make the JDK set up
 *       its locale providers and data.
 * </ul>
 *
 * <p>All three are idempotent JVM caches: a class is initialised once under the JVM's lock (the main
 * thread's first use either finds it ready or waits for the rest of it), and a second parse of the
 * same annotations would only be discarded. Nothing the user sees changes. The thread is a daemon:
 * a process that finishes first (a refused project) does not wait for it.
 */
final class StartupWarmUp {
    /** The verbs whose usual path (a run, its state, its artifacts) goes through an {@code ObjectMapper}. */
    static final Set<String> JSON_VERBS = Set.of("run", "retry", "test", "runs", "report");

    /**
     * picocli registers its {@code java.time} converters by initialising these classes, whose static
     * parsers build the JDK's ISO formatters.
     */
    private static final List<Class<?>> JAVA_TIME_PARSERS = List.of(DateTimeFormatter.class, Year.class,
            YearMonth.class, MonthDay.class);

    private final Class<?> command;
    private final boolean json;

    private StartupWarmUp(Class<?> command, boolean json) {
        this.command = command;
        this.json = json;
    }

    /** Starts the warm-up when the first argument is a verb; otherwise does nothing. */
    static void startFor(String[] args) {
        forArguments(args).ifPresent(warmUp -> {
            Thread thread = new Thread(warmUp::run, "pz-start-up-warm-up");
            thread.setDaemon(true);
            thread.start();
        });
    }

    /** The warm-up for these arguments: none unless the first one names a verb. */
    static Optional<StartupWarmUp> forArguments(String[] args) {
        Class<?> command = args.length == 0 ? null : PzCommandLine.VERBS.get(args[0]);
        if (command == null) {
            return Optional.empty();
        }
        return Optional.of(new StartupWarmUp(command, JSON_VERBS.contains(args[0])));
    }

    /** Whether this warm-up initialises {@code ObjectMapper} too. */
    boolean initialisesJson() {
        return json;
    }

    private void run() {
        try {
            warm();
        } catch (Throwable ignored) {
            // The main thread meets the same failure where it needs the class, and reports it there.
        }
    }

    /** Does the work on the calling thread. */
    void warm() throws ClassNotFoundException {
        initialise(JAVA_TIME_PARSERS);
        readAnnotations(PzCommandLine.Root.class);
        readAnnotations(command);
        if (json) {
            initialise(List.of(ObjectMapper.class));
        }
    }

    private static void initialise(List<Class<?>> types) throws ClassNotFoundException {
        for (Class<?> type : types) {
            Class.forName(type.getName(), true, StartupWarmUp.class.getClassLoader());
        }
    }

    /**
     * Reads the annotations of a command or mixin class, its superclasses (up to and including
     * {@code Object}, whose methods picocli inspects too) and its mixins' classes.
     */
    private static void readAnnotations(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            read(c);
            for (Field field : c.getDeclaredFields()) {
                read(field);
                if (field.isAnnotationPresent(Mixin.class) || field.isAnnotationPresent(ArgGroup.class)) {
                    readAnnotations(field.getType());
                }
            }
            for (Method method : c.getDeclaredMethods()) {
                read(method);
            }
        }
    }

    private static void read(AnnotatedElement element) {
        element.getDeclaredAnnotations();
    }
}
