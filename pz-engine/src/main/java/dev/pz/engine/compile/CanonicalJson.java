package dev.pz.engine.compile;

import dev.pz.engine.json.Json;

/** Compact JSON with ordinally sorted keys and invariant numbers: the form node ids hash. */
final class CanonicalJson {

    private CanonicalJson() {
    }

    public static String of(Object value) {
        return Json.canonical(value);
    }
}
