#!/usr/bin/env bash
# Instructions per evaluation of each evaluation scenario, counted by valgrind's callgrind.
#
# Instruction counts do not depend on what else the machine is doing, so unlike wall-clock
# benchmarks they compare runs on a shared, noisy machine. Each scenario runs twice under
# callgrind in EvaluationLoop (a release build), with N and with 2N evaluations, counting only the
# instructions executed inside its evaluation loops (setup and process start-up are not counted);
# the difference divided by N is the cost of one evaluation, the loop's entry and exit cancelled out.
#
# Usage: Benchmarks/callgrind.sh [scenario ...]     (default: every scenario; --list prints them)
# Environment: N (evaluations per run, default 20000), ALL_FLAGS_N (passes of AllFlags1000 and ClientAllFlags1000,
# default 200), CALLGRIND_KEEP=DIR keeps the callgrind output files there (for callgrind_annotate).
set -euo pipefail
cd "$(dirname "$0")"

command -v valgrind >/dev/null || { echo "callgrind.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }

nice -n 10 swift build -c release --product EvaluationLoop >&2
built="$(swift build -c release --show-bin-path)/EvaluationLoop"

# Swift's per-process random hash seed changes dictionary layouts, and with them the instructions
# of lookups: fix it so that every run executes the same instructions.
export SWIFT_DETERMINISTIC_HASHING=1

if [ "${1:-}" = "--list" ]; then "$built" --list; exit 0; fi
if [ $# -gt 0 ]; then scenarios=("$@"); else mapfile -t scenarios < <("$built" --list); fi

# Each scenario once, natively: the value and reason it serves (a scenario that stopped matching
# would measure something else).
"$built" --check >&2

N="${N:-20000}"
ALL_FLAGS_N="${ALL_FLAGS_N:-200}"
out="${CALLGRIND_KEEP:-$(mktemp -d)}"
mkdir -p "$out"
[ -n "${CALLGRIND_KEEP:-}" ] || trap 'rm -rf "$out"' EXIT

# valgrind 3.19 cannot read the DWARF 5 debug information of this toolchain's binaries (it gives
# up at start): run a copy without it. Symbols stay, so callgrind_annotate still names functions.
loop="$out/EvaluationLoop"
strip --strip-debug -o "$loop" "$built"

# The loops (EvaluationLoop.evaluate and .evaluateAll), by their mangled names: collection is on
# only inside them.
loops='$s14EvaluationLoopAAV*evaluate*'

# Instructions executed in the loops of one run: scenario, iterations.
instructions() {
    local log="$out/$1.$2.log"
    nice -n 10 valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out.$1.$2" \
        --toggle-collect="$loops" "$loop" "$1" "$2" >/dev/null 2>"$log"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log"
}

printf '| %-28s | %12s | %s |\n' "scenario" "instructions" "per"
printf '|%s|%s|%s|\n' "------------------------------" "-------------:" "---"
for scenario in "${scenarios[@]}"; do
    n="$N"; unit="evaluation"
    case "$scenario" in *AllFlags1000) n="$ALL_FLAGS_N"; unit="pass over 1,000 flags" ;; esac
    once=$(instructions "$scenario" "$n")
    twice=$(instructions "$scenario" $((2 * n)))
    if [ -z "$once" ] || [ -z "$twice" ]; then
        echo "callgrind.sh: no count for $scenario (see $out/$scenario.*.log)" >&2; exit 1
    fi
    if [ "$once" -le 0 ] || [ "$twice" -le "$once" ]; then
        echo "callgrind.sh: $scenario: $once and $twice instructions: the loops were not found" >&2; exit 1
    fi
    per=$(awk -v a="$once" -v b="$twice" -v n="$n" 'BEGIN { printf "%.1f", (b - a) / n }')
    printf '| %-28s | %12s | %s |\n' "$scenario" "$per" "$unit"
done
