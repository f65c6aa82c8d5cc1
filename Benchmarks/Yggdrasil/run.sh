#!/usr/bin/env bash
# Yggdrasil (the Rust engine inside Unleash's other SDKs), measured through its C interface on the
# Unleash cases of Burgee's benchmarks (Benchmarks/Benchmarks/ClientEvaluation/Unleash.swift).
#
# Downloads the yggdrasil-engine wheel from PyPI into .build/yggdrasil/ (never committed), takes
# its libyggdrasilffi.so, compiles harness.c against it with gcc -O2 and runs every case: the
# toggles document ("state") of the case's file of Unleash's client specification into one engine,
# the answer checked once against the specification's test, then the call measured.
#
# Usage: Benchmarks/Yggdrasil/run.sh [--callgrind] [--sdk-calls] [--json] [case ...]
#   (default: every case; --list prints them)
#   --callgrind  also count instructions per evaluation under valgrind's callgrind, as
#                Benchmarks/callgrind.sh does: N and 2N evaluations, only inside the loop
#                (run_loop), the difference divided by N
#   --sdk-calls  measure what an SDK's isEnabled/getVariant calls, not only the check: also
#                should_emit_impression_event and count_toggle (and count_variant)
#   --json       print the results as JSON instead of the table
# Environment: YGGDRASIL_VERSION (default 2.0.0, the version of scripts/difftest/requirements.txt),
# N (evaluations per callgrind run, default 1000), BATCHES (default 15), BATCH_SIZE (default
# 20000), UNLEASH_SPECIFICATION (the specification's folder of JSON files, default
# ../shared/unleash-client-specification/specifications beside the project), CC (default gcc),
# CALLGRIND_KEEP=DIR keeps the callgrind output files there (for callgrind_annotate).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

version="${YGGDRASIL_VERSION:-2.0.0}"
spec="${UNLEASH_SPECIFICATION:-$root/../shared/unleash-client-specification/specifications}"
N="${N:-1000}"
BATCHES="${BATCHES:-15}"
BATCH_SIZE="${BATCH_SIZE:-20000}"
CC="${CC:-gcc}"

# name | specification file | toggle | call | context (JSON, as an SDK would pass it)
cases=(
    'UnleashDefaultStrategySmallContext|01-simple-examples|Feature.A|enabled|{}'
    'UnleashDefaultStrategyFullContext|01-simple-examples|Feature.A|enabled|{"userId":"123","sessionId":"asd123","remoteAddress":"127.0.0.1","properties":{"customName":"customValue","anotherName":"anotherValue"}}'
    'UnleashFlexibleRollout|10-flexible-rollout-strategy|Feature.flexibleRollout.10|enabled|{"userId":"174"}'
    'UnleashStartsWith|13-constraint-operators|F1.startsWith|enabled|{"properties":{"customField":"some-string-is-cool"}}'
    'UnleashSegmentAndSemver|15-global-constraints|F9.globalSegmentAndConstraint|enabled|{"properties":{"version":"1.2.2"}}'
    'UnleashDependentFeature|17-dependent-features|parent.enabled.child.enabled|enabled|{}'
    'UnleashUnknownFlag|01-simple-examples|No.Such.Feature|enabled|{}'
    'UnleashVariant|08-variants|Feature.Variants.C|variant|{"userId":"232"}'
)

callgrind=false; json=false; harness_options=(); selected=()
while [ $# -gt 0 ]; do
    case "$1" in
        --callgrind) callgrind=true ;;
        --sdk-calls) harness_options+=(--sdk-calls) ;;
        --json) json=true ;;
        --list) for c in "${cases[@]}"; do echo "${c%%|*}"; done; exit 0 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) selected+=("$1") ;;
    esac
    shift
