#!/usr/bin/env bash
# Builds the EFL engine adapter (efl_engine.cpp) into a shared library for `motionbench run --engine` and
# `motionbench accuracy --engine`, with plain g++ and pkg-config's flags for ecore.
#
#   Examples/Engines/EFL/build.sh [OUTPUT]     # default: .build/engines/libefl-ecore-pos-map.so under the repository
#
# Needs Debian's libefl-all-dev (apt-get install -y libefl-all-dev), which provides ecore's pkg-config file.
# CXX overrides the compiler (default g++). Prints the library's path.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
output="${1:-$root/.build/engines/libefl-ecore-pos-map.so}"
if ! pkg-config --exists ecore; then
    echo "build.sh: pkg-config finds no ecore (EFL); install it with: apt-get install -y libefl-all-dev" >&2
    exit 2
fi
mkdir -p "$(dirname "$output")"
# -O2 as a release build of an application would use.
# shellcheck disable=SC2046
"${CXX:-g++}" -std=c++17 -O2 -fPIC -shared -fvisibility=hidden -Wall -Wextra \
    $(pkg-config --cflags ecore) -I "$root/Sources/CMotionBenchEngine/include" \
    -o "$output" "$here/efl_engine.cpp" $(pkg-config --libs ecore)
echo "$output"
