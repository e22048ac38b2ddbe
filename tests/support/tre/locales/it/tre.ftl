### Tre — italiano (il regolamento di prova).

tre-name = Tre (test)
tre-mah_jong = Tris
tre-flag-double = Doppio
tre-void = Patta
tre-on_table = Sul tavolo: { $n }
tre-group-stake = Posta
tre-tunable-stake = Posta
tre-edition = posta { $stake }
tre-error-three_players = Tre vuole 3 giocatori
tre-error-no_winds_no_tiles = Tre non ha venti né tessere
tre-error-draw_has_no_winner = una patta non ha vincitori
tre-error-one_winner = un solo vincitore
tre-error-winner_pays_nobody = chi vince non paga nessuno
tre-error-not_at_table = chi paga per tutti non è al tavolo
tre-field-sticks = Bastoncini
tre-field-pays_all = Paga per tutti
tre-sheet-pays_all = Ha pagato tutto
