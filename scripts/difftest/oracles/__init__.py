"""Vendors' engines wrapped for the differential tests and the conformance checks (see ufc.py)."""
