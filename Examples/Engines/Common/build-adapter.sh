#!/usr/bin/env bash
# Builds one engine adapter of Examples/Engines into a shared library for `motionbench run --engine` and
# `motionbench accuracy --engine`, with plain g++ and pkg-config's flags for the library it adapts. Each adapter's
# build.sh calls it with its own names:
#
#   build-adapter.sh SOURCE PKG_CONFIG_NAME APT_PACKAGE LIBRARY_NAME [OUTPUT]
#
# OUTPUT defaults to .build/engines/libLIBRARY_NAME.so under the repository. CXX overrides the compiler (default g++).
# Exits 2 naming the apt package when pkg-config does not find the library. Prints the library's path.
set -euo pipefail
source_file="$1" package="$2" apt_package="$3" name="$4"
root="$(cd "$(dirname "$0")/../../.." && pwd)"
output="${5:-$root/.build/engines/lib$name.so}"
if ! pkg-config --exists "$package"; then
    echo "build.sh: pkg-config finds no $package; install it with: apt-get install -y $apt_package" >&2
    exit 2
fi
mkdir -p "$(dirname "$output")"
# Position-independent (Qt's headers require it), -O2 as a release build of an application would use.
# shellcheck disable=SC2046
"${CXX:-g++}" -std=c++17 -O2 -fPIC -shared -fvisibility=hidden -Wall -Wextra \
    $(pkg-config --cflags "$package") -I "$root/Sources/CMotionBenchEngine/include" \
    -o "$output" "$source_file" $(pkg-config --libs "$package")
echo "$output"
