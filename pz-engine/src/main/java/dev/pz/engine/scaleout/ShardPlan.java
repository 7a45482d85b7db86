package dev.pz.engine.scaleout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.pz.connectors.api.ReadPredicate;
import dev.pz.engine.state.Watermark;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every process of one sharded run reads the same way, frozen by the first of them: the
 * flow, the shard count, the cut points of the partition column (shard i keeps
 * {@code cuts[i-1] <= column < cuts[i]}, the first shard also NULLs and everything below, the last
 * everything above; empty cuts when the column held one value or none: shard 0 keeps all), and for
 * an incremental read the stored watermark it starts from ({@code floor}, null when none) and the
 * largest cursor value at freezing ({@code ceiling} in the stored watermarks' text form, and its
 * type; null when there was nothing new).
 */
record ShardPlan(String runId, String sink, String source, int shards, String partitionColumn,
        ReadPredicate.ValueType cutType, List<String> cuts, String cursor, Watermark floor, String ceiling,
        ReadPredicate.ValueType ceilingType) {
    static final String FORMAT = "pz.shard-plan/v1";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    ShardPlan {
        cuts = List.copyOf(cuts);
    }

    /** Whether the source is read incrementally (a cursor, with or without new rows). */
    boolean incremental() {
        return cursor != null;
    }

    String toJson() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("format", FORMAT);
        root.put("run_id", runId);
        root.put("sink", sink);
        root.put("source", source);
        root.put("shards", shards);
        root.put("partition_column", partitionColumn);
        root.put("cut_type", cutType == null ? null : cutType.name());
        root.put("cuts", cuts);
        root.put("cursor", cursor);
        if (floor == null) {
            root.put("floor", null);
        } else {
            Map<String, Object> stored = new LinkedHashMap<>();
            stored.put("cursor", floor.cursor());
            stored.put("type", floor.type());
            stored.put("value", floor.value());
            stored.put("run_id", floor.runId());
            root.put("floor", stored);
        }
        root.put("ceiling", ceiling);
        root.put("ceiling_type", ceilingType == null ? null : ceilingType.name());
        try {
            return JSON.writeValueAsString(root).replace("\r\n", "\n") + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static ShardPlan parse(String text) {
        try {
            JsonNode root = JSON.readTree(text);
            if (!FORMAT.equals(root.path("format").asText())) {
                throw new IllegalArgumentException("not a " + FORMAT + " file");
            }
            List<String> cuts = new ArrayList<>();
            root.path("cuts").forEach(cut -> cuts.add(cut.asText()));
            JsonNode floor = root.path("floor");
            return new ShardPlan(root.path("run_id").asText(), root.path("sink").asText(), root.path("source").asText(),
                    root.path("shards").asInt(), text(root, "partition_column"),
                    type(root, "cut_type"), cuts, text(root, "cursor"),
                    floor.isObject() ? new Watermark(floor.path("cursor").asText(), floor.path("type").asText(),
                            floor.path("value").asText(), text(floor, "run_id")) : null,
                    text(root, "ceiling"), type(root, "ceiling_type"));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e.getOriginalMessage(), e);
        }
    }

    private static ReadPredicate.ValueType type(JsonNode node, String field) {
        String name = text(node, field);
        return name == null ? null : ReadPredicate.ValueType.valueOf(name);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() ? value.asText() : null;
    }
}
