#!/usr/bin/env bash
# The DocC documentation of the library modules (Sources/<Module>/<Module>.docc): every public
# symbol has a doc comment (scripts/doc-coverage.py), every public type and global symbol sits in a
# Topics group of its module's catalog (scripts/doc-topics.py), and each module's documentation
# builds without a warning (an unresolved symbol or article link, a Topics link to nothing), and
# `import Burgee` shows at most 41 public types (scripts/public-types.py: the 40 of the first API,
# and the flag handle a hot loop keeps). Run
# after `swift build --build-tests` (CI runs it after `swift test`): both steps reuse that build,
# and `swift package dump-symbol-graph` fails without the test modules (`burgeePackageTests`).
#
# First, with no build: README.md, docs/ and the DocC articles name no type or file that the
# repository lacks (scripts/docs-names.py, outside names in scripts/docs-names-allowed.txt), and
# that check's own tests pass (scripts/tests).
#
# DocC builds each module alone: a link to another module's symbol does not resolve, so doc
# comments name those in code voice (`DefinitionsFormat.flagd`, not a double-backtick link).
# Parameter validation is off: the API documents the parameters that need a word (`track:`)
# and not `key`, `context` and `default` on every getter, which DocC would demand as soon as one is.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(BurgeeCore Burgee BurgeeUnleash BurgeeLaunchDarkly BurgeeFlagd BurgeeSplit BurgeeKameleoon BurgeeDatadog BurgeeServer BurgeeRelay BurgeeRedis BurgeeTesting)
start=$SECONDS

PYTHONDONTWRITEBYTECODE=1 python3 -m unittest discover --start-directory scripts/tests --quiet
python3 scripts/docs-names.py

swift package dump-symbol-graph --minimum-access-level public >/dev/null
python3 scripts/doc-coverage.py
python3 scripts/doc-topics.py --check
python3 scripts/public-types.py --max 41

targets=()
for module in "${modules[@]}"; do targets+=(--target "$module"); done
swift package generate-documentation "${targets[@]}" --warnings-as-errors --disable-parameters-and-returns-validation

echo "docs check: $((SECONDS - start)) s"
