#!/usr/bin/env python3
"""Side-by-side: Stecca's exact decomposition vs the Python `mahjong` package's HandDivider.

Feeds the same 10,000 distinct complete 14-tile hands to both, checks that both find the same number of
arrangements for every hand, and prints both speeds and the ratio.

Run from the repository root:  python3 benches/compare_mahjong.py
(installs `mahjong` from PyPI if missing, builds the Rust helper in release mode).
"""
import json
import os
import subprocess
import sys
import tempfile
import time

try:
    from mahjong.hand_calculating.divider import HandDivider
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "mahjong"], check=True)
    from mahjong.hand_calculating.divider import HandDivider

import mahjong.hand_calculating.divider as divider_module
from importlib.metadata import version


def run_helper(*args):
    cmd = ["cargo", "run", "--quiet", "--release", "--example", "decompose_compare", "--", *args]
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def main():
    hands_file = os.path.join(tempfile.mkdtemp(), "hands.txt")
    run_helper("write", "10000", hands_file)
    with open(hands_file) as f:
        hands = [[int(x) for x in line.split()] for line in f if line.strip()]

    ours = json.loads(run_helper("time", hands_file))

    HandDivider._divide_hand_impl.cache_clear()  # the package memoises 128 hands; start cold
    start = time.perf_counter()
    theirs = [HandDivider.divide_hand(h) for h in hands]
    py_seconds = time.perf_counter() - start
    py_rate = len(hands) / py_seconds

    mismatches = [i for i, (a, b) in enumerate(zip(ours["arrangements"], theirs)) if a != len(b)]
    print(f"hands: {len(hands)} complete 14-tile hands (same file for both)")
    print(f"python mahjong {version('mahjong')} HandDivider: {py_rate:,.0f} hands/s ({py_seconds:.3f} s)")
    print(f"stecca decompose::complete:   {ours['hands_per_second']:,.0f} hands/s "
          f"({ours['rounds']} rounds, {ours['seconds']:.3f} s)")
    print(f"ratio: {ours['hands_per_second'] / py_rate:,.0f}x")
    print(f"arrangement counts agree on {len(hands) - len(mismatches)} of {len(hands)} hands")
    if mismatches:
        i = mismatches[0]
        print(f"first mismatch: hand {i} {hands[i]}: stecca {ours['arrangements'][i]}, python {len(theirs[i])}")
        sys.exit(1)


if __name__ == "__main__":
    main()
