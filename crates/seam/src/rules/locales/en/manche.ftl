### manche — English. Rules vocabulary stays Italian in both languages.

manche-error-about_player = { $player }: { $reason }
manche-error-bonus_is_held_by_both = { $bonus } is held by both { $name } and { $name2 }; there is one of each bonus tile
manche-error-bonus_is_written_twice_there = { $bonus } is written twice; there is one of each bonus tile
manche-error-field_is_not_ruleset_field = `{ $field }` is not a { $ruleset } field
manche-error-field_unreadable = `{ $field }`: { $detail }
manche-error-unbalanced = The { $rules } rules computed nets that the payments do not explain: the manche is not saved (a fault of Stecca's, please report it)
manche-error-found_tiles_is_too_many = { $found } tiles is too many for a hand that did not win (at most { $max }: 13 plus one per kong)
manche-error-hand_is_missing = the hand is missing
manche-error-hands_hands_for_players_players = { $hands } hands for { $players } players
manche-error-manche_is_not_valid = the manche is not valid
manche-error-not_a_whole_number = { $field }: «{ $text }» is not a whole number
manche-error-player_k_name_is_empty = player { $k }: the name is empty
manche-error-rules_unknown_ruleset_rules_known = rules: unknown ruleset `{ $rules }` (known: { $known })
manche-error-ruleset_manche_has_players_players = a { $ruleset } manche has { $players } players, got { $n }
manche-error-seat_missing_e_s_w = seat: missing (E, S, W or N)
manche-error-sits_at_wind_like_name = sits at { $wind }, like { $name }: each seat wind is held by one player
manche-error-tile_total_copies_across_manche = { $tile }: { $total } copies across the manche ({ $holders }); a set has 4
manche-error-two_players_are_named_name = two players are named { $name }
manche-error-winning_hand_has_14_tiles = a winning hand has 14 tiles plus one per kong ({ $expected } here), found { $found }
manche-option-unreadable = { $path }: { $detail }
manche-option-not_object = options: not an object
manche-option-positive = { $path }: must be positive, got { $value }
manche-option-negative = { $path }: cannot be negative, got { $value }
manche-option-range = { $path }: must be between { $min } and { $max }, got { $value }
manche-option-at_most = { $path }: at most { $max }, got { $value }
manche-option-card = { $path }: { $why }
