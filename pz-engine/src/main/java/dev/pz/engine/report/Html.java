package dev.pz.engine.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Text for the report page: escaping for element text and attribute values, and human durations. */
final class Html {

    private Html() {
    }

    /** Escapes {@code & < > " '} so any text is safe in element content and in quoted attributes. */
    static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder escaped = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }

    /** {@code 840 ms}, {@code 1.3 s}, {@code 2 min 5 s}. */
    static String duration(long millis) {
        if (millis < 1000) {
            return millis + " ms";
        }
        if (millis < 60_000) {
            return BigDecimal.valueOf(millis).divide(BigDecimal.valueOf(1000), 1, RoundingMode.HALF_UP)
                    .stripTrailingZeros().toPlainString() + " s";
        }
        long seconds = millis / 1000;
        return seconds / 60 + " min " + seconds % 60 + " s";
    }

    /** Truncates {@code text} to {@code max} characters, the last being an ellipsis. */
    static String clip(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }

    /** A number for SVG coordinates: at most one decimal, no exponent. */
    static String number(double value) {
        long tenths = Math.round(value * 10);
        long whole = tenths / 10;
        long fraction = Math.abs(tenths % 10);
        String sign = tenths < 0 && whole == 0 ? "-" : "";
        return fraction == 0 ? Long.toString(whole) : sign + whole + "." + fraction;
    }
}
