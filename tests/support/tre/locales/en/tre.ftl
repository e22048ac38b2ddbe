### Tre — English (the test ruleset).

tre-name = Tre (test)
tre-mah_jong = Tris
tre-flag-double = Double
tre-void = Draw
tre-on_table = On the table: { $n }
tre-group-stake = Stake
tre-tunable-stake = Stake
tre-edition = stake { $stake }
tre-error-three_players = Tre needs 3 players
tre-error-no_winds_no_tiles = Tre has no winds and no tiles
tre-error-draw_has_no_winner = a draw has no winner
tre-error-one_winner = exactly one winner
tre-error-winner_pays_nobody = the winner pays nobody
tre-error-not_at_table = who pays for all is not at the table
tre-field-sticks = Sticks
tre-field-pays_all = Pays for all
tre-sheet-pays_all = Paid all
