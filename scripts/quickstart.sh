#!/usr/bin/env bash
# Builds pz, scaffolds the sample project into a fresh directory and runs it end to end
# (README's first command). Usage: scripts/quickstart.sh [target-dir]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="${1:-$(mktemp -d)/demo}"
cd "$root"
./mvnw -B -q -DskipTests package
bin/pz init "$target" --template sample
cd "$target"
"$root/bin/pz" plan
"$root/bin/pz" run --all
