#!/usr/bin/env bash
# Checks the package-benchmark thresholds (Benchmarks/Support/MotionBenchmarks.swift) on this machine: records a
# baseline, checks the same code against it at once (A/A, must pass), then checks a 2× slowdown against it (every
# benchmark body run twice per sample through MOTIONBENCH_BENCHMARK_SLOWDOWN=2, must fail).
#
# usage: scripts/benchmark-thresholds.sh [TARGET ...]     (default: CurveBenchmarks SpringBenchmarks)
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(CurveBenchmarks SpringBenchmarks)
filter=()
for target in "${targets[@]}"; do filter+=(--target "$target"); done
baseline=thresholds-aa

swift package --allow-writing-to-package-directory benchmark baseline update "$baseline" "${filter[@]}" --no-progress \
    > /tmp/motionbench-thresholds-update.txt 2>&1 || { echo "baseline update failed"; tail -20 /tmp/motionbench-thresholds-update.txt; exit 2; }

swift package benchmark baseline check "$baseline" "${filter[@]}" --no-progress > /tmp/motionbench-thresholds-aa.txt 2>&1
aa=$?
MOTIONBENCH_BENCHMARK_SLOWDOWN=2 swift package benchmark baseline check "$baseline" "${filter[@]}" --no-progress \
    > /tmp/motionbench-thresholds-2x.txt 2>&1
slow=$?
rm -rf ".benchmarkBaselines/"*"/$baseline"
echo "A/A check: exit $aa (0 expected); 2x slowdown check: exit $slow (non-zero expected)"
grep -c "Deviations" /tmp/motionbench-thresholds-2x.txt >/dev/null && grep -E "^\s*(wall|CPU|Time)" /tmp/motionbench-thresholds-2x.txt | head -5
[ "$aa" -eq 0 ] && [ "$slow" -ne 0 ]
