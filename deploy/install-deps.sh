#!/usr/bin/env bash
# Installs every Debian 12 package that bufferd's build and test suite need.
# Idempotent and non-interactive: packages already present are left alone, and
# `apt-get update` runs only when something is missing.
#
# usage: deploy/install-deps.sh [--build-only]
#   --build-only  only what compiling needs (no mlir-opt, lit, sanitizers, nginx)
set -euo pipefail

BUILD_PACKAGES=(
  build-essential cmake pkg-config
  libuv1-dev libjansson-dev libsqlite3-dev libcurl4-openssl-dev libssl-dev
  libhttp-parser-dev
  llvm-22-dev
)
TEST_PACKAGES=(
  llvm-22-tools mlir-22-tools clang-22 libclang-rt-22-dev
  python3 python3-jsonschema
  chromium chromium-driver python3-selenium python3-numpy
  nginx curl wrk
)

wanted=("${BUILD_PACKAGES[@]}")
[[ ${1:-} == --build-only ]] || wanted+=("${TEST_PACKAGES[@]}")

missing=()
for p in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
((${#missing[@]} == 0)) && exit 0

SUDO=
[[ $(id -u) == 0 ]] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
