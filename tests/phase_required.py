"""phase-python for the tests that meet phase.rs (the ``peers`` extra, part of ``test``).

Importing this module gives ``phase``. When phase is missing the tests fail loudly, never
skip silently: only with ``REDZONE_SKIP_PEERS=1`` set *and* no ``CI`` variable do they
skip, with the reason shown in the test summary.
"""

from __future__ import annotations

import os

import pytest

try:
    import phase  # noqa: F401
except ImportError as exc:  # pragma: no cover - only without the peers extra
    if os.environ.get("REDZONE_SKIP_PEERS") and not os.environ.get("CI"):
        pytest.skip("phase-python missing and REDZONE_SKIP_PEERS=1: the phase.rs tests did not run",
                    allow_module_level=True)
    raise ImportError(
        "phase-python==0.103.0 is needed by the phase.rs tests: pip install -e '.[test]' "
        "(set REDZONE_SKIP_PEERS=1 outside CI to skip them)") from exc
