#!/usr/bin/env python3
"""Reference scorer for Stecca's Riichi evaluator: the `mahjong` library (MahjongRepository/mahjong).

Reads wins as JSON lines on standard input (written by `stecca_core::rules::riichi::reference::to_json`) and
writes one JSON line per win: the library's han, fu and payments, or its error. Tiles arrive in the library's
34-index (man 0-8, pin 9-17, sou 18-26, E S W N, haku hatsu chun); this script gives each a physical copy
(136-index), the red five being copy 0 of its five as the library expects.

The library is configured for the EMA Riichi Competition Rules 2016: open tanyao, no double yakuman,
13+ han counted as sanbaiman, pinfu tsumo 20 fu, open pinfu 30 fu; kiriage and red fives as each win says.
The deliberate differences left (cumulative yakuman) are classified by the Rust side, not hidden here.

Exit status 3 with a message when the library is missing, so that the caller can say so.
"""

import json
import sys
import time

try:
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld
except ImportError as error:  # pragma: no cover - reported to the caller
    print(f"the mahjong library is missing: {error} (pip install mahjong)", file=sys.stderr)
    sys.exit(3)

FIVES = (4, 13, 22)
# Seconds spent inside the library and hands evaluated, reported on standard error at the end.
TIMING = [0.0, 0]
MELD_TYPES = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN}


class Copies:
    """Hands out 136-indices: the red five gets copy 0, plain fives the others first."""

    def __init__(self, red):
        self.used = set()
        self.red_left = set(red)

    def take(self, kind):
        if kind in self.red_left:
            self.red_left.discard(kind)
            order = (0, 1, 2, 3)
        elif kind in FIVES:
            order = (1, 2, 3, 0)
        else:
            order = (0, 1, 2, 3)
        for copy in order:
            tile = kind * 4 + copy
            if tile not in self.used:
                self.used.add(tile)
                return tile
        raise ValueError(f"a fifth copy of {kind}")


def evaluate(win):
    copies = Copies(win["red"])
    melds = []
    tiles = []
    for meld in win["melds"]:
        ids = [copies.take(kind) for kind in meld["tiles"]]
        tiles.extend(ids)
        melds.append(Meld(meld_type=MELD_TYPES[meld["type"]], tiles=ids, opened=meld["opened"]))
    tiles.extend(copies.take(kind) for kind in win["concealed"])
    win_tile = copies.take(win["win"])
    tiles.append(win_tile)
    # Indicators are physical tiles too, but the library only reads their kind.
    dora = [kind * 4 for kind in win["dora"]]
    ura = [kind * 4 for kind in win["ura"]]
    options = OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=win["aka"],
        has_double_yakuman=False,
        kazoe_limit=HandConstants.KAZOE_LIMITED if win["kazoe_yakuman"] else HandConstants.KAZOE_SANBAIMAN,
        kiriage=win["kiriage"],
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=False,
    )
    config = HandConfig(
        is_tsumo=win["tsumo"],
        is_riichi=win["riichi"] or win["double_riichi"],
        is_daburu_riichi=win["double_riichi"],
        is_ippatsu=win["ippatsu"],
        is_haitei=win["haitei"],
        is_houtei=win["houtei"],
        is_rinshan=win["rinshan"],
        is_chankan=win["chankan"],
        is_tenhou=win["tenhou"],
        is_chiihou=win["chiihou"],
        player_wind=win["seat"],
        round_wind=win["round"],
        tsumi_number=win["honba"],
        kyoutaku_number=win["deposits"],
        options=options,
    )
    start = time.perf_counter()
    result = HandCalculator.estimate_hand_value(
        tiles, win_tile, melds=melds, dora_indicators=dora, ura_dora_indicators=ura, config=config
    )
    TIMING[0] += time.perf_counter() - start
    TIMING[1] += 1
    if result.error:
        return {"id": win["id"], "error": result.error}
    cost = result.cost
    return {
        "id": win["id"],
        "error": None,
        "han": result.han,
        "fu": result.fu,
        "main": cost["main"],
        "additional": cost["additional"],
        "total": cost["total"],
        "level": cost["yaku_level"],
        "yaku": [y.name for y in result.yaku],
    }


def main():
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(evaluate(json.loads(line))))
    sys.stdout.flush()
    print(f"library: {TIMING[1]} hands in {TIMING[0]:.3f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
