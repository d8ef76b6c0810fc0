# Shared by scripts/run and scripts/test: make .venv with Python >= 3.10 and install the
# project into it with the extras named in $EXTRAS. Sourced, not run.
PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
  echo "periodic_edu needs Python 3.10 or newer; set PYTHON=/path/to/python3.x" >&2
  exit 2
fi
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
  .venv/bin/python -m pip install --quiet --upgrade pip
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[$EXTRAS]"
# The package's bytecode, written now: an editable install compiles nothing, and where
# PYTHONDONTWRITEBYTECODE is set (containers, CI) every kernel would compile the package from
# source as it starts (0.13 s of a dashboard kernel's 0.68 s of CPU, each visitor's).
.venv/bin/python -m compileall -q -j 0 periodic_edu
