"""A module that says which version it is (tests/test_workflow_runs.py)."""

VERSION = "1.0.0"
