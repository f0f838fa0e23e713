#!/usr/bin/env bash
# Builds the EFL engine adapter (efl_engine.cpp) with g++ and pkg-config's ecore flags (Common/build-adapter.sh).
#
#   Examples/Engines/EFL/build.sh [OUTPUT]     # default: .build/engines/libefl-ecore-pos-map.so under the repository
#
# Needs Debian's libefl-all-dev (apt-get install -y libefl-all-dev). CXX overrides the compiler. Prints the library's
# path.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec "$here/../Common/build-adapter.sh" "$here/efl_engine.cpp" ecore libefl-all-dev efl-ecore-pos-map "$@"
