#!/usr/bin/env bash
# The course's one entry point: sets up everything it needs, then opens the course or tests it.
#
#   bash scripts/course.sh lab     set up, then open the course in JupyterLab (first notebook)
#   bash scripts/course.sh lab --ja    the same, the Japanese edition (日本語版, notebooks/ja)
#   bash scripts/course.sh test    set up, then run the whole test suite, lane by lane
#   bash scripts/course.sh test --lane unit|notebooks|browser|site|lite    set up, then one lane
#   bash scripts/course.sh setup   only set up (everything the tests need but Chromium)
#   bash scripts/course.sh site    set up, then build the course as a static website into
#                                  site/_build/html (works offline, from file:// or any server),
#                                  with the JupyterLite edition in its lite/ folder (needs a
#                                  server); --no-lite leaves it out
#   bash scripts/course.sh lite    set up, then build the JupyterLite edition (the notebooks
#                                  running in the browser, no server) into lite/_output
#   bash scripts/course.sh worksheet [--seed N --count N --depth D --branching B --cutoff '>='
#                                  --order given|reversed --failure hard|soft --kinds ...]
#                                  printable pruning worksheets with answer keys (versions A
#                                  and B, HTML and PDF; also students' copies without the key)
#                                  into worksheets/; prints the paths (--language ja: Japanese)
#                                  --topic mcts: Monte Carlo tree search sheets (UCT selection,
#                                  backup) with keys
#   bash scripts/course.sh slides [NN ...]   set up, then build every notebook (or the ones
#                                  named, e.g. 03) as a reveal.js slide deck into
#                                  slides/_build, the Japanese edition's into slides/_build/ja
#                                  (--language en|ja: one; offline; reveal.js from npm, pinned
#                                  by slides/package-lock.json); prints where
#   bash scripts/course.sh tournament FOLDER_OF_PLAYERS [--game othello|reversi4x4|tictactoe
#                                  --move-seconds 0.05 --bank 1 --openings 2
#                                  --schedule round-robin|swiss --rounds N --ladder --jobs N
#                                  --dask ADDRESS --out FOLDER --seed N]
#                                  set up, then play a class tournament between the player
#                                  files of the folder (and the course's ladder) in parallel;
#                                  results in OUT/results.jsonl (the same command resumes a
#                                  stopped tournament), the leaderboard in OUT/leaderboard
#   bash scripts/course.sh player check|play my_player.py ...   set up, then check a
#                                  student's player file before it is submitted
#   bash scripts/course.sh player sprt A.py B.py --elo0 0 --elo1 50   set up, then test
#                                  whether A is stronger than B (SPRT on game pairs)
#   bash scripts/course.sh progress FOLDER [--csv FILE --chart FILE --language en|ja]
#                                  set up, then the class view of a folder of the trainer's
#                                  exported progress files: the skills the class finds
#                                  hardest, the files left out (tampered, duplicate, ...)
#                                  and why; the students × skills table as CSV, the chart
#   bash scripts/course.sh mutants MODULE [--tests FILE ... --jobs N --goal PERCENT]
#                                  set up, then mutation testing (mutmut) of one module or
#                                  package under gamelib/ with only the tests that cover it
#                                  (scripts/mutants.py lists them), at low priority; prints
#                                  the share of mutants killed and each survivor's diff (slow:
#                                  minutes to an hour a module; not part of `test`)
#
# Set-up is idempotent and quick the second time: a project virtual environment in .venv,
# the Python packages (`lab`: the course's, requirements.txt; `test` and `setup`: also the
# tests' and checks', requirements-dev.txt; reinstalled only when a requirement file or
# pyproject.toml changes; `site` and `test` also the website's, requirements-site.txt),
# gamelib installed editable, Graphviz's `dot` (apt-get, when root
# or passwordless sudo), for tests also Debian's Chromium for the real-browser tests, and
# nbstripout as a git filter.
#
# The test lanes, in order (extra arguments go to pytest in each lane):
#   unit       tests/ without the browser, gamelib's doctests and the README's examples;
#              hypothesis with the thorough `ci` profile (HYPOTHESIS_PROFILE=dev: quick)
#   notebooks  every course notebook run top to bottom (nbmake)
#   browser    JupyterLab driven in headless Chromium (Playwright)
#   site       builds the website (site/build.py), then opens every page in headless Chromium
#              with the network blocked (tests/browser/test_site*.py)
#   lite       builds the JupyterLite edition (lite/build.py), then runs every notebook in it in
#              headless Chromium, offline, and follows the website's links to it
#              (tests/browser/test_lite.py; the links need the site lane's build)
# Each lane's time is printed at the end, then one closing line with the totals.
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

