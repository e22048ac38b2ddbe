### Tile notation and Hanafuda card codes — English.

notation-token = "{ $token }": { $why }
notation-unknown_character = “{ $character }” is not a tile code (suits d b c after digits; honours E S W N R V B; bonus 1f-4f, 1s-4s)
notation-missing_suit = digits must be followed by a suit letter d, b or c
notation-zero_number = tile numbers run from 1 to 9
notation-digits_before_honour = digits must be followed by a suit letter d, b or c, not by an honour
notation-bonus_number = flowers and seasons are numbered 1 to 4
notation-bonus_not_alone = a flower or season must be its own token, e.g. 2f
notation-brackets = brackets must enclose exactly one group, e.g. [555b]
notation-empty_group = the group is empty
notation-not_a_meld = an exposed group must be a pung, kong or chow
notation-too_many_tiles = { $found } tiles: a hand cannot hold more than the { $max } tiles of a whole set
