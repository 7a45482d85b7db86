package dev.pz.engine.template;

/**
 * A function a template may call, such as {@code source(...)} or {@code var(...)}. It receives the
 * evaluated arguments and returns a template value (String, Long, Double, Boolean, null, List or
 * Map), usually a String to splice into the SQL.
 *
 * <p>A {@link TemplateException} thrown here without a line gets the line of the call. Any other
 * exception propagates out of {@link Template#render} unchanged.
 */
@FunctionalInterface
public interface TemplateFunction {
    Object call(CallArguments arguments);
}
