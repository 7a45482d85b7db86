package dev.pz.connectors.remote;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

/** A dataset's files on a remote store: one key, or a glob over keys (see {@link Globs}). */
public record RemoteFiles(String container, String pattern) {

    /**
     * The files the pattern names, in key order.
     *
     * @throws PzConnectorException PZ0501 when a single key does not exist or a glob matches nothing
     */
    public List<StoredObject> select(RemoteStores stores, RemoteStore store, String context) {
        if (!Globs.isGlob(pattern)) {
            return List.of(store.list(container, pattern).stream().filter(object -> object.key().equals(pattern))
                    .findFirst().orElseThrow(() -> new PzConnectorException(PzCode.NODE_FAILED, context + ": "
                            + stores.kind() + " file '" + stores.url(container, pattern) + "' not found",
                            "check path: (and root:) of the dataset")));
        }
        Pattern regex = Globs.toRegex(pattern);
        List<StoredObject> matched = new ArrayList<>();
        for (StoredObject object : store.list(container, Globs.staticPrefix(pattern))) {
            if (regex.matcher(object.key()).matches()) {
                matched.add(object);
            }
        }
        if (matched.isEmpty()) {
            throw new PzConnectorException(PzCode.NODE_FAILED, context + ": no " + stores.kind()
                    + " files match pattern '" + stores.url(container, pattern) + "'",
                    "check path: (and root:) of the dataset");
        }
        matched.sort(Comparator.comparing(StoredObject::key));
        return matched;
    }
}
