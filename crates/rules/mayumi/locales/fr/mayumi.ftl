### mayumi — français. Le vocabulaire des règles reste en italien.

mayumi-name = Mayumi-no Hanafuda
mayumi-error-and_b_are_both_oya = { $a } et { $b } sont tous deux oya: une main en a exactement un
mayumi-error-captured_not_entered = aucune carte prise saisie: saisissez-les, ou cochez «{ $mark }» si le joueur n'en a pris aucune (captured_nothing: true)
mayumi-error-captured_nothing_and_cards = 
    «{ $mark }» est coché, mais { $count } { $count ->
            [one] carte est saisie
           *[other] cartes sont saisies
        }: retirez les cartes ou la coche (captured_nothing)
mayumi-error-card_is_already_captured_by = { $card } est déjà prise par { $other }: chaque carte est prise par un joueur au plus
mayumi-error-field = { $reason } ({ $field })
mayumi-error-hanafuda_hand_is_drawn_by = une main de Hanafuda est nulle par une déclaration de tegarasu sanjuu: indiquez qui l'a déclaré au lieu de `void`
mayumi-error-hanafuda_has_no_mah_jong = le Hanafuda n'a pas de Mah Jong: les totaux décident
mayumi-error-hanafuda_has_no_round_wind = le Hanafuda n'a pas de vent du tour (round_wind)
mayumi-error-hanafuda_has_no_seat_winds = le Hanafuda n'a pas de vents de place
mayumi-error-hanafuda_is_entered_by_captured = le Hanafuda se saisit par les cartes prises, pas par des tuiles
mayumi-error-mayumi_hand_has_2_or = une main de Mayumi a 2 ou 3 joueurs, trouvé { $n }
mayumi-error-no_cards_entered_give_each = aucune carte saisie: indiquez les cartes prises par chaque joueur
mayumi-error-nobody_is_oya_mark_dealer = personne n'est oya: indiquez le donneur (oya: true)
mayumi-error-player_k_name_is_empty = joueur { $k }: le nom est vide
mayumi-error-tegarasu_sanjuu_name_is_not = tegarasu_sanjuu: { $name } n'est pas à la table ({ $names })
mayumi-error-total_cards_captured_two_players = { $total } cartes prises: à deux joueurs, la main se termine avec { $stock_left_by_two } cartes dans le talon, donc au plus { $stock_left_by_two2 }
mayumi-error-two_players_are_named_name = deux joueurs s'appellent { $name }
mayumi-group-cards = Valeurs des cartes (ken)
mayumi-group-tegarasu_sanjuu = Tegarasu sanjuu
mayumi-group-yaku = Yaku (ken; 0 = non joué)
mayumi-item-complete_family = Famille complète: { $ja } ({ $family }, mois { $month })
mayumi-item-kind = { $kind }: { $codes }
mayumi-item-yaku = { $ja } — { $name }
mayumi-tunable-cards-12c1 = 12C1 kasu jaune de Kiri
mayumi-tunable-cards-2a = 2A rossignol (uguisu)
mayumi-tunable-complete_family-bonus = Famille complète: un kasu vaut
mayumi-tunable-tegarasu_sanjuu = Seuil pour le déclarer
mayumi-tunable-values-animal = Animaux (tane)
mayumi-tunable-values-chaff = Kasu
mayumi-tunable-values-light = Lumières (hikari)
mayumi-tunable-values-ribbon = Rubans (tan)
mayumi-tunable-yaku-akatan-ken = Akatan
mayumi-tunable-yaku-aotan-ken = Aotan
mayumi-tunable-yaku-hanami_ippai-ken = Hanami ippai
mayumi-tunable-yaku-hatchi_tan-count = Hatchi tan: rubans
mayumi-tunable-yaku-hatchi_tan-ken = Hatchi tan
mayumi-tunable-yaku-ino_shika_cho-ken = Ino-shika-chô
mayumi-tunable-yaku-kozan-ken = Kozan
mayumi-tunable-yaku-kyuu_tan-count = Kyuu tan: rubans
mayumi-tunable-yaku-kyuu_tan-ken = Kyuu tan
mayumi-tunable-yaku-matsu_kiri_bozu-ken = Matsu-kiri-bôzu
mayumi-tunable-yaku-nana_tan-count = Nana tan: rubans
mayumi-tunable-yaku-nana_tan-ken = Nana tan
mayumi-tunable-yaku-nizoro-ken = Nizoro
mayumi-tunable-yaku-oozan-ken = Oozan
mayumi-tunable-yaku-teppo-ken = Teppo
mayumi-tunable-yaku-tsukimi_ippai-ken = Tsukimi ippai
mayumi-void = Tegarasu sanjuu
mayumi-warning-declared_above_threshold = { $name } a déclaré tegarasu sanjuu avec { $ken } ken (au-dessus de { $limit }): enregistré quand même
mayumi-warning-few_cards = 
    { $count } { $count ->
            [one] carte prise a été saisie
           *[other] cartes prises ont été saisies
        }: une main terminée à { $players } joueurs en compte au moins { $fewest }; vérifiez que chaque prise est saisie
mayumi-field-captured = Cartes prises, joueur
mayumi-field-captured_nothing = Aucune prise
mayumi-field-tegarasu_sanjuu = Tegarasu sanjuu
mayumi-option_error-no_month = options.complete_family.except_months: il n'y a pas de mois { $month }
mayumi-option_error-twice = { $path }.cards: { $card } figure deux fois
mayumi-option_error-kind = { $path }.any: `{ $kind }` n'est pas L, A, R ou C
mayumi-option_error-count = { $path }.count: entre 1 et { $most } (les cartes de ce type dans le jeu)
mayumi-option_error-cards_or_any = { $path }: indiquez soit `cards`, soit `any` (un type) avec `count`

# The cards' notation: reading a code, and the words of kinds and families (stored outcomes of earlier
# builds name these texts notation-card-*, which read as these).
mayumi-card-code = { $code }: { $why }
mayumi-card-not_a_card = ce n'est pas une carte: un mois 1–12 et L, A, R ou C (p. ex. 8L, 12C1)
mayumi-card-no_month = il n'y a pas de mois { $month }
mayumi-card-no_kind = pas de type { $letter }: L lumière, A animal, R ruban, C kasu
mayumi-card-which_chaff = le mois { $month } ({ $family }) a { $count } cartes kasu: précisez laquelle ({ $numbers })
mayumi-card-no_such_chaff = le mois { $month } ({ $family }) n'a pas cette carte kasu (il a { $numbers })
mayumi-card-trailing = «{ $rest }» inattendu après le type
mayumi-card-no_such_card = le mois { $month } ({ $family }) n'a pas de carte de type { $kind }
mayumi-card-twice = écrite deux fois
mayumi-card-kind-light = lumière
mayumi-card-kind-animal = animal
mayumi-card-kind-ribbon = ruban
mayumi-card-kind-chaff = kasu
mayumi-card-kinds-light = Lumières
mayumi-card-kinds-animal = Animaux
mayumi-card-kinds-ribbon = Rubans
mayumi-card-kinds-chaff = Kasu
mayumi-card-family-matsu = pin
mayumi-card-family-ume = prunier
mayumi-card-family-sakura = cerisier
mayumi-card-family-fuji = glycine
mayumi-card-family-shoubu = iris
mayumi-card-family-botan = pivoine
mayumi-card-family-hagi = lespédèze
mayumi-card-family-susuki = eulalie
mayumi-card-family-kiku = chrysanthème
mayumi-card-family-momiji = érable
mayumi-card-family-yanagi = saule
mayumi-card-family-kiri = paulownia
