### Notazione delle tessere e codici delle carte Hanafuda — italiano.

notation-token = «{ $token }»: { $why }
notation-unknown_character = «{ $character }» non è un codice di tessera (semi d b c dopo le cifre; onori E S W N R V B; fiori e stagioni 1f-4f, 1s-4s)
notation-missing_suit = le cifre vanno seguite dalla lettera del seme d, b o c
notation-zero_number = i numeri delle tessere vanno da 1 a 9
notation-digits_before_honour = le cifre vanno seguite dalla lettera del seme d, b o c, non da un onore
notation-bonus_number = fiori e stagioni sono numerati da 1 a 4
notation-bonus_not_alone = un fiore o una stagione va scritto da solo, ad es. 2f
notation-brackets = le parentesi racchiudono una sola combinazione, ad es. [555b]
notation-empty_group = la combinazione è vuota
notation-not_a_meld = una combinazione esposta deve essere un tris, un poker o una scala
notation-too_many_tiles = { $found } tessere: una mano non può averne più delle { $max } di un gioco completo
