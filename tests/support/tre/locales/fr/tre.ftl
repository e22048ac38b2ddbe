### Tre — français (le règlement de test).

tre-name = Tre (test)
tre-mah_jong = Tris
tre-flag-double = Double
tre-void = Nulle
tre-on_table = Sur la table: { $n }
tre-group-stake = Mise
tre-tunable-stake = Mise
tre-edition = mise { $stake }
tre-error-three_players = Tre demande 3 joueurs
tre-error-no_winds_no_tiles = Tre n'a ni vents ni tuiles
tre-error-draw_has_no_winner = une partie nulle n'a pas de gagnant
tre-error-one_winner = exactement un gagnant
tre-error-winner_pays_nobody = le gagnant ne paie personne
tre-error-not_at_table = celui qui paie pour tous n'est pas à la table
tre-field-sticks = Bâtonnets
tre-field-pays_all = Paie pour tous
tre-sheet-pays_all = A tout payé