# The Python packages of one level: "course" (requirements.txt), "dev" (requirements-dev.txt,
# which includes requirements.txt) or "site" (requirements-site.txt, which includes
# requirements.txt), then gamelib itself, editable. A stamp per level records the hash of the
# files it was installed from.
install_packages() {
  local level="$1" requirements
  case "$level" in
    course) requirements=(requirements.txt) ;;
    dev) requirements=(requirements.txt requirements-dev.txt) ;;
    site) requirements=(requirements.txt requirements-site.txt) ;;
    lite) requirements=(requirements.txt lite/requirements.txt) ;;
  esac
  local stamp="$VENV/.setup-stamp-$level" wanted
  wanted="$(cat "${requirements[@]}" pyproject.toml | sha256sum | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    return 0
  fi
  local last="${requirements[${#requirements[@]}-1]}"
  say "installing the Python packages ($last) and gamelib"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r "$last"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e .
  echo "$wanted" >"$stamp"
  if [ "$level" != course ]; then
    # the development and the website's packages include the course's: so is the course level
    cat requirements.txt pyproject.toml | sha256sum | cut -d' ' -f1 >"$VENV/.setup-stamp-course"
  fi
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

install_bubblewrap() {
  # The tournament's referee runs each student's player in a bubblewrap sandbox on Linux
  # (no network, its own process namespace, a read-only view of Python and gamelib).
  [ "$(uname -s)" = Linux ] || return 0
  command -v bwrap >/dev/null 2>&1 && return 0
  say "bubblewrap ('bwrap') is missing: installing it with apt-get (the referee's sandbox)"
  apt_install bubblewrap || {
    say "could not install bubblewrap: the referee will run players with resource limits alone,"
    say "not isolated from this machine's files. Install it: 'sudo apt-get install bubblewrap'."
  }
}

install_chromium() {
  command -v chromium >/dev/null 2>&1 && return 0
  say "Chromium is missing (needed by the real-browser test): installing Debian's chromium"
  apt_install chromium || apt_install chromium-browser || {
    say "could not install Chromium: the browser test will fail. Install it: 'sudo apt-get install chromium'."
  }
}

install_pdf_tools() {
  # Worksheets are printed by Chromium; their test reads the PDF pages with poppler-utils.
  install_chromium
  command -v pdftoppm >/dev/null 2>&1 && return 0
  say "pdftoppm is missing (needed by the worksheet test): installing Debian's poppler-utils"
  apt_install poppler-utils || {
    say "could not install poppler-utils: the worksheet PDF test is skipped. Install it: 'sudo apt-get install poppler-utils'."
  }
}

install_node() {
  # The trainer page's agreement test runs its JavaScript under Node.js.
  command -v node >/dev/null 2>&1 && return 0
  say "Node.js is missing (needed by the trainer page's test): installing Debian's nodejs"
  apt_install nodejs || {
    say "could not install Node.js: the trainer test will fail. Install it: 'sudo apt-get install nodejs'."
  }
}

