### mayumi — English. Rules vocabulary stays Italian in both languages.

mayumi-name = Mayumi-no Hanafuda
mayumi-error-and_b_are_both_oya = { $a } and { $b } are both oya: a hand has exactly one
mayumi-error-captured_not_entered = no captured cards entered: type them, or tick «{ $mark }» if the player took none (captured_nothing: true)
mayumi-error-captured_nothing_and_cards = 
    «{ $mark }» is ticked, but { $count } { $count ->
            [one] card is
           *[other] cards are
        } entered: remove the cards or the tick (captured_nothing)
mayumi-error-card_is_already_captured_by = { $card } is already captured by { $other }: each card is captured by one player at most
mayumi-error-field = { $reason } ({ $field })
mayumi-error-hanafuda_hand_is_drawn_by = a Hanafuda hand is drawn by a declaration of tegarasu sanjuu: name the declarer instead of `void`
mayumi-error-hanafuda_has_no_mah_jong = Hanafuda has no Mah Jong: the totals decide
mayumi-error-hanafuda_has_no_round_wind = Hanafuda has no round wind (round_wind)
mayumi-error-hanafuda_has_no_seat_winds = Hanafuda has no seat winds
mayumi-error-hanafuda_is_entered_by_captured = Hanafuda is entered by captured cards, not tiles
mayumi-error-mayumi_hand_has_2_or = a Mayumi hand has 2 or 3 players, got { $n }
mayumi-error-no_cards_entered_give_each = no cards entered: give each player's captured cards
mayumi-error-nobody_is_oya_mark_dealer = nobody is oya: mark the dealer (oya: true)
mayumi-error-player_k_name_is_empty = player { $k }: the name is empty
mayumi-error-tegarasu_sanjuu_name_is_not = tegarasu_sanjuu: { $name } is not at the table ({ $names })
mayumi-error-total_cards_captured_two_players = { $total } cards captured: two players end the hand with { $stock_left_by_two } cards in the stock, so at most { $stock_left_by_two2 }
mayumi-error-two_players_are_named_name = two players are named { $name }
mayumi-group-cards = Card values (ken)
mayumi-group-tegarasu_sanjuu = Tegarasu sanjuu
mayumi-group-yaku = Yaku (ken; 0 = not played)
mayumi-item-complete_family = Complete family: { $ja } ({ $family }, month { $month })
mayumi-item-kind = { $kind }: { $codes }
mayumi-item-yaku = { $ja } — { $name }
mayumi-tunable-cards-12c1 = 12C1 yellow Kiri chaff
mayumi-tunable-cards-2a = 2A bush warbler
mayumi-tunable-complete_family-bonus = Complete family: one chaff is worth
mayumi-tunable-tegarasu_sanjuu = Threshold to declare it
mayumi-tunable-values-animal = Animals (tane)
mayumi-tunable-values-chaff = Chaff (kasu)
mayumi-tunable-values-light = Lights (hikari)
mayumi-tunable-values-ribbon = Ribbons (tan)
mayumi-tunable-yaku-akatan-ken = Akatan
mayumi-tunable-yaku-aotan-ken = Aotan
mayumi-tunable-yaku-hanami_ippai-ken = Hanami ippai
mayumi-tunable-yaku-hatchi_tan-count = Hatchi tan: ribbons
mayumi-tunable-yaku-hatchi_tan-ken = Hatchi tan
mayumi-tunable-yaku-ino_shika_cho-ken = Ino-shika-chô
mayumi-tunable-yaku-kozan-ken = Kozan
mayumi-tunable-yaku-kyuu_tan-count = Kyuu tan: ribbons
mayumi-tunable-yaku-kyuu_tan-ken = Kyuu tan
mayumi-tunable-yaku-matsu_kiri_bozu-ken = Matsu-kiri-bôzu
mayumi-tunable-yaku-nana_tan-count = Nana tan: ribbons
mayumi-tunable-yaku-nana_tan-ken = Nana tan
mayumi-tunable-yaku-nizoro-ken = Nizoro
mayumi-tunable-yaku-oozan-ken = Oozan
mayumi-tunable-yaku-teppo-ken = Teppo
mayumi-tunable-yaku-tsukimi_ippai-ken = Tsukimi ippai
mayumi-void = Tegarasu sanjuu
mayumi-warning-declared_above_threshold = { $name } declared tegarasu sanjuu with { $ken } ken (above { $limit }): recorded anyway
mayumi-warning-few_cards = 
    { $count } captured { $count ->
            [one] card was
           *[other] cards were
        } entered: a finished hand of { $players } players has at least { $fewest }; check that every capture is entered
mayumi-field-captured = Captured cards, player
mayumi-field-captured_nothing = Captured nothing
mayumi-field-tegarasu_sanjuu = Tegarasu sanjuu
mayumi-option_error-no_month = options.complete_family.except_months: there is no month { $month }
mayumi-option_error-twice = { $path }.cards: { $card } is listed twice
mayumi-option_error-kind = { $path }.any: `{ $kind }` is not L, A, R or C
mayumi-option_error-count = { $path }.count: between 1 and { $most } (the deck's cards of that kind)
mayumi-option_error-cards_or_any = { $path }: give either `cards`, or `any` (a kind) with `count`

# The cards' notation: reading a code, and the words of kinds and families (stored outcomes of earlier
# builds name these texts notation-card-*, which read as these).
mayumi-card-code = { $code }: { $why }
mayumi-card-not_a_card = not a card: a month 1–12 and L, A, R or C (e.g. 8L, 12C1)
mayumi-card-no_month = there is no month { $month }
mayumi-card-no_kind = no kind { $letter }: L light, A animal, R ribbon, C chaff
mayumi-card-which_chaff = month { $month } ({ $family }) has { $count } chaff cards: say which ({ $numbers })
mayumi-card-no_such_chaff = month { $month } ({ $family }) has no such chaff card (it has { $numbers })
mayumi-card-trailing = unexpected «{ $rest }» after the kind
mayumi-card-no_such_card = month { $month } ({ $family }) has no { $kind }
mayumi-card-twice = written twice
mayumi-card-kind-light = light
mayumi-card-kind-animal = animal
mayumi-card-kind-ribbon = ribbon
mayumi-card-kind-chaff = chaff
mayumi-card-kinds-light = Lights
mayumi-card-kinds-animal = Animals
mayumi-card-kinds-ribbon = Ribbons
mayumi-card-kinds-chaff = Chaff
mayumi-card-family-matsu = pine
mayumi-card-family-ume = plum
mayumi-card-family-sakura = cherry
mayumi-card-family-fuji = wisteria
mayumi-card-family-shoubu = iris
mayumi-card-family-botan = peony
mayumi-card-family-hagi = bush clover
mayumi-card-family-susuki = pampas grass
mayumi-card-family-kiku = chrysanthemum
mayumi-card-family-momiji = maple
mayumi-card-family-yanagi = willow
mayumi-card-family-kiri = paulownia