done
if [ ${#selected[@]} -gt 0 ]; then
    chosen=()
    for name in "${selected[@]}"; do
        found=false
        for c in "${cases[@]}"; do
            if [ "${c%%|*}" = "$name" ]; then chosen+=("$c"); found=true; fi
        done
        $found || { echo "run.sh: no case $name (--list prints them)" >&2; exit 2; }
    done
    cases=("${chosen[@]}")
fi

[ -d "$spec" ] || { echo "run.sh: the Unleash client specification is not at $spec (set UNLEASH_SPECIFICATION)" >&2; exit 1; }
if $callgrind; then
    command -v valgrind >/dev/null || { echo "run.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
fi

# The wheel and its shared library, once per version.
work="$root/.build/yggdrasil"
dir="$work/$version"
lib="$dir/lib/libyggdrasilffi.so"
if [ ! -f "$lib" ]; then
    echo "run.sh: downloading yggdrasil-engine $version from PyPI into $dir" >&2
    mkdir -p "$dir/wheel" "$dir/lib"
    # The library does not depend on the Python it ships with: ask for the stable-ABI wheel
    # whatever the local Python is.
    python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
        --python-version 3.11 --dest "$dir/wheel" "yggdrasil-engine==$version" >&2
    python3 - "$dir/wheel" "$lib" <<'EOF'
import glob, shutil, sys, zipfile
wheels = glob.glob(sys.argv[1] + "/yggdrasil_engine-*.whl")
if len(wheels) != 1:
    sys.exit(f"run.sh: expected one yggdrasil_engine wheel in {sys.argv[1]}, found {wheels}")
with zipfile.ZipFile(wheels[0]) as wheel:
    members = [m for m in wheel.namelist() if m.endswith("/libyggdrasilffi.so")]
    if not members:
        sys.exit(f"run.sh: {wheels[0]} holds no libyggdrasilffi.so (not a Linux wheel?)")
    with wheel.open(members[0]) as source, open(sys.argv[2], "wb") as target:
        shutil.copyfileobj(source, target)
EOF
fi

# The C interface the harness declares must be there.
if command -v nm >/dev/null; then
    exports="$(nm -D --defined-only "$lib" | awk '{ print $3 }')"
    for symbol in new_engine free_engine take_state check_enabled check_variant \
            should_emit_impression_event count_toggle count_variant free_response get_core_version; do
        grep -qx "$symbol" <<<"$exports" || { echo "run.sh: $lib does not export $symbol" >&2; exit 1; }
    done
fi

harness="$dir/harness"
if [ ! -x "$harness" ] || [ "$here/harness.c" -nt "$harness" ]; then
    "$CC" -O2 -std=c11 -Wall -Wextra -o "$harness" "$here/harness.c" \
        -L"$dir/lib" -lyggdrasilffi -Wl,-rpath,"$dir/lib"
fi
core="$("$harness" --version)"
compiler="$("$CC" --version | head -n 1)"

# Each case's toggles document, and the answer the specification expects (a test of the same
# toggle and context; for a toggle the document does not hold, the specification's test of an
# unknown toggle with the same context).
mkdir -p "$work/cases"
prepared="$(printf '%s\n' "${cases[@]}" | python3 -c '
import json, os, sys
spec, out = sys.argv[1], sys.argv[2]
def text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
for line in sys.stdin.read().splitlines():
    name, file, toggle, kind, context = line.split("|", 4)
    with open(os.path.join(spec, file + ".json")) as f:
        document = json.load(f)
    state = os.path.join(out, file + ".state.json")
    with open(state, "w") as f:
        json.dump(document["state"], f)
    known = {feature["name"] for feature in document["state"].get("features", [])}
    context = json.loads(context)
    expected = "-"
    for test in document.get("tests" if kind == "enabled" else "variantTests", []):
        same = test["toggleName"] == toggle or (toggle not in known and test["toggleName"] not in known)
        if same and test.get("context") == context:
            result = test["expectedResult"]
            if kind == "enabled":
                expected = text(result)
            else:
                expected = "%s enabled=%s feature_enabled=%s" % (result["name"], text(result["enabled"]),
                    text(result.get("feature_enabled", result["enabled"])))
            break
    print(name, state, expected, sep="\t")
' "$spec" "$work/cases")"

out="${CALLGRIND_KEEP:-$(mktemp -d)}"
mkdir -p "$out"
[ -n "${CALLGRIND_KEEP:-}" ] || trap 'rm -rf "$out"' EXIT

# Instructions executed inside run_loop for one case and number of evaluations.
instructions() {
    local tag="$1" n="$2"; shift 2
    local log="$out/$tag.$n.log"
    nice -n 10 valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out.$tag.$n" \
        --toggle-collect=run_loop "$harness" "${harness_options[@]}" --loop "$n" "$@" >/dev/null 2>"$log" ||
        { echo "run.sh: valgrind failed for $tag (see $log)" >&2; return 1; }
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log"
}

rows=()
i=0
while IFS=$'\t' read -r name state expected; do
    IFS='|' read -r _ _ toggle kind context <<<"${cases[$i]}"
    i=$((i + 1))
    args=("$name" "$kind" "$toggle" "$context" "$state" "$expected")
    line="$("$harness" "${harness_options[@]}" --batches "$BATCHES" --batch-size "$BATCH_SIZE" "${args[@]}")"
    IFS=$'\t' read -r _ ns result check <<<"$line"
    per="-"
    if $callgrind; then
        once=$(instructions "$name" "$N" "${args[@]}")
        twice=$(instructions "$name" $((2 * N)) "${args[@]}")
        if [ -z "$once" ] || [ -z "$twice" ] || [ "$once" -le 0 ] || [ "$twice" -le "$once" ]; then
            echo "run.sh: $name: $once and $twice instructions: run_loop was not found" >&2; exit 1
        fi
        per=$(awk -v a="$once" -v b="$twice" -v n="$N" 'BEGIN { printf "%.1f", (b - a) / n }')
    fi
    rows+=("$name"$'\t'"$ns"$'\t'"$per"$'\t'"$result"$'\t'"$check")
done <<<"$prepared"

calls="check"; [ ${#harness_options[@]} -gt 0 ] && calls="sdk"
if $json; then
    printf '%s\n' "${rows[@]}" | python3 -c '
import json, sys
version, core, compiler, calls, callgrind = sys.argv[1:6]
cases = []
for line in sys.stdin.read().splitlines():
    name, ns, per, result, check = line.split("\t")
    case = {"name": name, "ns_p50": float(ns), "result": result, "specified": check == "spec"}
    if callgrind == "true":
        case["instructions"] = float(per)
    cases.append(case)
print(json.dumps({"yggdrasil_engine": version, "core": core, "compiler": compiler, "calls": calls,
                  "cases": cases}, indent=2))
' "$version" "$core" "$compiler" "$calls" "$callgrind"
else
    echo "# yggdrasil-engine $version (core $core), $compiler, calls: $calls, ns: p50 of $BATCHES batches of $BATCH_SIZE"
    if $callgrind; then
        printf '%-36s %9s %13s  %s\n' "case" "ns_p50" "instructions" "result"
    else
        printf '%-36s %9s  %s\n' "case" "ns_p50" "result"
    fi
    for row in "${rows[@]}"; do
        IFS=$'\t' read -r name ns per result check <<<"$row"
        if [ "$check" = "spec" ]; then result="$result (as specified)"; else result="$result (no test in the specification)"; fi
        if $callgrind; then
            printf '%-36s %9s %13s  %s\n' "$name" "$ns" "$per" "$result"
        else
            printf '%-36s %9s  %s\n' "$name" "$ns" "$result"
        fi
    done
fi
