#!/usr/bin/env bash
# Object-store macro bench on s3 (s3proxy in its own JVM): local csv -> s3 parquet and s3 parquet ->
# local csv through pz, against DuckDB's local COPY plus the AWS SDK's plain transfer (docs/performance.md).
# Usage: scripts/macro-bench-s3.sh [rows]     (default 1000000; 10000000 works too)
exec "$(dirname "$0")/bench/object-store-bench.sh" s3 "$@"
