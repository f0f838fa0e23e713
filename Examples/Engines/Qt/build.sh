#!/usr/bin/env bash
# Builds the Qt engine adapter (qt_engine.cpp) with g++ and pkg-config's Qt6Core flags (Common/build-adapter.sh).
#
#   Examples/Engines/Qt/build.sh [OUTPUT]     # default: .build/engines/libqt-qeasingcurve.so under the repository
#
# Needs Debian's qt6-base-dev (apt-get install -y qt6-base-dev). CXX overrides the compiler. Prints the library's path.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec "$here/../Common/build-adapter.sh" "$here/qt_engine.cpp" Qt6Core qt6-base-dev qt-qeasingcurve "$@"
