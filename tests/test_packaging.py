"""Packaging: redzone installs under its own namespace (``redzone.models``, ``redzone.solver``).

A game engine that has its own ``models`` or ``solver`` package first on ``sys.path`` must not
break redzone's imports (issue: generic top-level names collide with a user's modules).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "dueling-grounds.yaml"


def test_users_own_models_and_solver_packages_do_not_shadow_redzone(tmp_path: Path) -> None:
    """A user's ``models``/``solver`` packages first on the path leave redzone working."""
    for name in ("models", "solver"):
        pkg = tmp_path / name
        pkg.mkdir()
        (pkg / "__init__.py").write_text("raise ImportError('the user s own package was imported')\n")
    script = (
        "import sys, json\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "from redzone.models.scenario import load_scenario\n"
        "from redzone.models.board import build_board\n"
        "from redzone.models.attack_rules import attack_problem\n"
        "from redzone.solver.attack.solve import plan_attack\n"
        f"plan = plan_attack(attack_problem(build_board(load_scenario({str(EXAMPLE)!r}))))\n"
        "print(json.dumps(plan.attackers))\n"
        "assert 'models' not in sys.modules and 'solver' not in sys.modules\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120)
    assert proc.returncode == 0, proc.stderr
    # Dueling Grounds (only one creature attacks each combat): Juggernaut must attack (CR 508.1d).
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == {"juggernaut": "Bob"}


def test_every_package_folder_is_installed() -> None:
    """Each folder with an ``__init__.py`` under models/ and solver/ is listed in
    pyproject.toml's packages (a non-editable install would silently miss it otherwise)."""
    import tomllib

    root = Path(__file__).resolve().parent.parent
    listed = set(tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {"redzone." + ".".join(init.parent.relative_to(root).parts)
             for top in ("models", "solver") for init in (root / top).rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)
