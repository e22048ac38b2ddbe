#!/usr/bin/env bash
# Tests Stecca as a user installs it (root: it installs and removes the Debian package on this machine).
#   bash scripts/install-test.sh            makes the artifacts (scripts/package.sh), then tests them
#   bash scripts/install-test.sh --no-build tests the artifacts already in target/package/
# The package: installed with apt (so its Depends must resolve), its files in place, `stecca --version`,
# `stecca demo`, `stecca score` on README's manche, the desk opened under Xvfb from the installed desktop entry's
# Exec line until its window appears, then the package purged while the databases made before stay. The archive:
# unpacked, its install.sh into a scratch prefix, the program run from there, then --uninstall.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
started=$(date +%s)

if [ "$(id -u)" -ne 0 ]; then
  echo "install-test.sh installs a package: run it as root (as CI does)" >&2
  exit 1
fi
if [ "${1:-}" != "--no-build" ]; then
  bash scripts/package.sh
fi
deb=$(ls target/package/stecca_*_*.deb)
archive=$(ls target/package/stecca-*-linux-*.tar.gz)
version=$(dpkg-deb -f "$deb" Version)

missing=()
for p in xvfb xauth x11-utils libegl1 libgl1-mesa-dri; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

scratch=$(mktemp -d)
desk_pid=""
cleanup() {
  if [ -n "$desk_pid" ]; then kill "$desk_pid" 2>/dev/null || true; fi
  rm -rf "$scratch"
}
trap cleanup EXIT
fail() { echo "install test FAILED: $*" >&2; exit 1; }
checks=0
ok() { checks=$((checks + 1)); echo "ok: $*"; }

# A user of our own, as a referee is: a home and a data directory of theirs.
export HOME="$scratch/home"
mkdir -p "$HOME"
unset XDG_DATA_HOME XDG_CONFIG_HOME

echo "== the Debian package: $deb"
if dpkg-query -W stecca >/dev/null 2>&1; then
  apt-get purge -y -qq stecca >/dev/null
fi
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq --no-install-recommends "$repo/$deb" >/dev/null || fail "apt could not install the package"
ok "installed with its dependencies"
for f in /usr/bin/stecca /usr/share/applications/org.stecca.Stecca.desktop \
         /usr/share/metainfo/org.stecca.Stecca.metainfo.xml \
         /usr/share/icons/hicolor/scalable/apps/org.stecca.Stecca.svg \
         /usr/share/icons/hicolor/48x48/apps/org.stecca.Stecca.png \
         /usr/share/man/man1/stecca.1.gz /usr/share/man/man1/stecca-score.1.gz \
         /usr/share/doc/stecca/copyright /usr/share/doc/stecca/DejaVu-LICENSE.txt \
         /usr/share/doc/stecca/icon-LICENSE; do
  [ -f "$f" ] || fail "$f is not installed"
done
zcat /usr/share/man/man1/stecca.1.gz | grep -q '^\.TH' || fail "stecca.1 is not a manual page"
ok "program, desktop entry, metadata, icons, manual pages and licences in place"

[ "$(command -v stecca)" = /usr/bin/stecca ] || fail "stecca on PATH is $(command -v stecca)"
version_text=$(stecca --version)
echo "$version_text"
echo "$version_text" | grep -q "^stecca ${version}$" || fail "--version does not say $version"
echo "$version_text" | grep -q '^engine [0-9]' || fail "--version does not name the engine"
echo "$version_text" | grep -q '^commit [0-9a-f]\{7,\}' || fail "--version does not name the commit"
ok "stecca --version"

demo_db="$scratch/serata.db"
stecca demo --db "$demo_db" >/dev/null || fail "stecca demo"
stecca list --db "$demo_db" | grep -q . || fail "the demo tournament is not listed"
ok "stecca demo made a tournament"

