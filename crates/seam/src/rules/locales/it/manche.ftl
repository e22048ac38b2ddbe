### manche — italiano. Rules vocabulary stays Italian in both languages.

manche-error-about_player = { $player }: { $reason }
manche-error-bonus_is_held_by_both = { $bonus } è sia di { $name } sia di { $name2 }; ogni fiore e stagione è unico
manche-error-bonus_is_written_twice_there = { $bonus } è scritto due volte; ogni fiore e stagione è unico
manche-error-field_is_not_ruleset_field = `{ $field }` non è un campo del regolamento { $ruleset }
manche-error-field_unreadable = `{ $field }`: { $detail }
manche-error-unbalanced = Le regole { $rules } hanno calcolato saldi che i pagamenti non spiegano: la manche non è salvata (un errore di Stecca, da segnalare)
manche-error-found_tiles_is_too_many = { $found } tessere sono troppe per una mano non vincente (al massimo { $max }: 13 più una per poker)
manche-error-hand_is_missing = manca la mano
manche-error-hands_hands_for_players_players = { $hands } mani per { $players } giocatori
manche-error-manche_is_not_valid = la manche non è valida
manche-error-not_a_whole_number = { $field }: «{ $text }» non è un numero intero
manche-error-player_k_name_is_empty = giocatore { $k }: il nome è vuoto
manche-error-rules_unknown_ruleset_rules_known = rules: regolamento sconosciuto `{ $rules }` (noti: { $known })
manche-error-ruleset_manche_has_players_players = una manche { $ruleset } ha { $players } giocatori, trovati { $n }
manche-error-seat_missing_e_s_w = seat: manca il vento del posto (E, S, W o N)
manche-error-sits_at_wind_like_name = siede a { $wind } come { $name }: ogni vento ha un solo giocatore
manche-error-tile_total_copies_across_manche = { $tile }: { $total } tessere nella manche ({ $holders }); il set ne ha 4
manche-error-two_players_are_named_name = due giocatori si chiamano { $name }
manche-error-winning_hand_has_14_tiles = una mano vincente ha 14 tessere più una per ogni poker (qui { $expected }), trovate { $found }
manche-option-unreadable = { $path }: { $detail }
manche-option-not_object = options: non è un oggetto
manche-option-positive = { $path }: deve essere positivo, non { $value }
manche-option-negative = { $path }: non può essere negativo, non { $value }
manche-option-range = { $path }: deve essere tra { $min } e { $max }, non { $value }
manche-option-at_most = { $path }: al massimo { $max }, non { $value }
manche-option-card = { $path }: { $why }
