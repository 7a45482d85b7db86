package dev.pz.engine.emit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;

/**
 * YAML text of an emitted spec: keys in the order the ordered maps give them, block style, quotes
 * only where YAML needs them (and always around strings that would read as numbers or booleans),
 * LF line ends and a final newline.
 */
final class SpecYaml {
    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .disable(YAMLGenerator.Feature.SPLIT_LINES)
            .build());

    private SpecYaml() {
    }

    static String render(Object document) {
        try {
            String text = YAML.writeValueAsString(document).replace("\r\n", "\n");
            return text.endsWith("\n") ? text : text + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an emitted spec is made of maps, lists, strings and numbers", e);
        }
    }
}
