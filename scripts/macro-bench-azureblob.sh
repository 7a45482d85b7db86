#!/usr/bin/env bash
# Object-store macro bench on azureblob (Azurite from npm): local csv -> blob parquet and blob parquet ->
# local csv through pz, against DuckDB's local COPY plus the Azure SDK's plain transfer (docs/performance.md).
# Usage: scripts/macro-bench-azureblob.sh [rows]     (default 1000000; 10000000 works too)
exec "$(dirname "$0")/bench/object-store-bench.sh" azureblob "$@"
