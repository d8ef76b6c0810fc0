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
