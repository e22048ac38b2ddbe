### manche — français. Le vocabulaire des règles reste en italien.

manche-error-about_player = { $player }: { $reason }
manche-error-bonus_is_held_by_both = { $bonus } est à la fois chez { $name } et chez { $name2 }; chaque tuile bonus est unique
manche-error-bonus_is_written_twice_there = { $bonus } est écrit deux fois; chaque tuile bonus est unique
manche-error-field_is_not_ruleset_field = `{ $field }` n'est pas un champ du règlement { $ruleset }
manche-error-field_unreadable = `{ $field }`: { $detail }
manche-error-unbalanced = Les règles { $rules } ont calculé des soldes que les paiements n'expliquent pas: la manche n'est pas enregistrée (une erreur de Stecca, merci de la signaler)
manche-error-found_tiles_is_too_many = { $found } tuiles, c'est trop pour une main non gagnante (au plus { $max }: 13 plus une par kong)
manche-error-hand_is_missing = la main manque
manche-error-hands_hands_for_players_players = { $hands } mains pour { $players } joueurs
manche-error-manche_is_not_valid = la manche n'est pas valide
manche-error-not_a_whole_number = { $field }: «{ $text }» n'est pas un nombre entier
manche-error-player_k_name_is_empty = joueur { $k }: le nom est vide
manche-error-rules_unknown_ruleset_rules_known = rules: règlement inconnu `{ $rules }` (connus: { $known })
manche-error-ruleset_manche_has_players_players = une manche { $ruleset } a { $players } joueurs, trouvé { $n }
manche-error-seat_missing_e_s_w = seat: place manquante (E, S, W ou N)
manche-error-sits_at_wind_like_name = est assis à { $wind }, comme { $name }: chaque vent de place n'a qu'un joueur
manche-error-tile_total_copies_across_manche = { $tile }: { $total } exemplaires dans la manche ({ $holders }); un jeu en a 4
manche-error-two_players_are_named_name = deux joueurs s'appellent { $name }
manche-error-winning_hand_has_14_tiles = une main gagnante a 14 tuiles plus une par kong (ici { $expected }), trouvé { $found }
manche-option-unreadable = { $path }: { $detail }
manche-option-not_object = options: ce n'est pas un objet
manche-option-positive = { $path }: doit être positif, reçu { $value }
manche-option-negative = { $path }: ne peut pas être négatif, reçu { $value }
manche-option-range = { $path }: doit être compris entre { $min } et { $max }, reçu { $value }
manche-option-at_most = { $path }: au plus { $max }, reçu { $value }
manche-option-card = { $path }: { $why }