manche="$scratch/manche.json"
awk '/^#+ Scoring a manche/{f=1} f&&/^```json/{p=1; next} p&&/^```/{exit} p' README.md > "$manche"
[ -s "$manche" ] || fail "README's manche was not found"
result=$(stecca score "$manche") || fail "stecca score"
# The nets the engine's own test gives this manche (crates/core/tests/it/fimj_settlement.rs).
nets=$(echo "$result" | sed -n '/"net": {/,/}/p' | tr -d ' \n')
[ "$nets" = '"net":{"Anna":-230,"Bruno":570,"Carla":-170,"Dario":-170}' ] || fail "stecca score's nets: $nets"
ok "stecca score on README's manche"

echo "== the desk from the desktop entry"
exec_line=$(sed -n 's/^Exec=//p' /usr/share/applications/org.stecca.Stecca.desktop)
[ -n "$exec_line" ] || fail "the desktop entry has no Exec line"
# A desktop entry's field codes (%f, %u, …) would be expanded to nothing for a launch without files.
exec_line=$(echo "$exec_line" | sed 's/ *%[fFuUik]//g')
window_seen="$scratch/window"
xvfb-run -a bash -c '
  '"$exec_line"' > "'"$scratch"'/desk.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 60); do
    if xwininfo -root -tree 2>/dev/null | grep -q "\"Stecca\""; then
      xwininfo -root -tree | grep "\"Stecca\"" > "'"$window_seen"'"
      break
    fi
    kill -0 $pid 2>/dev/null || break
    sleep 0.5
  done
  kill $pid 2>/dev/null
  wait $pid 2>/dev/null || true
' || true
[ -s "$window_seen" ] || { cat "$scratch/desk.log" >&2; fail "no Stecca window appeared"; }
cat "$window_seen"
ok "the desk opened a window from the entry's Exec line ($exec_line)"
desk_db="$HOME/.local/share/stecca/stecca.db"
[ -f "$desk_db" ] || fail "the desk made no database at $desk_db"

before=$(sha256sum "$demo_db" "$desk_db")
apt-get purge -y -qq stecca >/dev/null || fail "the package could not be removed"
[ ! -e /usr/bin/stecca ] || fail "/usr/bin/stecca is still there after removal"
[ ! -e /usr/share/applications/org.stecca.Stecca.desktop ] || fail "the desktop entry is still there"
after=$(sha256sum "$demo_db" "$desk_db") || fail "a database is gone after removal"
[ "$before" = "$after" ] || fail "a database changed when the package was removed"
ok "removed and purged; the databases made before are untouched"

echo "== the portable archive: $archive"
tar -C "$scratch" -xzf "$archive"
unpacked=$(ls -d "$scratch"/stecca-*-linux-*/)
for f in stecca org.stecca.Stecca.desktop icons/org.stecca.Stecca.svg README.md LICENSE-MIT LICENSE-APACHE \
         DejaVu-LICENSE.txt icon-LICENSE install.sh; do
  [ -e "$unpacked/$f" ] || fail "the archive has no $f"
done
"$unpacked/stecca" --version | grep -q "^stecca ${version}$" || fail "the archive's stecca --version"
prefix="$scratch/prefix"
PREFIX="$prefix" bash "$unpacked/install.sh" >/dev/null
"$prefix/bin/stecca" score "$manche" | grep -q '"Bruno": 570' || fail "the archive's stecca score"
grep -q "^Exec=$prefix/bin/stecca$" "$prefix/share/applications/org.stecca.Stecca.desktop" ||
  fail "the archive's desktop entry does not name the installed program"
PREFIX="$prefix" bash "$unpacked/install.sh" --uninstall >/dev/null
left=$(find "$prefix" -type f | wc -l)
[ "$left" -eq 0 ] || fail "--uninstall left $left files"
[ -f "$demo_db" ] || fail "the archive's uninstall touched a database"
ok "archive unpacked, installed for a user, run and uninstalled"

echo "install test: $checks passed, 0 failed ($(( $(date +%s) - started )) s)"
