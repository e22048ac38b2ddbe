### mayumi — italiano. Rules vocabulary stays Italian in both languages.

mayumi-name = Mayumi-no Hanafuda
mayumi-error-and_b_are_both_oya = { $a } e { $b } sono entrambi oya: una mano ne ha uno solo
mayumi-error-captured_not_entered = nessuna carta presa inserita: scrivile, o spunta «{ $mark }» se il giocatore non ne ha prese (captured_nothing: true)
mayumi-error-captured_nothing_and_cards = 
    «{ $mark }» è spuntato, ma { $count ->
            [one] è inserita
           *[other] sono inserite
        } { $count } { $count ->
            [one] carta
           *[other] carte
        }: togli le carte o la spunta (captured_nothing)
mayumi-error-card_is_already_captured_by = { $card } è già stata presa da { $other }: ogni carta è presa da un giocatore al più
mayumi-error-field = { $reason } ({ $field })
mayumi-error-hanafuda_hand_is_drawn_by = una mano Hanafuda è patta con la dichiarazione di tegarasu sanjuu: indica chi la dichiara invece di `void`
mayumi-error-hanafuda_has_no_mah_jong = lo Hanafuda non ha Mah Jong: decidono i totali
mayumi-error-hanafuda_has_no_round_wind = lo Hanafuda non ha vento di giro (round_wind)
mayumi-error-hanafuda_has_no_seat_winds = lo Hanafuda non ha venti
mayumi-error-hanafuda_is_entered_by_captured = lo Hanafuda si registra con le carte prese, non con le tessere
mayumi-error-mayumi_hand_has_2_or = una mano Mayumi ha 2 o 3 giocatori, trovati { $n }
mayumi-error-no_cards_entered_give_each = nessuna carta inserita: indica le carte prese da ogni giocatore
mayumi-error-nobody_is_oya_mark_dealer = nessuno è oya: segna il mazziere (oya: true)
mayumi-error-player_k_name_is_empty = giocatore { $k }: il nome è vuoto
mayumi-error-tegarasu_sanjuu_name_is_not = tegarasu_sanjuu: { $name } non è al tavolo ({ $names })
mayumi-error-total_cards_captured_two_players = { $total } carte prese: in due la mano finisce con { $stock_left_by_two } carte nel tallone, quindi al più { $stock_left_by_two2 }
mayumi-error-two_players_are_named_name = due giocatori si chiamano { $name }
mayumi-group-cards = Valori delle carte (ken)
mayumi-group-tegarasu_sanjuu = Tegarasu sanjuu
mayumi-group-yaku = Yaku (ken; 0 = non si gioca)
mayumi-item-complete_family = Famiglia completa: { $ja } ({ $family }, mese { $month })
mayumi-item-kind = { $kind }: { $codes }
mayumi-item-yaku = { $ja } — { $name }
mayumi-tunable-cards-12c1 = 12C1 kasu giallo di Kiri
mayumi-tunable-cards-2a = 2A usignolo
mayumi-tunable-complete_family-bonus = Famiglia completa: un kasu vale
mayumi-tunable-tegarasu_sanjuu = Soglia per dichiararlo
mayumi-tunable-values-animal = Animali (tane)
mayumi-tunable-values-chaff = Kasu
mayumi-tunable-values-light = Luci (hikari)
mayumi-tunable-values-ribbon = Nastri (tan)
mayumi-tunable-yaku-akatan-ken = Akatan
mayumi-tunable-yaku-aotan-ken = Aotan
mayumi-tunable-yaku-hanami_ippai-ken = Hanami ippai
mayumi-tunable-yaku-hatchi_tan-count = Hatchi tan: nastri
mayumi-tunable-yaku-hatchi_tan-ken = Hatchi tan
mayumi-tunable-yaku-ino_shika_cho-ken = Ino-shika-chô
mayumi-tunable-yaku-kozan-ken = Kozan
mayumi-tunable-yaku-kyuu_tan-count = Kyuu tan: nastri
mayumi-tunable-yaku-kyuu_tan-ken = Kyuu tan
mayumi-tunable-yaku-matsu_kiri_bozu-ken = Matsu-kiri-bôzu
mayumi-tunable-yaku-nana_tan-count = Nana tan: nastri
mayumi-tunable-yaku-nana_tan-ken = Nana tan
mayumi-tunable-yaku-nizoro-ken = Nizoro
mayumi-tunable-yaku-oozan-ken = Oozan
mayumi-tunable-yaku-teppo-ken = Teppo
mayumi-tunable-yaku-tsukimi_ippai-ken = Tsukimi ippai
mayumi-void = Tegarasu sanjuu
mayumi-warning-declared_above_threshold = { $name } ha dichiarato tegarasu sanjuu con { $ken } ken (oltre { $limit }): registrata comunque
mayumi-warning-few_cards = 
    Sono state inserite { $count } { $count ->
            [one] carta presa
           *[other] carte prese
        }: una mano finita a { $players } giocatori ne conta almeno { $fewest }; controllare che ogni presa sia inserita
mayumi-field-captured = Carte prese, giocatore
mayumi-field-captured_nothing = Nessuna presa
mayumi-field-tegarasu_sanjuu = Tegarasu sanjuu
mayumi-option_error-no_month = options.complete_family.except_months: non esiste il mese { $month }
mayumi-option_error-twice = { $path }.cards: { $card } è scritta due volte
mayumi-option_error-kind = { $path }.any: `{ $kind }` non è L, A, R o C
mayumi-option_error-count = { $path }.count: tra 1 e { $most } (le carte di quel tipo nel mazzo)
mayumi-option_error-cards_or_any = { $path }: indicare `cards`, oppure `any` (un tipo) con `count`

# The cards' notation: reading a code, and the words of kinds and families (stored outcomes of earlier
# builds name these texts notation-card-*, which read as these).
mayumi-card-code = { $code }: { $why }
mayumi-card-not_a_card = non è una carta: un mese 1–12 e L, A, R o C (es. 8L, 12C1)
mayumi-card-no_month = non esiste il mese { $month }
mayumi-card-no_kind = tipo { $letter } sconosciuto: L luce, A animale, R nastro, C kasu
mayumi-card-which_chaff = il mese { $month } ({ $family }) ha { $count } kasu: di' quale ({ $numbers })
mayumi-card-no_such_chaff = il mese { $month } ({ $family }) non ha questo kasu (ha { $numbers })
mayumi-card-trailing = «{ $rest }» di troppo dopo il tipo
mayumi-card-no_such_card = il mese { $month } ({ $family }) non ha { $kind }
mayumi-card-twice = scritta due volte
mayumi-card-kind-light = una luce
mayumi-card-kind-animal = un animale
mayumi-card-kind-ribbon = un nastro
mayumi-card-kind-chaff = un kasu
mayumi-card-kinds-light = Luci
mayumi-card-kinds-animal = Animali
mayumi-card-kinds-ribbon = Nastri
mayumi-card-kinds-chaff = Kasu
mayumi-card-family-matsu = pino
mayumi-card-family-ume = pruno
mayumi-card-family-sakura = ciliegio
mayumi-card-family-fuji = glicine
mayumi-card-family-shoubu = iris
mayumi-card-family-botan = peonia
mayumi-card-family-hagi = lespedeza
mayumi-card-family-susuki = eulalia
mayumi-card-family-kiku = crisantemo
mayumi-card-family-momiji = acero
mayumi-card-family-yanagi = salice
mayumi-card-family-kiri = paulownia
