#!/usr/bin/env bash
# The whole test suite: builds every module and runs every test (README's second command).
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -ntp verify "$@"
