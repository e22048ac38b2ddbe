#!/usr/bin/env bash
# Installs Stecca from the portable archive for one user (default ~/.local) or, with PREFIX=/usr/local and as
# root, for everyone: the program, its desktop entry and icon (so it appears among the applications) and its
# manual page. Nothing else is touched; `install.sh --uninstall` removes exactly these files again. The
# referees' databases live in the data directory (~/.local/share/stecca) and are never removed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
prefix="${PREFIX:-$HOME/.local}"
id=org.stecca.Stecca
files=("bin/stecca" "share/applications/$id.desktop" "share/metainfo/$id.metainfo.xml"
       "share/icons/hicolor/scalable/apps/$id.svg")
for size in 16 32 48 64 128 256; do files+=("share/icons/hicolor/${size}x${size}/apps/$id.png"); done
for page in "$here"/man/*.1.gz; do files+=("share/man/man1/$(basename "$page")"); done

if [ "${1:-}" = "--uninstall" ]; then
  for f in "${files[@]}"; do rm -f "$prefix/$f"; done
  echo "Stecca removed from $prefix (databases in the data directory are kept)."
  exit 0
fi

install -D -m 755 "$here/stecca" "$prefix/bin/stecca"
# The launcher names the installed program by its full path: a desktop's menu may not search ~/.local/bin.
mkdir -p "$prefix/share/applications"
sed "s|^Exec=stecca\$|Exec=$prefix/bin/stecca|" "$here/$id.desktop" > "$prefix/share/applications/$id.desktop"
install -D -m 644 "$here/$id.metainfo.xml" "$prefix/share/metainfo/$id.metainfo.xml"
install -D -m 644 "$here/icons/$id.svg" "$prefix/share/icons/hicolor/scalable/apps/$id.svg"
for size in 16 32 48 64 128 256; do
  install -D -m 644 "$here/icons/hicolor/${size}x${size}/apps/$id.png" \
    "$prefix/share/icons/hicolor/${size}x${size}/apps/$id.png"
done
for page in "$here"/man/*.1.gz; do install -D -m 644 "$page" "$prefix/share/man/man1/$(basename "$page")"; done
echo "Stecca installed in $prefix: run $prefix/bin/stecca, or open it from the applications menu."
