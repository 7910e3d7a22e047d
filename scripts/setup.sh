#!/usr/bin/env bash
# Set up the kit in .venv (idempotent). With --test, also the system packages the
# test suite needs: Debian's chromium (browser tests) and postgresql (recording).
# Works on a fresh Debian machine with Python 3.11 and root.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's own python3 (built with PGO/LTO, ~20% faster here than a plain source
# build) when it is 3.11 or newer; else whatever python3 is first on PATH.
# PYTHON=... overrides.
if [[ -z "${PYTHON:-}" ]]; then
  PYTHON=python3
  if [[ -x /usr/bin/python3 ]] && /usr/bin/python3 -c \
      'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    PYTHON=/usr/bin/python3
  fi
fi

need_apt=()
if ! "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1; then
  need_apt+=(python3-venv)
fi
if [[ "${1:-}" == "--test" ]]; then
  command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need_apt+=(postgresql)
fi
if ((${#need_apt[@]})); then
  echo "setup: installing Debian packages: ${need_apt[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

if [[ ! -x .venv/bin/python ]]; then
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.installed
if [[ ! -f $stamp || pyproject.toml -nt $stamp ]]; then
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e ".[test]"
  touch "$stamp"
fi
