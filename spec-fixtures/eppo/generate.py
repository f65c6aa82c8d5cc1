#!/usr/bin/env python3
"""Writes the Eppo-dialect UFC case files of spec-fixtures/eppo/ (see README.md here).

The cases, the document builders, the shard computation and the verification live in
spec-fixtures/datadog/generate.py, which writes the Datadog-dialect files; this script runs them
for Eppo's dialect (eppo-server-sdk's evaluation) and writes them here.

    python3 generate.py            # rewrites the *.json case files next to this script
    python3 generate.py --check    # exits 1 if any case file differs from what it would write
    python3 generate.py --verify   # evaluates every case with Eppo's Python SDK through
                                   # scripts/difftest/oracles/ufc.py and exits 1 on any difference
"""

import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))
_path = os.path.join(os.path.dirname(HERE), "datadog", "generate.py")
_spec = importlib.util.spec_from_file_location("ufc_cases", _path)
ufc_cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ufc_cases)

if __name__ == "__main__":
    ufc_cases.run("eppo", HERE)
