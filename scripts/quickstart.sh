#!/usr/bin/env bash
# Builds pz, scaffolds the sample project into a fresh directory and runs it end to end
# (README's first command). Usage: scripts/quickstart.sh [target-dir]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="${1:-$(mktemp -d)/demo}"
cd "$root"
./mvnw -B -q -DskipTests package
scripts/pz init "$target" --template sample
cd "$target"
"$root/scripts/pz" plan
"$root/scripts/pz" run --all
