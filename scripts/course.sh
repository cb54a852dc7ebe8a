#!/usr/bin/env bash
# The course's one entry point: sets up everything it needs, then opens the course or tests it.
#
#   bash scripts/course.sh lab     set up, then open the course in JupyterLab (first notebook)
#   bash scripts/course.sh test    set up, then run the whole test suite
#   bash scripts/course.sh setup   only set up
#
# Set-up is idempotent and quick the second time: a project virtual environment in .venv,
# the Python packages of requirements.txt (reinstalled only when that file changes), gamelib
# installed editable, Graphviz's `dot` (apt-get, when root or passwordless sudo), for tests
# also Debian's Chromium for the real-browser test, and nbstripout as a git filter.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
cd "$ROOT"

say() { printf '\033[1m[course]\033[0m %s\n' "$*"; }

find_python() {
  for candidate in "${PYTHON:-}" python3.13 python3.12 python3.11 python3; do
    [ -n "$candidate" ] || continue
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      command -v "$candidate"
      return 0
    fi
  done
  return 1
}

# Run a command as root: directly when we are root, through passwordless sudo otherwise.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo "$@"
  else
    return 1
  fi
}

APT_UPDATED=0
apt_install() {
  command -v apt-get >/dev/null 2>&1 || return 1
  if [ "$APT_UPDATED" -eq 0 ]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || return 1
    APT_UPDATED=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

make_venv() {
  if [ -x "$VENV/bin/python" ]; then
    return 0
  fi
  local python
  python="$(find_python)" || {
    say "Python 3.11 or newer is needed; none was found (set PYTHON=/path/to/python3.11)."
    exit 1
  }
  say "creating the virtual environment .venv with $python"
  if ! "$python" -m venv "$VENV" 2>/dev/null; then
    rm -rf "$VENV"
    local version
    version="$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
    say "python's venv module is missing: installing python${version}-venv"
    apt_install "python${version}-venv" || apt_install python3-venv || {
      say "could not install the venv module: run 'sudo apt-get install python3-venv' and retry."
      exit 1
    }
    "$python" -m venv "$VENV"
  fi
}

install_packages() {
  local stamp="$VENV/.setup-stamp" wanted
  wanted="$(cat requirements.txt pyproject.toml | sha256sum | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    return 0
  fi
  say "installing the Python packages (requirements.txt) and gamelib"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r requirements.txt
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps -e .
  echo "$wanted" >"$stamp"
}

install_graphviz() {
  command -v dot >/dev/null 2>&1 && return 0
  say "Graphviz ('dot') is missing: installing it with apt-get"
  if apt_install graphviz; then
    return 0
  fi
  say "could not install Graphviz (no root or sudo?). The drawings fall back to matplotlib;"
  say "for the real thing: 'sudo apt-get install graphviz' or 'conda install -c conda-forge python-graphviz'."
}

install_chromium() {
  command -v chromium >/dev/null 2>&1 && return 0
  say "Chromium is missing (needed by the real-browser test): installing Debian's chromium"
  apt_install chromium || apt_install chromium-browser || {
    say "could not install Chromium: the browser test will fail. Install it: 'sudo apt-get install chromium'."
  }
}

install_notebook_filter() {
  # Notebooks are committed without outputs: nbstripout as a git filter for this checkout.
  if [ -d .git ] && ! git config --get filter.nbstripout.clean >/dev/null 2>&1; then
    "$VENV/bin/nbstripout" --install >/dev/null 2>&1 || true
  fi
}

setup() {
  make_venv
  install_packages
  install_graphviz
  install_notebook_filter
}

command="${1:-}"
case "$command" in
  setup)
    setup
    ;;
  lab)
    setup
    shift
    say "opening the course in JupyterLab"
    extra=()
    [ "$(id -u)" -eq 0 ] && extra+=(--allow-root)
    exec "$VENV/bin/jupyter" lab --notebook-dir="$ROOT" "${extra[@]}" "$@" notebooks/00_welcome.ipynb
    ;;
  test)
    setup
    install_chromium
    shift
    say "running the test suite"
    exec "$VENV/bin/python" -m pytest tests --nbmake notebooks --nbmake-timeout=60 "$@"
    ;;
  *)
    echo "usage: bash scripts/course.sh lab|test|setup" >&2
    exit 2
    ;;
esac
