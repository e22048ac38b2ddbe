### Notation des tuiles et codes des cartes Hanafuda — français.

notation-token = «{ $token }»: { $why }
notation-unknown_character = «{ $character }» n'est pas un code de tuile (familles d b c après les chiffres; honneurs E S W N R V B; fleurs et saisons 1f-4f, 1s-4s)
notation-missing_suit = les chiffres doivent être suivis d'une lettre de famille d, b ou c
notation-zero_number = les numéros des tuiles vont de 1 à 9
notation-digits_before_honour = les chiffres doivent être suivis d'une lettre de famille d, b ou c, pas d'un honneur
notation-bonus_number = les fleurs et les saisons sont numérotées de 1 à 4
notation-bonus_not_alone = une fleur ou une saison s'écrit seule, p. ex. 2f
notation-brackets = les crochets doivent entourer exactement un groupe, p. ex. [555b]
notation-empty_group = le groupe est vide
notation-not_a_meld = un groupe exposé doit être un pung, un kong ou un chow
notation-too_many_tiles = { $found } tuiles: une main ne peut pas en avoir plus que les { $max } tuiles d'un jeu complet
