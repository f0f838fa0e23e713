#!/usr/bin/env bash
# Builds the Qt engine adapter (qt_engine.cpp) into a shared library for `motionbench run --engine` and
# `motionbench accuracy --engine`, with plain g++ and pkg-config's flags for Qt6Core.
#
#   Examples/Engines/Qt/build.sh [OUTPUT]     # default: .build/engines/libqt-qeasingcurve.so under the repository
#
# Needs Debian's qt6-base-dev (apt-get install -y qt6-base-dev), which provides Qt6Core's pkg-config file.
# CXX overrides the compiler (default g++). Prints the library's path.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
output="${1:-$root/.build/engines/libqt-qeasingcurve.so}"
if ! pkg-config --exists Qt6Core; then
    echo "build.sh: pkg-config finds no Qt6Core; install it with: apt-get install -y qt6-base-dev" >&2
    exit 2
fi
mkdir -p "$(dirname "$output")"
# Qt's headers are compiled position-independent (-fPIC); -O2 as a release build of an application would use.
# shellcheck disable=SC2046
"${CXX:-g++}" -std=c++17 -O2 -fPIC -shared -fvisibility=hidden -Wall -Wextra \
    $(pkg-config --cflags Qt6Core) -I "$root/Sources/CMotionBenchEngine/include" \
    -o "$output" "$here/qt_engine.cpp" $(pkg-config --libs Qt6Core)
echo "$output"
