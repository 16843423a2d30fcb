"""The harness: real clients from npm and PyPI, sandboxed, pointed at the probe, version by version."""
