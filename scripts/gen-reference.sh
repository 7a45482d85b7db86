#!/usr/bin/env bash
# Regenerates the generated pages of docs/ (docs/reference/cli.md, connectors.md, codes.md and
# docs/index.json) from the code: the picocli model, the connectors' option declarations and the
# PzCode catalogue. Run it after changing a verb, a flag, a connector option or an error code;
# ReferencePagesTest fails the build until the committed pages match.
set -euo pipefail
cd "$(dirname "$0")/.."
PZ_WRITE_REFERENCE=1 ./mvnw -B -q -ntp test -pl pz-cli -am \
  -Dtest='ReferencePagesTest' -Dsurefire.failIfNoSpecifiedTests=false
git status --short docs/
