#!/usr/bin/env bash
# Renders the icon's PNG sizes for the hicolor theme from the SVG (rsvg-convert, Debian's librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")"
for size in 16 32 48 64 128 256; do
  mkdir -p "hicolor/${size}x${size}/apps"
  rsvg-convert -w "$size" -h "$size" org.stecca.Stecca.svg -o "hicolor/${size}x${size}/apps/org.stecca.Stecca.png"
done
