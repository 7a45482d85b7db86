package dev.pz.connectors.api;

/** How a dataset is read each run; printed as {@code read=<word>} in plan reasons. */
public enum ReadShape {
    FULL, FEED, INCREMENTAL, CDC
}