install_reveal() {
  # The slide decks use reveal.js from npm (slides/package.json, pinned by its lock file),
  # installed into slides/node_modules; again only when the lock file changes.
  local stamp="slides/node_modules/.installed-lock-sha256" wanted
  wanted="$(sha256sum slides/package-lock.json | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    return 0
  fi
  if ! command -v npm >/dev/null 2>&1; then
    say "npm is missing (it installs reveal.js for the slides): installing Debian's nodejs and npm"
    apt_install nodejs npm || {
      say "could not install npm: the slides cannot be built. Install it: 'sudo apt-get install npm'."
      return 1
    }
  fi
  say "installing reveal.js for the slides (npm ci in slides/)"
  (cd slides && npm ci --no-audit --no-fund --loglevel=error)
  echo "$wanted" >"$stamp"
}

install_axe() {
  # The browser tests' accessibility check runs axe-core from npm (tests/browser/package.json,
  # pinned by its lock file), installed into tests/browser/node_modules; again only when the
  # lock file changes. Playwright injects it into each page, so nothing is fetched at test time.
  local stamp="tests/browser/node_modules/.installed-lock-sha256" wanted
  wanted="$(sha256sum tests/browser/package-lock.json | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    return 0
  fi
  install_npm || return 1
  say "installing axe-core for the accessibility checks (npm ci in tests/browser/)"
  (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
  echo "$wanted" >"$stamp"
}

install_notebook_filter() {
  # Notebooks are committed without outputs: nbstripout as a git filter for this checkout.
  if [ -d .git ] && [ -x "$VENV/bin/nbstripout" ] &&
     ! git config --get filter.nbstripout.clean 2>/dev/null | grep -q -- --keep-id; then
    # --keep-id: the cell ids stay as written (the Japanese edition is matched to the English
    # one cell by cell, by id)
    "$VENV/bin/nbstripout" --install >/dev/null 2>&1 &&
      git config filter.nbstripout.clean "'$VENV/bin/python' -m nbstripout --keep-id" || true
  fi
}

install_cjk_font() {
  # The Japanese edition's drawings, widgets and messages need a font with Japanese glyphs.
  command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=ja family 2>/dev/null)" ] && return 0
  say "no Japanese font found: installing Debian's fonts-noto-cjk"
  if apt_install fonts-noto-cjk; then
    # matplotlib (the drawings' fallback where Graphviz is missing) lists the fonts once and
    # keeps the list: drop it, so that the next drawing sees the new font.
    rm -f "${MPLCONFIGDIR:-$HOME/.config/matplotlib}"/fontlist-*.json "$HOME"/.cache/matplotlib/fontlist-*.json
  else
    say "could not install fonts-noto-cjk: Japanese text may show as boxes. Install it: 'sudo apt-get install fonts-noto-cjk'."
  fi
}

setup() {
  local level="$1"
  make_venv
  install_packages "$level"
  install_graphviz
  install_bubblewrap
  install_cjk_font
  install_notebook_filter
}

LANES=(unit notebooks browser site lite)
SUMMARIES=()
FAILURES=()
FAILED=0

