#!/usr/bin/env bash
# Installs the vendors' engines that the differential tests compare against, and the SDKs that
# scripts/peers/peers.py runs against `burgee serve`, from PyPI, into a
# virtual environment under .build/ (never shipped, never committed).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=.build/difftest-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check -r scripts/difftest/requirements.txt
echo "$venv/bin/python"
