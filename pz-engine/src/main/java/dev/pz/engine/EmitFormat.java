package dev.pz.engine;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What {@code pz plan --emit} writes: the neutral plan, Kubernetes manifests or an Argo Workflow. */
public enum EmitFormat {
    PLAN, KUBERNETES, ARGO;

    /** The word on the command line. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The format {@code word} names; PZ0720 for any other word. */
    public static EmitFormat parse(String word) {
        return Arrays.stream(values()).filter(format -> format.word().equals(word)).findFirst()
                .orElseThrow(() -> new PzException(PzError.of(PzCode.EMIT_FORMAT_UNKNOWN,
                        "pz cannot emit '" + word + "'.").withHint("use one of " + words())));
    }

    public static String words() {
        return Arrays.stream(values()).map(EmitFormat::word).collect(Collectors.joining(", "));
    }
}