# Run one lane's pytest, print its output, remember its closing line and time.
run_lane() {
  local lane="$1"
  shift
  local arguments=()
  case "$lane" in
    unit) arguments=(tests gamelib README.md -m "not browser" --numprocesses=auto --dist loadfile) ;;
    notebooks) arguments=(notebooks --nbmake --nbmake-timeout=60 --numprocesses=auto) ;;
    browser) arguments=(tests/browser -m browser --ignore-glob="*/test_site*.py" --ignore-glob="*/test_lite.py" --ignore-glob="*/test_lite_speed.py") ;;
    lite) arguments=(tests/browser/test_lite.py tests/browser/test_lite_speed.py -m browser) ;;
    site) arguments=(tests/browser/test_site_build.py tests/browser/test_site.py tests/browser/test_site_drawings.py tests/browser/test_site_accessibility.py tests/browser/test_site_tournament.py -m browser) ;;
  esac
  # the 15 slowest tests (set-ups and tear-downs too) in the log: where a lane's time goes
  arguments+=(--durations=15)
  [ -t 1 ] && arguments+=(--color=yes)
  say "lane $lane: pytest ${arguments[*]} $*"
  local log start status
  log="$(mktemp)"
  start="$(date +%s)"
  if { [ "$lane" = site ] && ! build_site; } || { [ "$lane" = lite ] && ! build_lite; }; then
    FAILED=1
    SUMMARIES+=("$(printf '%-9s %4d s   %s' "$lane" "$(($(date +%s) - start))" "the $lane build failed")")
    rm -f "$log"
    return 0
  fi
  set +e
  HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-ci}" "$VENV/bin/python" -m pytest \
    "${arguments[@]}" "$@" 2>&1 | tee "$log"
  status="${PIPESTATUS[0]}"
  set -e
  local seconds=$(($(date +%s) - start))
  local closing
  closing="$(sed -e 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^(=+ )?[0-9]+ [a-z].* in [0-9.]+s' | tail -n 1 |
    sed -E 's/^=+ //; s/ =+$//' || true)"
  # each failure's one-line summary, repeated at the very end of the log (a long log's middle
  # may be cut where it is shown; its end is kept)
  local failure
  while IFS= read -r failure; do
    FAILURES+=("$lane: ${failure:0:700}")
  done < <(sed -e 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^(FAILED|ERROR) ' || true)
  rm -f "$log"
  # exit code 5: no test selected, which is fine when extra arguments narrowed the selection
  if [ "$status" -ne 0 ] && ! { [ "$status" -eq 5 ] && [ "$#" -gt 0 ]; }; then
    FAILED=1
  fi
  SUMMARIES+=("$(printf '%-9s %4d s   %s' "$lane" "$seconds" "${closing:-exit code $status}")")
}

# Add up the closing lines of the lanes ("12 passed, 1 skipped in 3.1s") into one.
closing_line() {
  local total_seconds="$1"
  printf '%s\n' "${SUMMARIES[@]}" | { grep -oE '[0-9]+ [a-z]+' || true; } |
    awk -v seconds="$total_seconds" '
      { count[$2] += $1; if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 } }
      END {
        line = ""
        for (i = 1; i <= n; i++) {
          if (order[i] == "s") continue
          line = line (line == "" ? "" : ", ") count[order[i]] " " order[i]
        }
        if (line == "") line = "no tests ran"
        printf "==================== %s in %ss (all lanes) ====================\n", line, seconds
      }'
}

# npm, which installs the JupyterLite edition's npm packages (lite/package-lock.json).
install_npm() {
  install_node
  command -v npm >/dev/null 2>&1 || apt_install npm || {
    say "npm is missing and could not be installed: 'sudo apt-get install npm', then retry."
    return 1
  }
}

# Build the JupyterLite edition into lite/_output (from scratch; npm packages from lite's lock).
build_lite() {
  install_npm || return 1
  say "building the JupyterLite edition: lite/build.py $*"
  "$VENV/bin/python" lite/build.py "$@"
}

# Build the website into site/_build/html (notebooks executed, cached between builds), with
# the JupyterLite edition in site/_build/html/lite.
build_site() {
  install_npm || return 1
  say "building the website: site/build.py $*"
  "$VENV/bin/python" site/build.py "$@"
}

