#!/usr/bin/env bash
# Builds the libFuzzer harnesses (address sanitizer on) and runs them.
#
# Usage: Fuzz/fuzz.sh [--seconds N] [--runs N] [harness ...]
#   harnesses: definitions, request, stream, resp (default: all four)
#   --seconds N   stop each harness after N seconds (default 60)
#   --runs N      stop each harness after N executions instead
# A crash, a memory error, a leak or an input slower than 10 s fails the script (exit 1); the
# input that did it is left in .build/fuzz/<harness>/crash-* (or leak-*, timeout-*). Keep every
# finding as a regression input in Fuzz/Regressions/<harness>/: they run before the fuzzing.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
runs=""
harnesses=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        *) harnesses+=("$1"); shift ;;
    esac
done
[ ${#harnesses[@]} -gt 0 ] || harnesses=(definitions request stream resp)

out=.build/fuzz
mkdir -p "$out/bin" "$out/core"

# BurgeeCore is compiled once, instrumented, as a library every harness links: the harnesses and
# the client's stream parsing (for the stream harness) are small modules over it.
build_core() {
    echo "building BurgeeCore" >&2
    rm -f "$out/core/libBurgeeCore.a"
    # shellcheck disable=SC2046
    (cd "$out/core" && nice -n 10 swiftc -O -wmo -sanitize=fuzzer,address -parse-as-library -enable-testing \
        -module-name BurgeeCore -package-name burgee -emit-module -emit-library -static \
        $(cd "$OLDPWD" && find "$PWD/Sources/BurgeeCore" -name '*.swift' | sort) 2>&1) \
        | { grep -v "Cannot export local symbol" || true; }
    [ -f "$out/core/libBurgeeCore.a" ] || { echo "fuzz.sh: building BurgeeCore failed" >&2; exit 1; }
}

build() {
    local name="$1" harness extra="" shared="Fuzz/Harnesses/FuzzContexts.swift"
    local core=(-I "$out/core" -L "$out/core" -lBurgeeCore)
    case "$name" in
        definitions) harness=Fuzz/Harnesses/DefinitionsHarness.swift ;;
        request) harness=Fuzz/Harnesses/RequestHarness.swift ;;
        stream) harness=Fuzz/Harnesses/StreamHarness.swift
            extra="Sources/Burgee/Sync/SSE/ServerSentEventParser.swift Sources/Burgee/Sync/SSE/ServerSentEvent.swift
                   Sources/Burgee/Sync/Streaming/StreamMessage.swift Sources/Burgee/DataSources/DefinitionsPatch.swift
                   Sources/Burgee/DataSources/DataSourceStatus.swift Sources/Burgee/Client/CurrentDefinitions.swift" ;;
        # Redis's reply parser imports nothing: its files alone, beside the harness.
        resp) harness=Fuzz/Harnesses/RESPHarness.swift shared="" core=()
            extra="$(find Sources/BurgeeRedis/RESP -name '*.swift' | sort | tr '\n' ' ')" ;;
        *) echo "fuzz.sh: no harness '$name' (definitions, request, stream, resp)" >&2; exit 2 ;;
    esac
    echo "building $name" >&2
    rm -f "$out/bin/$name"
    # shellcheck disable=SC2086
    nice -n 10 swiftc -O -wmo -sanitize=fuzzer,address -parse-as-library -module-name BurgeeFuzz -package-name burgee \
        "${core[@]}" $extra $shared "$harness" -lm -o "$out/bin/$name" 2>&1 \
        | { grep -v "Cannot export local symbol" || true; }
    [ -x "$out/bin/$name" ] || { echo "fuzz.sh: building $name failed" >&2; exit 1; }
}

# Seeds: every definitions document and context of spec-fixtures, and the checked-in regressions.
seed() {
    local name="$1" corpus="$out/$name/corpus"
    mkdir -p "$corpus"
    python3 Fuzz/seeds.py "$name" "$corpus"
}

export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
status=0
build_core
for name in "${harnesses[@]}"; do
    build "$name"
    seed "$name"
    regressions="Fuzz/Regressions/$name"
    if [ -d "$regressions" ] && [ -n "$(ls -A "$regressions")" ]; then
        echo "replaying $(ls "$regressions" | wc -l) regression inputs for $name" >&2
        "$out/bin/$name" -runs=0 "$regressions"/* >/dev/null 2>&1 || { echo "fuzz.sh: $name fails a regression input" >&2; exit 1; }
    fi
    limit=(-max_total_time="$seconds")
    [ -z "$runs" ] || limit=(-runs="$runs")
    if [ -n "$runs" ]; then what="$runs runs"; else what="$seconds s"; fi
    echo "fuzzing $name ($what)" >&2
    dict=Fuzz/json.dict
    [ "$name" != resp ] || dict=Fuzz/resp.dict
    (cd "$out/$name" && "../bin/$name" corpus -dict="$OLDPWD/$dict" -max_len=16384 -timeout=10 \
        -rss_limit_mb=4096 -print_final_stats=1 "${limit[@]}" 2>&1 | tail -n 25) || status=1
done
exit $status
