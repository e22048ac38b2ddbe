#!/usr/bin/env python3
"""Reference scorer for Stecca's MCR evaluator: PyMahjongGB (PyPI `PyMahjongGB`, import name `MahjongGB`).

Reads wins as JSON lines on standard input (written by `stecca_core::rules::mcr::reference::to_json`, tiles in
the library's codes: W characters, T bamboo, B dots, F1-F4 winds, J1 red J2 green J3 white) and writes one JSON
line per win: the library's fan as [points, Chinese name] pairs, or its error.

The deliberate differences (the rule book against the library, `docs/rules/mcr.md`) are classified by the Rust
side, not hidden here. Exit status 3 with a message when the library is missing, so that the caller can say so.
"""

import json
import sys
import time

try:
    from MahjongGB import MahjongFanCalculator
except ImportError as error:  # pragma: no cover - reported to the caller
    print(f"PyMahjongGB is missing: {error} (pip install PyMahjongGB)", file=sys.stderr)
    sys.exit(3)

# Seconds spent inside the library and hands evaluated, reported on standard error at the end.
TIMING = [0.0, 0]


def evaluate(win):
    pack = tuple((kind, tile, offer) for kind, tile, offer in win["pack"])
    start = time.perf_counter()
    try:
        fans = MahjongFanCalculator(
            pack,
            tuple(win["hand"]),
            win["win"],
            win["flowers"],
            win["self_drawn"],
            win["fourth_tile"],
            win["about_kong"],
            win["wall_last"],
            win["seat"],
            win["prevalent"],
        )
    except TypeError as error:
        return {"id": win["id"], "error": str(error)}
    finally:
        TIMING[0] += time.perf_counter() - start
        TIMING[1] += 1
    return {"id": win["id"], "fans": [[points, name] for points, name in fans]}


def main():
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(evaluate(json.loads(line)), ensure_ascii=False))
    sys.stdout.flush()
    print(f"library: {TIMING[1]} hands in {TIMING[0]:.3f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
