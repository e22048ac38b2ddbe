#!/usr/bin/env bash
# Builds Stecca's installable artifacts into target/package/:
#   stecca_VERSION_amd64.deb              the Debian package (cargo-deb)
#   stecca-VERSION-linux-x86_64.tar.gz    a portable archive for machines without dpkg
# Installs what it needs when missing: Debian's dpkg-dev (dpkg-shlibdeps for the package's Depends),
# desktop-file-utils and appstream (to validate the desktop entry and the metadata), and cargo-deb from crates.io.
set -euo pipefail
cd "$(dirname "$0")/.."

CARGO_DEB_VERSION=3.8.0
out=target/package
# Cargo says the version and where it builds (CARGO_TARGET_DIR, or build.target-dir in a .cargo/config.toml, moves the
# target directory away from ./target, and the binary with it). Its JSON is read with sed, which every Debian system has
# (an essential package), where jq and python3 may be missing on a minimal build machine; cargo writes that JSON on
# one line without spaces, and a path that needs escaping in JSON (a quote or a backslash) is refused below rather
# than read wrong.
metadata=$(cargo metadata --no-deps --format-version 1 --locked)
version=$(printf '%s\n' "$metadata" | sed -n 's/.*"name":"stecca","version":"\([^"]*\)".*/\1/p')
if [ -z "$version" ]; then
  echo "package.sh: could not read stecca's version from cargo metadata" >&2
  exit 1
fi
target_dir=$(printf '%s\n' "$metadata" | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
case "$target_dir" in
  /*\\*) echo "package.sh: the target directory's path has a quote or a backslash: $target_dir" >&2; exit 1 ;;
  /*) ;;
  *) echo "package.sh: could not read the target directory from cargo metadata" >&2; exit 1 ;;
esac
binary="$target_dir/release/stecca"
arch=$(dpkg --print-architecture 2>/dev/null || echo amd64)

missing=()
for p in dpkg-dev desktop-file-utils appstream; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_=""; [ "$(id -u)" -eq 0 ] || sudo_=sudo
  export DEBIAN_FRONTEND=noninteractive
  $sudo_ apt-get update -qq
  $sudo_ apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if ! cargo deb --version 2>/dev/null | grep -q "$CARGO_DEB_VERSION"; then
  echo "installing cargo-deb $CARGO_DEB_VERSION from crates.io"
  cargo install cargo-deb --locked --version "$CARGO_DEB_VERSION"
fi

echo "checking the desktop entry and the AppStream metadata"
desktop-file-validate packaging/linux/org.stecca.Stecca.desktop
appstreamcli validate --no-net packaging/linux/org.stecca.Stecca.metainfo.xml

echo "building the release binary"
cargo build --release --locked
rm -rf "$out"
mkdir -p "$out/man"
echo "writing the manual pages from the command line's help"
"$binary" man "$out/man" >/dev/null
gzip -9n "$out"/man/*.1

echo "making the Debian package"
cargo deb --no-build --locked --output "$out/stecca_${version}_${arch}.deb"

echo "making the portable archive"
name="stecca-${version}-linux-$(uname -m)"
stage="$out/$name"
mkdir -p "$stage/man" "$stage/icons"
install -m 755 "$binary" "$stage/stecca"
strip "$stage/stecca" 2>/dev/null || true
install -m 644 packaging/linux/org.stecca.Stecca.desktop packaging/linux/org.stecca.Stecca.metainfo.xml "$stage/"
cp -r packaging/icons/hicolor "$stage/icons/"
install -m 644 packaging/icons/org.stecca.Stecca.svg "$stage/icons/"
install -m 644 "$out"/man/*.1.gz "$stage/man/"
install -m 644 README.md LICENSE-MIT LICENSE-APACHE crates/desk/assets/fonts/DejaVu-LICENSE.txt "$stage/"
install -m 644 packaging/icons/LICENSE "$stage/icon-LICENSE"
install -m 755 packaging/linux/install.sh "$stage/install.sh"
tar -C "$out" --owner=0 --group=0 --numeric-owner -czf "$out/$name.tar.gz" "$name"
rm -rf "$stage"

echo "made:"
ls -l "$out"/*.deb "$out"/*.tar.gz