command="${1:-}"
case "$command" in
  setup)
    setup dev
    ;;
  lab)
    setup course
    shift
    first=notebooks/00_welcome.ipynb
    if [ "${1:-}" = --ja ]; then  # the Japanese edition (日本語版): notebooks/ja
      first=notebooks/ja/00_welcome.ipynb
      shift
    fi
    say "opening the course in JupyterLab: $first"
    extra=()
    [ "$(id -u)" -eq 0 ] && extra+=(--allow-root)
    exec "$VENV/bin/jupyter" lab --notebook-dir="$ROOT" "${extra[@]}" "$@" "$first"
    ;;
  site)
    shift
    setup course
    install_packages site
    install_packages lite
    install_reveal || say "reveal.js could not be installed: the website is built without the slide decks"
    build_site "$@"
    say "the website is in site/_build/html: open site/_build/html/index.html, or serve the folder"
    say "(the 'Run in your browser' links need a server, e.g."
    say "'.venv/bin/python -m http.server -d site/_build/html 8000', then http://127.0.0.1:8000/)"
    ;;
  worksheet)
    shift
    setup course
    install_chromium
    "$VENV/bin/python" -m gamelib.worksheets "$@"
    ;;
  slides)
    shift
    setup course
    install_reveal
    "$VENV/bin/python" slides/build.py "$@"
    say "the slides are in slides/_build: open slides/_build/index.html (→ / ← change slides and"
    say "step the animations, S opens the speaker view, F goes full screen)"
    ;;
  lite)
    shift
    setup course
    install_packages lite
    build_lite "$@"
    say "the JupyterLite edition is in lite/_output: serve that folder with any static server,"
    say "e.g. '.venv/bin/python -m http.server -d lite/_output 8000', then open http://127.0.0.1:8000/"
    ;;
  tournament)
    shift
    setup course  # bubblewrap included: the referee's sandbox
    "$VENV/bin/python" -m gamelib.tournament "$@"
    ;;
  player)
    shift
    setup course  # bubblewrap included: the referee's sandbox
    "$VENV/bin/python" -m gamelib.tournament.check "$@"
    ;;
  progress)
    shift
    setup course
    "$VENV/bin/python" -m gamelib.mastery "$@"
    ;;
  mutants)
    shift
    setup dev
    exec nice -n 10 "$VENV/bin/python" scripts/mutants.py "$@"
    ;;
  test)
    shift
    lanes=("${LANES[@]}")
    if [ "${1:-}" = "--lane" ]; then
      case "${2:-}" in
        unit | notebooks | browser | site | lite) lanes=("$2") ;;
        *)
          echo "usage: bash scripts/course.sh test [--lane unit|notebooks|browser|site|lite] [pytest arguments]" >&2
          exit 2
          ;;
      esac
      shift 2
    fi
    setup dev
    [[ " ${lanes[*]} " == *" unit "* ]] && install_node
    [[ " ${lanes[*]} " == *" unit "* ]] && install_pdf_tools
    # The unit lane reads the notebooks' Markdown with markdown-it and collects the site's build
    # tests (docutils): both come with the website's packages.
    [[ " ${lanes[*]} " == *" unit "* ]] && install_packages site
    [[ " ${lanes[*]} " == *" site "* ]] && install_packages site && install_packages lite
    [[ " ${lanes[*]} " == *" lite "* ]] && install_packages lite && install_chromium
    [[ " ${lanes[*]} " == *" browser "* || " ${lanes[*]} " == *" site "* ]] && install_chromium
    # reveal.js: the browser lane's decks, and the decks the website publishes
    [[ " ${lanes[*]} " =~ " "(browser|site)" " ]] && { install_reveal || true; }
    [[ " ${lanes[*]} " =~ " "(browser|site|lite)" " ]] && { install_axe || true; }
    started="$(date +%s)"
    for lane in "${lanes[@]}"; do
      run_lane "$lane" "$@"
    done
    if [ "${#FAILURES[@]}" -gt 0 ]; then
      say "failures:"
      printf '  %s\n' "${FAILURES[@]}"
    fi
    say "time per lane:"
    printf '  %s\n' "${SUMMARIES[@]}"
    closing_line "$(($(date +%s) - started))"
    exit "$FAILED"
    ;;
  *)
    echo "usage: bash scripts/course.sh lab|site|lite|worksheet|slides|tournament|player|progress|mutants MODULE|test [--lane unit|notebooks|browser|site|lite]|setup" >&2
    exit 2
    ;;
esac
