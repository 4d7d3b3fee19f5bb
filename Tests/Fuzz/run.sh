#!/usr/bin/env bash
# Fuzz chartc's readers with libFuzzer (Linux toolchains ship it: `swiftc -sanitize=fuzzer`).
#
#   Tests/Fuzz/run.sh [--time SECONDS] [--no-build] [TARGET...]
#
# Targets: json (JSON reader + spec formatter), csv (CSV reader), expression (expression parser and checker),
# spec (spec parser + linter + formatter). Default: all of them, one after the other, SECONDS each (default 120).
#
# SwiftPM cannot build fuzz binaries next to the normal ones, so this script compiles the library modules
# itself (one object per module, instrumented for coverage and AddressSanitizer) into .build/fuzz, links one
# binary per target from Tests/Fuzz/Targets/Main.swift and Tests/ChartLintTests/Fuzz/FuzzTargets.swift (the
# same file the normal test `FuzzCorpusTests` uses to replay the corpus), and runs each target for a fixed time.
#
# Afterwards, inputs that found new coverage are merged into Tests/Fuzz/Corpus/<target>/ and any crash, hang
# or out-of-memory input is copied there too, so `swift test` replays it until it is fixed. Commit the corpus.
# Each run is logged in Tests/Fuzz/LOG.md (time, target, seconds, executions, outcome).
set -euo pipefail

cd "$(dirname "$0")/../.."
ROOT=$(pwd)
BUILD="$ROOT/.build/fuzz"
SECONDS_PER_TARGET=120
DO_BUILD=1
TARGETS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --time) SECONDS_PER_TARGET="$2"; shift 2 ;;
        --no-build) DO_BUILD=0; shift ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) TARGETS+=("$1"); shift ;;
    esac
done
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(json csv expression spec)

# Library modules in dependency order.
MODULES=(ChartDiagnostics ChartFormat ChartJSON ChartData ChartExpression ChartSpec ChartNetwork ChartPipeline ChartLayout ChartLint)
FLAGS=(-O -g -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name chartc -I "$BUILD")

mkdir -p "$BUILD"
if [ "$DO_BUILD" = 1 ]; then
    for module in "${MODULES[@]}"; do
        echo "== compiling $module"
        mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
        swiftc "${FLAGS[@]}" -wmo -module-name "$module" -emit-module -emit-module-path "$BUILD/$module.swiftmodule" \
            -c "${sources[@]}" -o "$BUILD/$module.o" 2> >(grep -v 'Cannot export local symbol' >&2)
    done
fi

OBJECTS=()
for module in "${MODULES[@]}"; do OBJECTS+=("$BUILD/$module.o"); done

for target in "${TARGETS[@]}"; do
    upper=$(echo "$target" | tr '[:lower:]' '[:upper:]')
    binary="$BUILD/fuzz-$target"
    if [ "$DO_BUILD" = 1 ] || [ ! -x "$binary" ]; then
        echo "== linking $binary"
        swiftc "${FLAGS[@]}" -D "FUZZ_$upper" -module-name Fuzz \
            Tests/Fuzz/Targets/Main.swift Tests/ChartLintTests/Fuzz/FuzzTargets.swift "${OBJECTS[@]}" \
            -o "$binary" 2> >(grep -v 'Cannot export local symbol' >&2)
    fi

    committed="Tests/Fuzz/Corpus/$target"
    work="$BUILD/corpus/$target"
    artifacts="$BUILD/artifacts/$target/"
    mkdir -p "$committed" "$work" "$artifacts"
    dict=()
    [ -f "Tests/Fuzz/$target.dict" ] && dict=(-dict="Tests/Fuzz/$target.dict")

    echo "== fuzzing $target for ${SECONDS_PER_TARGET}s"
    log="$BUILD/$target.log"
    set +e
    # Leak detection is off (libFuzzer's per input, and LeakSanitizer's at exit): Swift's lazily initialized
    # globals live until exit and are reported as leaks when the process ends. AddressSanitizer still catches
    # every out-of-bounds access and use after free.
    ASAN_OPTIONS=detect_leaks=0 "$binary" "$work" "$committed" "${dict[@]}" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 \
        -max_len=4096 -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$artifacts" > "$log" 2>&1
    status=$?
    set -e
    tail -n 25 "$log"
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -n 1 | grep -o '[0-9]*$' || echo "?")

    # Keep a minimal set of inputs that covers everything seen so far (libFuzzer names them by their SHA-1;
    # hand-written seeds keep their names), and every input that broke something.
    minimal="$BUILD/minimal/$target"
    rm -rf "$minimal" && mkdir -p "$minimal"
    if ASAN_OPTIONS=detect_leaks=0 "$binary" -merge=1 -detect_leaks=0 -artifact_prefix="$artifacts" "$minimal" "$committed" "$work" > "$BUILD/$target.merge.log" 2>&1; then
        find "$committed" -maxdepth 1 -type f -regextype posix-extended -regex '.*/[0-9a-f]{40}' -delete
        # Seeds and saved crashes are kept under their own names; skip their copies.
        named=$(find "$committed" -maxdepth 1 -type f -exec sha1sum {} + | awk '{print $1}')
        for kept in "$minimal"/*; do
            [ -f "$kept" ] || continue
            name=$(basename "$kept")
            grep -qx "$name" <<< "$named" || cp "$kept" "$committed/$name"
        done
    fi
    found=0
    for artifact in "$artifacts"crash-* "$artifacts"timeout-* "$artifacts"oom-* "$artifacts"leak-*; do
        [ -f "$artifact" ] || continue
        cp "$artifact" "$committed/"
        found=$((found + 1))
        rm "$artifact"
    done
    outcome="clean"
    [ "$status" != 0 ] && outcome="exit $status, $found input(s) saved"
    printf '| %s | %s | %s | %s | %s |\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "$target" "$SECONDS_PER_TARGET" "$runs" "$outcome" >> Tests/Fuzz/LOG.md
    echo "== $target: $outcome ($runs runs)"
done
