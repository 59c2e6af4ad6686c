#!/usr/bin/env bash
# Runs one libFuzzer target for a while and prints a one-line summary.
#
# Usage: tests/fuzz/run.sh NAME SECONDS   (from the project root)
#
# NAME is form, handler or itemcode: build/fuzz/fuzz_NAME must exist (make fuzz builds
# it). The committed seeds in tests/fuzz/corpus/NAME are only read; what the
# fuzzer finds goes to build/fuzz/corpus/NAME (kept between runs, so a long
# run goes on from where the last one stopped), a crashing input to
# build/fuzz/artifacts/, and the whole log to build/fuzz/NAME.log.
# Exit status: 0 when the run ended without a crash, leak or sanitizer
# report; 1 otherwise (the log's tail is shown).
set -euo pipefail

[ $# -eq 2 ] || {
	echo "usage: $0 NAME SECONDS" >&2
	exit 2
}
name=$1
secs=$2
[[ $secs =~ ^[0-9]+$ ]] && [ "$secs" -ge 1 ] || {
	echo "fuzz: SECONDS must be a whole number >= 1" >&2
	exit 2
}
bin=build/fuzz/fuzz_$name
seeds=tests/fuzz/corpus/$name
work=build/fuzz/corpus/$name
log=build/fuzz/$name.log
[ -x "$bin" ] || {
	echo "fuzz: no $bin (make fuzz builds it)" >&2
	exit 2
}
[ -d "$seeds" ] || {
	echo "fuzz: no seed corpus $seeds" >&2
	exit 2
}
mkdir -p "$work" build/fuzz/artifacts

# max_len: a full query (4096) and a body over the limit (8192) both fit, so
# the limits themselves are fuzzed. The sanitizers stop at the first report
# (-fno-sanitize-recover), and libFuzzer turns that into a crash.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
echo "fuzz: $name for ${secs}s (log: $log)"
rc=0
"$bin" -max_total_time="$secs" -max_len=13000 -timeout=10 -rss_limit_mb=2048 \
	-print_final_stats=1 -dict="tests/fuzz/$name.dict" \
	-artifact_prefix="build/fuzz/artifacts/$name-" \
	"$work" "$seeds" >"$log" 2>&1 || rc=$?

stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -n 1; }
execs=$(stat number_of_executed_units)
rate=$(stat average_exec_per_sec)
units=$(find "$work" -type f | wc -l)
cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
reports=$(grep -c -E 'ERROR: (Address|Leak|Undefined)Sanitizer|runtime error:|==[0-9]+== ?ERROR|deadly signal' "$log" || true)

if [ "$rc" != 0 ] || [ "$reports" != 0 ] || [ -z "$execs" ]; then
	tail -n 40 "$log" >&2
	echo "fuzz: $name FAILED (exit $rc, $reports sanitizer/crash reports; inputs in build/fuzz/artifacts/)" >&2
	exit 1
fi
echo "fuzz: $name: $execs executions in ${secs}s ($rate/s), coverage $cov, corpus $units inputs, 0 crashes, 0 sanitizer reports"
