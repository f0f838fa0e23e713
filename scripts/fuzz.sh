#!/bin/sh
# Fuzzes the spec parser or the scenario reader with libFuzzer for SECONDS, checking the hostile-input contract
# (a trap, NaN or infinity in an answer, or a non-finite checksum stops the run and saves the input).
#   scripts/fuzz.sh spec 600
#   scripts/fuzz.sh scenario 600
# The corpus starts from data/fuzz/TARGET and grows in .build-fuzz/corpus-TARGET (not committed); findings go to
# .build-fuzz/findings-TARGET. The last lines printed give the executions run.
set -eu
target=${1:?usage: scripts/fuzz.sh spec|scenario SECONDS}
seconds=${2:-60}
case "$target" in spec|scenario) ;; *) echo "target must be spec or scenario" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
swift build -c release --product MotionFuzz --build-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING >&2
corpus=.build-fuzz/corpus-$target findings=.build-fuzz/findings-$target
mkdir -p "$corpus" "$findings"
cp -n data/fuzz/"$target"/* "$corpus"/ 2>/dev/null || true
dict=data/fuzz/$target.dict
# Swift's own crash reporter would take the signal from libFuzzer, which then saves no reproducer.
SWIFT_BACKTRACE=enable=no MOTIONFUZZ_TARGET=$target exec .build-fuzz/release/MotionFuzz "$corpus" -artifact_prefix="$findings/" \
    -max_total_time="$seconds" -max_len=4096 -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
    $( [ -f "$dict" ] && echo "-dict=$dict" )
