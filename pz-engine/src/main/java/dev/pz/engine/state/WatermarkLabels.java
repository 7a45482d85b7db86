package dev.pz.engine.state;

/**
 * How a stored watermark's type and value read in listings: a type pz does not know is marked
 * {@code (unknown type)}, a value not in its type's canonical form {@code (non-canonical)}.
 */
public final class WatermarkLabels {

    private WatermarkLabels() {
    }

    public static String type(String type) {
        return CursorValues.isCursorType(type) ? type : type + " (unknown type)";
    }

    public static String value(Watermark watermark) {
        if (!CursorValues.isCursorType(watermark.type())) {
            return watermark.value();
        }
        return CursorValues.canonicalize(watermark.type(), watermark.value()).filter(watermark.value()::equals).isPresent()
                ? watermark.value() : watermark.value() + " (non-canonical)";
    }
}
