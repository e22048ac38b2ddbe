### Stecca — français. Le vocabulaire des règles (manche, punti di stecca, raddoppi, massimi) reste en italien.

# The language's own name, in the desk's language menu and the board's.
language-name = Français

# How numbers and amounts are written.
number-decimal_separator = {","}
number-thousands_separator = {"\u00A0"}
money-amount = { $number } €

audit-detail-yes = oui
audit-detail-no = non
audit-detail-path = { $outer } · { $inner }
audit-detail-player_field = { $player } · { $field }
audit-detail-table = Table { $n }
audit-detail-line = Ligne { $n }
audit-key-substitute = Remplaçant
audit-key-withdrawn = Retiré
audit-key-start_date = Premier jour
audit-key-end_date = Dernier jour
audit-key-options = Options du règlement
audit-key-method = Méthode
audit-key-session = Session
audit-key-seat = Place
audit-key-win = Marques de victoire
audit-after = Après
audit-archived = Tournoi archivé par { $referee } à { $time }
audit-before = Avant
audit-click_hint = Cliquez sur une ligne pour voir l'enregistrement stocké derrière elle.
audit-deleted = Tournoi supprimé par { $referee } à { $time }
audit-filter_player = Joueur
audit-filter_referee = Arbitre
audit-filter_table = Table (p. ex. S1 T3)
audit-manche_corrected = { $place } corrigée par { $referee } à { $time }
audit-manche_entered = { $place } saisie par { $referee } à { $time }
audit-other = { $entity } { $action } par { $referee } à { $time }
audit-penalty_given = Pénalité de { $points } points à { $player } ({ $reason }) donnée par { $referee } à { $time }
audit-penalty_revoked = Pénalité à { $player } retirée par { $referee } à { $time }
audit-player_added = { $player } inscrit par { $referee } à { $time }
audit-player_deleted = { $player } supprimé par { $referee } à { $time }
audit-player_edited = Données de { $player } modifiées par { $referee } à { $time }
audit-player_reinstated = { $player } réintégré par { $referee } à { $time }
audit-player_withdrawn = { $player } retiré par { $referee } à { $time }
audit-raw = Ce qui a changé
audit-json = Enregistrement stocké (JSON)
audit-field = Champ
audit-reopened = Tournoi rouvert par { $referee } à { $time }
audit-round_wind = { $place }: vent du premier tour { $wind }, choisi par { $referee } à { $time }
audit-seats_swapped = { $place }: places échangées ({ $player }) par { $referee } à { $time }
audit-link_revoked = { $place }: lien du téléphone de la table révoqué par { $referee } à { $time }
audit-proposal_confirmed = { $place }: la manche envoyée par le téléphone de la table, confirmée par { $referee } à { $time }
audit-proposal_rejected = { $place }: la manche envoyée par le téléphone de la table, rejetée par { $referee } à { $time }: { $reason }
audit-proposal_withdrawn = { $place }: la manche envoyée par le téléphone de la table, retirée par { $referee } à { $time } (le poste d'arbitrage l'avait saisie)
audit-session_seated = { $place }: places générées par { $referee } à { $time }
audit-book = 
    «{ $book }» modifié par { $referee } à { $time }: { $before } → { $after } { $after ->
            [one] ligne
           *[other] lignes
        }
audit-settings_changed = Paramètres modifiés par { $referee } à { $time }
audit-shown = { $shown } sur { $total }
audit-title = Journal des modifications
audit-tournament_created = Tournoi créé par { $referee } à { $time }
book-edit_line = Cliquez pour modifier
book-remove = Supprimer
book-unnamed = La liste du tournoi
closing-back = Revenir à la manche
closing-discard = L'abandonner et fermer
closing-keep = Garder le brouillon et fermer
closing-title = Fermer Stecca?
closing-unsaved = La manche { $number } n'est pas confirmée. En brouillon, elle reste sur ce poste et sera là à la prochaine ouverture de Stecca.
common-reading = Lecture de la base de données…
common-not_a_date = { $field }: «{ $text }» n'est pas une date comme 2026-11-22
common-not_a_number = { $field }: «{ $text }» n'est pas un nombre
common-ordinal = { NUMBER($n, type: "ordinal") ->
        [one] { $n }er
       *[other] { $n }e
    }
common-cancel = Annuler
desk-still_writing = La modification précédente n'est pas encore enregistrée: réessayez dans un instant.
desk-waiting = En attente de la base de données depuis { $seconds } s ({ $jobs } en file): l'écran reste utilisable et montre les dernières données lues.
entry-book_more = … et { $n } autres: tapez encore quelques lettres
entry-book_none = Aucune ligne ne correspond à la saisie
entry-keys_cards = F1–F{ $last } = à qui sont les cartes tapées et cliquées · tapez les codes (1L 8A 12C1) ou cliquez sur les cartes ci-dessous · Entrée = joueur suivant · Ctrl+Entrée = confirmer · { $esc }
entry-keys_columns = F1–F{ $last } = la colonne du joueur · Entrée = champ suivant · Ctrl+Entrée = confirmer · { $esc }
entry-cards_for = Cartes: un clic donne ou reprend une carte à { $name }
entry-card_taken = { $card } est déjà parmi les cartes de { $name }
entry-keys_book_line = { $keys } · Entrée = prend la première proposée
entry-keys_one_player = { $keys } · Maj+F1–F{ $last } = { $field }
entry-keys = F1–F{ $last } = { $mahjong } de la main 1–{ $last } · Ctrl+Entrée = confirmer · { $esc }
entry-keys_winner = F1–F{ $last } = { $mahjong } de la main 1–{ $last } · F5… = marques de victoire de { $winner } · Ctrl+Entrée = confirmer · { $esc }
entry-shift = Maj
entry-keys_esc = Échap = retour à la table (le brouillon est conservé)
entry-keys_esc_proposal = Échap = retour aux propositions (les modifications sont conservées)
entry-keys_enter = Entrée = main suivante
entry-keys_title = Touches
entry-cannot_confirm = Confirmation impossible: { $why }
entry-draft_discard = Abandonner le brouillon
entry-draft_kept = Brouillon de la manche { $n } conservé: en la rouvrant, vous reprenez là où vous en étiez.
entry-draft_restored = Brouillon repris: cette manche avait été laissée sans confirmation.
entry-kept_offline = Le serveur est injoignable: la manche { $n } est conservée et sera enregistrée dès le retour du serveur (une seule fois).
entry-pending = la manche { $n } confirmée est conservée et sera enregistrée au retour du serveur
entry-pays = { $from } paie { $amount } à { $to }
entry-off_result = { $player }: { $points } points retirés du résultat du tournoi
entry-puts_on_table = { $player } met { $amount } sur la table
entry-collects_from_table = { $player } ramasse { $amount } sur la table
entry-confirm = Confirmer la manche (Ctrl+Entrée)
entry-correction = correction
entry-hand = Main
entry-not_valid = La manche n'est pas encore valide: voir les messages à côté des mains.
entry-palette = Tuiles
entry-payments = Paiements
entry-saved = Manche { $n } enregistrée.
entry-value = Valeur
entry-void = Nulle (a monte)
entry-proposal_from = Proposition du téléphone de la table { $table } ({ $phone }), envoyée à { $time }
entry-proposal_edited = Modifiée par l'arbitre: elle est confirmée telle qu'elle est à l'écran, pas telle que la table l'a envoyée.
entry-proposal_undo = Reprendre les mains envoyées par la table
links-title = Le téléphone de la table
links-explain = Le téléphone de la table ouvre ce lien (le code QR de la fiche) et envoie ses manches à l'arbitre; avec le PIN de chaque joueur, toute la table se porte garante d'une manche. Le lien ne vaut que pour cette table dans cette session.
links-pins = PIN des joueurs
links-no_board = Le tableau n'est pas lancé depuis ce poste: lancez-le (Tableau) pour que le téléphone ait une adresse à ouvrir.
links-none = La table { $table } n'a aucun lien en vigueur: son ancienne fiche n'ouvre plus rien.
links-revoke = Révoquer le lien
links-new = Nouveau lien
links-confirm_revoke = Révoquer le lien de la table { $table }? Son téléphone ne pourra envoyer aucune manche tant que la table n'aura pas de nouveau lien.
links-confirm_new = Donner un nouveau lien à la table { $table }? L'ancienne fiche n'ouvrira plus rien: la table a besoin de la nouvelle (nouveau code QR et nouveaux PIN).
links-revoke_yes = Oui, révoquer
links-new_yes = Oui, un nouveau lien
links-revoked = Lien de la table { $table } révoqué: son téléphone n'envoie plus de manches.
links-reissued = Nouveau lien pour la table { $table }: l'ancienne fiche n'est plus valable.
nav-board = Tableau
nav-read_only = Lecture seule: { $location } ne peut pas être écrit par cet utilisateur (fichier d'un autre utilisateur, ou disque en lecture seule). Vous pouvez consulter et exporter; aucune modification ne peut être enregistrée.
nav-audit = Journal
nav-players = Joueurs
nav-referee = Arbitre
nav-sessions = Sessions
nav-settings = Paramètres
nav-standings = Classement
nav-tournaments = Tournois
nav-club = Club
nav-proposals = Envois des tables
nav-proposals_waiting = Envois des tables ({ $n })
palette-chow = Chow
palette-exposed = Exposé [ ]
palette-kong = Kong
palette-pair = Paire
palette-pung = Pung
palette-single = Isolée
palette-undo = Retirer le dernier groupe
players-complete = 
    { $active } { $active ->
            [one] joueur actif
           *[other] joueurs actifs
        }: { $tables } { $tables ->
            [one] table
           *[other] tables
        } de { $size }.
players-complete_mixed = 
    { $active } { $active ->
            [one] joueur actif
           *[other] joueurs actifs
        }: { $tables } { $tables ->
            [one] table
           *[other] tables
        } de { $size } et { $short } de { $smaller }.
players-confirm_delete = Supprimer { $name }? Aucun résultat ni place: l'inscription disparaît, le journal des modifications en garde la trace.
players-delete = Supprimer
players-delete_yes = Oui, supprimer
players-deleted = Joueur supprimé: { $name }
players-browse = Parcourir…
players-add = Ajouter un joueur
players-club = Club
players-country = Pays
players-edit = Modifier le joueur
players-federation_id = N° de fédération
players-team = Équipe
players-import = Importer un CSV
players-import_file = Fichier
players-import_go = Tout importer
players-import_hint = Colonnes: name, club, country, federation_id, substitute, team. Toutes les lignes sont importées, ou aucune.
players-import_summary = 
    { $ok } { $ok ->
            [one] ligne valide
           *[other] lignes valides
        }, { $errors } avec erreurs.
players-imported = 
    { $n } { $n ->
            [one] joueur importé
           *[other] joueurs importés
        }.
players-name = Nom
players-none = Aucun joueur inscrit pour l'instant: ajoutez-les ci-dessous ou importez une liste CSV.
players-not_multiple = 
    { $active } { $active ->
            [one] joueur actif
           *[other] joueurs actifs
        }: ajoutez { $n } { $n ->
            [one] remplaçant
           *[other] remplaçants
        } pour compléter les tables de { $size }.
players-preview = Aperçu
players-reinstate = Réintégrer
players-save = Enregistrer
players-saved = Joueur enregistré: { $name }
players-status = Statut
players-substitute = remplaçant
players-substitute_hint = Remplaçant (joue, non classé)
players-title = Joueurs
players-withdraw = Retirer
players-withdrawn = retiré
proposals-title = Manches envoyées par les tables
proposals-explain = Les manches envoyées par les téléphones des tables attendent ici l'arbitre: ouvrez-en une pour la voir comme l'écran de saisie la montre, puis confirmez-la (modifiée ou non) ou rejetez-la en disant pourquoi.
proposals-waiting = En attente: { $n }
proposals-none_waiting = Aucune manche n'attend l'arbitre.
proposals-sent_at = Envoyée à
proposals-phone = Depuis le téléphone
proposals-pins = PIN
proposals-pins_all = tous les PIN
proposals-pins_none = —
proposals-all_pins = · chaque joueur a donné son PIN
proposals-open = Ouvrir
proposals-entered = déjà saisie au poste d'arbitrage
proposals-no_table = la table n'est plus dans la session
proposals-withdraw = Retirer
proposals-reject_one = Rejeter…
proposals-reject = Rejeter
proposals-reason = Motif du rejet
proposals-rejected_done = Manche { $number } de la table { $table } rejetée: le téléphone de la table affiche le motif.
proposals-confirmed_done = Manche { $number } de la table { $table } confirmée et enregistrée.
proposals-confirmed_anyway = La manche n'était pas (ou plus) saisie au poste d'arbitrage: la proposition a été confirmée.
proposals-decided = Décidées: { $n }
proposals-more = … et { $n } autres décidées auparavant
proposals-line = Session { $session } · table { $table } · manche { $number } — { $outcome }
proposals-confirmed_by = confirmée par { $referee } à { $time }
proposals-rejected_by = rejetée par { $referee } à { $time }: { $reason }
proposals-withdrawn = retirée à { $time }: le poste d'arbitrage l'avait déjà saisie
sessions-above_bound = { $above } au-dessus du minimum possible ({ $percent } % de plus)
sessions-by_standings = Placer la session { $session } selon le classement
sessions-by_standings_done = 
    Session { $session } placée selon le classement: { $moved } { $moved ->
            [one] joueur déplacé
           *[other] joueurs déplacés
        } pour séparer des rencontres, { $repeats } { $repeats ->
            [one] rencontre répétée restante
           *[other] rencontres répétées restantes
        }.
sessions-by_standings_hint = À la table 1 les premiers du classement, puis les suivants dans l'ordre du classement; un échange avec la table suivante sépare une rencontre répétée; personne ne se déplace de plus d'une table. Chaque table des sessions précédentes doit avoir des résultats.
sessions-search = Chercher un joueur ou un n° de table
sessions-no_match = Aucune table de cette session ne correspond à la recherche.
sessions-unavoidable = rencontres répétées inévitables avec ces joueurs et ces sessions
sessions-team_meetings = Rencontres entre coéquipiers: { $n }
sessions-ended_on_the_clock = arrêtée par l'horloge
sessions-club_notes = 
    Rencontres entre membres d'un même club dans { $n } { $n ->
            [one] club
           *[other] clubs
        }: pourquoi
sessions-club_avoidable = 
    { $club } — rencontres entre membres: { $meetings }. Aucune borne ne les impose ({ $members } { $members ->
            [one] membre
           *[other] membres
        }, { $tables } { $tables ->
            [one] table
           *[other] tables
        }): un poids de club plus élevé peut les réduire.
sessions-club_per_session = 
    { $club } — rencontres entre membres: { $meetings }, inévitables: { $unavoidable }. { $members } { $members ->
            [one] membre
           *[other] membres
        } pour { $tables } { $tables ->
            [one] table
           *[other] tables
        }: certains partagent une table à chaque session.
sessions-club_without_repeats = { $club } — rencontres entre membres: { $meetings }, inévitables: { $unavoidable }. Sans rencontres répétées, chacun rencontre presque tout le monde, membres du même club compris.
sessions-club_weight = Poids du club
sessions-generate = Placer les sessions pas encore jouées
sessions-generated = Plan de table écrit pour les sessions { $from }–{ $to }.
sessions-import = Importer un plan (CSV)
sessions-import_go = Importer le plan des sessions { $from }–{ $to }
sessions-import_hint = Colonnes: session, table, seat, player (numéro d'inscription ou nom). Tout le fichier est d'abord vérifié; les sessions avec résultats ne peuvent pas être remplacées; tout ou rien est enregistré.
sessions-import_more = … et { $n } autres
sessions-import_problems = 
    Le plan ne peut pas être importé: { $n } { $n ->
            [one] problème
           *[other] problèmes
        }
sessions-import_ready = Sessions { $from }–{ $to }: rencontres répétées { $repeats } (minimum possible { $bound }) · rencontres du même club { $club }
sessions-imported = Plan importé pour les sessions { $from }–{ $to }.
sessions-manches = Manches
sessions-meet_again = { $a } et { $b } se rencontrent à nouveau (déjà { $times } fois auparavant): aucun échange au sein d'une table ne les sépare
sessions-moved = { $name }: table { $to } au lieu de { $from } (selon le rang), pour séparer une rencontre répétée
sessions-not_seated = Cette session n'est pas encore placée: appuyez sur «{ $button }».
sessions-open_table = Ouvrir la table
sessions-report = Rencontres répétées: { $repeats } (minimum possible { $bound }) · écart des vents: { $wind } · rencontres du même club: { $club }
sessions-report_first_deal = Rencontres répétées: { $repeats } (minimum possible { $bound }) · écart du premier Est: { $first } · rencontres du même club: { $club }
sessions-session = Session
sessions-swap_hint = Cliquez sur deux joueurs pour les échanger (sessions sans résultats uniquement).
sessions-swapped = Joueurs échangés.
sessions-table = Table
sessions-title = Sessions
sessions-void = 
    · { $n } { $n ->
            [one] nulle
           *[other] nulles
        }
settings-federation_format = Format du numéro de fédération (# chiffre, A lettre)
settings-team_size = Joueurs par équipe
settings-team_best = Meilleurs membres comptés par équipe (0: tous)
settings-by_placement = Points de rang, puis points
settings-by_points = Total des points
settings-by_points_with_placement = Total des points, points de rang (uma) ajoutés
settings-end = Dernier jour (AAAA-MM-JJ)
settings-manches = Manches par session
settings-session_minutes = Minutes par session (horloge)
settings-clock_warning = Avertissement de l'horloge (minutes)
settings-last_hand = Annonce «Dernière main» (minutes)
settings-phones = Téléphones des tables
settings-proposals_by_pins = une manche envoyée avec le PIN de chaque joueur est enregistrée sans l'arbitre
settings-placement_points = Points de rang
settings-ranking = Classement
settings-remove = Retirer
settings-rules = Règlement
settings-save = Enregistrer les paramètres
settings-saved = Paramètres enregistrés.
settings-seed = Graine du plan de table
settings-fixed = 
    Le règlement, ses options et les points de départ sont fixés: le tournoi a { $n } { $n ->
            [one] manche calculée
           *[other] manches calculées
        } avec ces valeurs.
settings-starting_points = Points de départ
settings-tie_breaks = Départages (dans l'ordre)
settings-title = Paramètres du tournoi
settings-up = Monter
report-title = Rapport du tournoi
report-tournament = Le tournoi
report-options = Options modifiées
report-players = Joueurs
report-players_count = 
    { $ranked } classés, { $substitutes } { $substitutes ->
            [one] remplaçant
           *[other] remplaçants
        }
report-countries = Pays
report-sessions_count = { $played } jouées sur { $sessions }, { $manches } manches chacune
report-manches = Manches saisies
report-referees = Arbitres (entrées du journal)
report-standings = Classement final
report-penalties = Pénalités
report-revoked = révoquée
report-scored_penalty = S{ $session } · -{ $points } comptés dans une main
report-corrections = Corrections
teams-title = Classement par équipes
teams-members = Membres
teams-none = Personne ne joue dans une équipe: indiquez l'équipe des joueurs dans l'écran des joueurs ou dans la colonne team de la liste importée.
teams-counted = 
    { $n } { $n ->
            [one] meilleur membre compté
           *[other] meilleurs membres comptés
        }
standings-confirm_penalty = Retirer { $points } points à { $name } (motif: { $reason })?
standings-confirm = Confirmer
standings-cancel = Annuler
standings-give_penalty = Donner une pénalité
standings-manches_played = Manches jouées
standings-penalties = Pénalités
standings-penalty_points = Points
standings-penalty_reason = Motif
standings-place = Place
standings-placement = Pts de rang
standings-points = Points
standings-progression = Progression
standings-revoke = Révoquer
standings-search = Rechercher
standings-sessions = Sessions
standings-title = Classement
table-scale = Par joueur: le net de la manche · points de session (comme au classement) et, entre parenthèses, les jetons sur la table à partir de { $start }.
table-complete = Session terminée.
table-correct = corriger
table-draft = brouillon
table-east = Est
table-enter = Saisir la manche
table-entered = saisie
table-manche = Manche
table-next = à saisir
table-pending = —
table-round = Tour
table-start_wind = Vent du premier tour (mur de la brèche):
table-status = État
table-void = nulle
tie-best_session = Meilleure session
tie-fewer_penalties = Moins de pénalités
tie-mahjongs = Plus de Mah Jong
tie-placement = Points de rang
tie-points = Total des points
tile-bamboo = bambou
tile-characters = caractères
tile-dots = cercles
tile-flower = fleur
tile-green = dragon vert
tile-red = dragon rouge
tile-season = saison
tile-white = dragon blanc
tile-wind = vent
tournaments-delete_yes = Oui, supprimer
tournaments-archive = Archiver
tournaments-archive_hint = Un tournoi avec des résultats n'est jamais supprimé: archivé, il peut être consulté et exporté, mais pas modifié.
tournaments-archived = archivé
tournaments-confirm_delete = 
    Supprimer le tournoi «{ $name }» et { $players ->
            [one] son
           *[other] ses
        } { $players } { $players ->
            [one] joueur
           *[other] joueurs
        }? Il n'a aucun résultat; le journal des modifications en garde la trace.
tournaments-delete = Supprimer
tournaments-deleted = Tournoi supprimé — { $name }
tournaments-unarchive = Rouvrir
tournaments-create = Créer le tournoi
tournaments-created = Tournoi créé — { $name }
tournaments-demo = Créer le tournoi de démonstration (32 joueurs, 4 sessions)
tournaments-demo_created = Tournoi de démonstration créé: chaque manche est saisie.
tournaments-manches = Manches
tournaments-name = Nom
tournaments-new = Nouveau tournoi
tournaments-none = Aucun tournoi dans cette base de données pour l'instant. Créez le vôtre, ou ouvrez le tournoi de démonstration pour voir Stecca au complet.
tournaments-open = Ouvrir
tournaments-players = Joueurs
tournaments-sessions = Sessions
tournaments-start = Date
tournaments-start_hint = Premier jour (AAAA-MM-JJ)
tournaments-title = Tournois
tournaments-venue = Lieu
form-round = Tour: { $wind }
seat-dealer = Est
seat-number = Place
seat-numbered = Place { $n }
wind-east = Est
wind-north = Nord
wind-south = Sud
wind-west = Ouest
pdf-board = Classement et places sur votre téléphone, sur le réseau de la salle:
pdf-winner = Vainqueur
pdf-provisional = 
    Classement provisoire — session { $session } / { $sessions } en cours, { $manches } { $manches ->
            [one] manche saisie
           *[other] manches saisies
        }
pdf-after_session = après la session
pdf-card = Fiche joueur
pdf-first_seat = Place à la manche 1
pdf-first_wind = Vent à la manche 1
pdf-net = Net
pdf-page = Page { $page } sur { $pages }
pdf-referee_signature = Signature de l'arbitre
pdf-round_east = Tour · Est
pdf-scoresheet = Feuille de marque
pdf-seat = Place
pdf-seating = Plan de table
pdf-seating_by_name = Plan de table par nom
pdf-signature = Signature
pdf-slip-title = Fiche de table
pdf-slip-scan = Visez le code avec un téléphone: la table envoie ses manches à l'arbitre, qui les confirme.
pdf-slip-pins = Chaque joueur garde son propre PIN: saisi sur le téléphone, il garantit la manche envoyée.
pdf-slip-pin = PIN
pdf-slip-no_board = L'adresse du tableau manque: lancez le tableau (ou indiquez --board-url) et réimprimez pour avoir le code.
pdf-standings = Classement
pdf-total = Total
export-separator-comma = Virgule (,) et point décimal: tableurs en anglais et scripts
export-separator-semicolon = Point-virgule (;) et virgule décimale: Excel et LibreOffice en français
export-separator-title = CSV
export-file-card = fiche
export-file-ledger = livre-de-caisse
export-file-manches = manches
export-file-payments = paiements
export-file-players = joueurs
export-file-scoresheets = feuilles-de-marque
export-file-receipt = recu
export-file-seating = plan-de-table
export-file-standings = classement
export-file-statement = releve-de-compte
export-written_no_dialog = Aucune fenêtre d'enregistrement disponible; fichier écrit dans le dossier des exports: { $path }
export-card = Fiche joueur
export-manches = Toutes les manches
export-payments = Paiements
export-players = Joueurs
export-scoresheets = Feuilles de marque
export-seating = Plan de table
export-standings = Classement
export-written = Fichier écrit: { $path }

error-guard-audit_append_only = Le journal des modifications n'est jamais corrigé ni effacé: chaque correction est une nouvelle ligne.
error-guard-ledger_append_only = Le livre de caisse n'est jamais corrigé ni effacé: chaque correction est une nouvelle écriture.
error-guard-penalty_player = La pénalité concerne un joueur d'un autre tournoi: elle n'a pas été enregistrée.
error-guard-seat_player = Le joueur appartient à un autre tournoi: il ne peut pas s'asseoir à cette table.
error-guard-manche_player = Un joueur de la manche n'est pas assis à cette table: la manche n'a pas été enregistrée.
error-guard-payment_player = Un paiement nomme un joueur qui n'est pas assis à cette table: la manche n'a pas été enregistrée.
error-guard-ledger_club = Le membre, la soirée ou l'écriture appartient à un autre club: rien n'a été écrit.
error-guard-evening_member = Le membre ou le joueur ne fait pas partie de cette soirée: rien n'a été écrit.
error-guard-chip_count_player = Le joueur n'est pas assis à cette table: le décompte des jetons n'a pas été enregistré.
error-ledger-chip_sum = Les jetons comptés totalisent { $counted }, pas { $expected } ({ $difference }): rien n'a été enregistré
error-ledger-correct_member = L'écriture { $entry } concerne un autre membre: une correction va au membre de l'écriture qu'elle corrige
error-ledger-zero = Un montant nul n'enregistre rien
error-ledger-settle = Ces soldes ne peuvent pas être réglés: { $detail }
error-ledger-not_cash = Seuls les versements et les paiements en espèces s'enregistrent ici
error-ledger-not_positive = Le montant doit être supérieur à zéro
error-ledger-no_reason = Une correction doit avoir son motif
error-money-not_amount = «{ $text }» n'est pas un montant (p. ex. 12,50)
error-money-decimals = «{ $text }»: au plus { $decimals } décimales
error-money-range = «{ $text }» est hors limites
error-book-empty = { $field }: ne peut pas être vide
error-book-file_too_big = { $path }: { $size } Ko, au-delà des { $max } Ko qu'une liste peut faire; est-ce le bon fichier?
error-book-line = { $line }: { $why }
error-book-no_column = Le fichier doit avoir la colonne «{ $column }» (colonnes: { $columns })
error-book-not_stored = La ligne { $position } de la liste n'est pas un objet JSON: rien n'a été enregistré
error-book-not_used = Le règlement { $rules } ne tient aucune liste du tournoi
error-book-not_whole = { $field }: «{ $value }» n'est pas un nombre entier
error-book-negative = { $field }: «{ $value }» ne doit pas être négatif (il faut un nombre de { $min } à { $max })
error-book-range = { $field }: { $value } ne convient pas, il faut un nombre de { $min } à { $max }
error-book-too_long = { $field }: au plus { $max } caractères
error-enter-manche_field = `{ $field }`: une table de tournoi enregistre la manche de ses propres joueurs; ce champ ne se saisit pas ici
error-enter-carried = { $field } { $given } indiqué, mais la manche { $number } de la table part de { $actual }
error-enter-name_once = players: { $name } est placé en session { $session } table { $table } et doit être nommé une seule fois (placés: { $names })
error-enter-no_table = la session { $session } n'a pas de table { $table }
error-enter-not_next = manche { $number }: la prochaine manche de la table est la { $next }
error-enter-options = options: une manche se calcule avec les options de son tournoi; ne les indiquez pas
error-enter-player_count = players: { $named } nommés, la table a { $seats } places ({ $names })
error-enter-round_wind = round_wind: { $given } indiqué, mais la manche { $number } de cette table se joue avec le vent de tour { $actual }
error-enter-rules = rules: la manche indique { $given }, le tournoi joue { $plays }
error-enter-dealer = { $name } est indiqué comme { $field }, mais à la manche { $number } { $field } est { $dealer }
error-enter-seat = { $name }: place { $given } indiquée, mais à la manche { $number } { $name } est à la place { $actual }
error-export-card_player = Une fiche joueur nécessite un joueur (--player)
error-export-slip_table = La fiche d'une table nécessite sa session et sa table (--session N --table T)
error-export-csv = L'écriture du CSV a échoué: { $detail }
error-export-font = La police fournie avec le programme n'a pas pu être lue
error-export-is_database = { $out }: c'est la base de données du tournoi ({ $database }); choisissez un autre nom de fichier — rien n'a été écrit
error-export-not_regular = { $out }: c'est { $kind }, pas un fichier; un export n'écrit qu'un fichier ordinaire — rien n'a été écrit ni modifié
error-export-not_ours = { $out }: ce fichier appartient à un autre utilisateur; choisissez un autre nom de fichier — rien n'a été écrit ni modifié
error-export-kind-link = un lien symbolique
error-export-kind-folder = un dossier
error-export-kind-device = un périphérique
error-export-kind-fifo = un tube nommé (FIFO)
error-export-kind-socket = un socket
error-export-kind-other = un fichier spécial
error-export-unsupported = { $what } en { $format }: non disponible (PDF: standings, seating, scoresheets, card, teams, report, slip; CSV: standings, ranking, teams, seating, players, manches, payments)
error-import-header = La première ligne (les noms des colonnes) ne peut pas être lue: { $detail }
error-import-line = Ligne { $line }: { $why }
error-import-missing_fields = 
    { $found } { $found ->
            [one] champ
           *[other] champs
        } alors que l'en-tête en a { $expected }: { $columns } { $count ->
            [one] manque
           *[other] manquent
        } (une valeur vide s'écrit quand même, entre deux virgules)
error-import-extra_fields = 
    { $found } champs alors que l'en-tête en a { $expected }: { $values } { $count ->
            [one] est
           *[other] sont
        } en trop (une valeur contenant une virgule se met entre guillemets doubles)
error-import-no_name_column = La liste doit avoir une colonne «name»
error-import-row = Cette ligne ne peut pas être lue: { $detail }
error-import-substitute = Substitute: «{ $value }» n'est pas yes/no (sì/no, 1/0)
error-import-number_twice = Le numéro de fédération { $number } apparaît deux fois dans le fichier (aussi à la ligne { $first })
error-import-twice = «{ $name }» apparaît deux fois dans le fichier (aussi à la ligne { $first })
error-import-unknown_column = Colonne inconnue «{ $column }» (connues: { $known })
error-plan_import-ambiguous = «{ $player }» désigne plus d'un joueur: indiquez le numéro d'inscription
error-plan_import-at_line = Ligne { $line }: { $why }
error-plan_import-empty = Le fichier n'a aucune ligne après son en-tête
error-plan_import-missing = Session { $session }: { $player } n'est pas placé
error-plan_import-no_column = Le fichier doit avoir une colonne «{ $column }» (colonnes: session, table, seat, player)
error-plan_import-no_layout = { $players } joueurs actifs ne remplissent pas des tables de { $size }: inscrivez d'abord des remplaçants ou retirez des joueurs
error-plan_import-no_player = aucun joueur indiqué
error-plan_import-number = { $field }: «{ $value }» n'est pas un nombre de 1 à { $max }
error-plan_import-player_twice = { $player } est déjà placé dans la session { $session } (ligne { $line })
error-plan_import-played = La session { $session } a déjà des résultats: un plan importé ne peut placer que des sessions sans résultats
error-plan_import-refused = 
    Le plan n'a pas été importé ({ $n } { $n ->
            [one] problème
           *[other] problèmes
        }): { $first }
error-plan_import-seat_gap = Session { $session }, table { $table }: la place { $seat } manque
error-plan_import-seat_twice = session { $session }, table { $table }, place { $seat } indiquée deux fois
error-plan_import-session_gap = Le fichier place les sessions { $first } à { $session } mais la session { $missing } manque
error-plan_import-sizes = Session { $session }: { $tables } tables placent { $players } joueurs, pas les tables de { $size } que le règlement exige pour les joueurs actifs
error-plan_import-table_gap = Session { $session }: la table { $table } manque (les tables sont numérotées à partir de 1)
error-plan_import-too_long = Le fichier a plus de { $max } lignes
error-plan_import-unknown_player = aucun joueur n'est inscrit sous «{ $player }» (par nom ou numéro d'inscription)
error-plan_import-withdrawn = { $player } s'est retiré et ne peut pas être placé
error-io-at = { $path }: { $why }
error-io-directory = c'est un dossier
error-io-exists = le fichier existe déjà
error-io-full = le disque est plein
error-io-not_found = fichier ou dossier introuvable
error-io-other = { $detail }
error-io-permission = pas la permission de le lire ou de l'écrire
error-io-read_only = le disque est en lecture seule
error-manche-changes_east = Manche { $number }: cette correction changerait qui est Est dans les manches { $from }–{ $to }, déjà saisies avec la rotation actuelle; elle est refusée
error-manche-replay_refused = La correction change ce que la session reporte sur la manche { $number }, qui n'est alors plus valide: { $why }
error-manche-invalid = La manche n'est pas encore valide
error-manche-not_next = Manche { $number }: la table a { $count } manches, la suivante est la { $next }
error-manche-not_seated = Les joueurs de la manche ne sont pas les { $count } joueurs placés à cette table
error-manche-payment_stranger = Un paiement nomme { $name }, qui n'est pas un joueur de la manche
error-manche-payment_too_large = Un paiement de { $amount } est trop grand pour être enregistré
error-manche-entered_elsewhere = La manche { $number } est déjà enregistrée (saisie par { $referee } à { $time }): rien n'a été écrasé; une correction se fait au poste d'arbitrage, avec une trace
error-manche-changed_elsewhere = La manche { $number } a été modifiée par { $referee } à { $time } sur un autre poste: rien n'a été écrasé — ses valeurs enregistrées sont maintenant affichées; corrigez-les à nouveau si nécessaire
error-manche-session_complete = Table { $table }: la session est terminée ({ $count } manches)
error-manche-session_ended = 
    Table { $table }: la session { $session } a été arrêtée par l'horloge après { $count } { $count ->
            [one] manche
           *[other] manches
        }: aucune nouvelle manche (une correction reste possible)
error-not_found-manche = Cette manche n'est pas (ou plus) enregistrée: rouvrez la table
error-not_found-penalty = Cette pénalité n'est pas (ou plus) en vigueur
error-not_found-player = Ce joueur n'est pas (ou plus) inscrit
error-not_found-table = Cette table n'existe pas (ou plus): la session a peut-être été replacée
error-not_found-tournament = Ce tournoi n'existe pas (ou plus)
error-not_found-club = Ce club n'existe pas (ou plus)
error-not_found-member = Ce membre ne fait pas (ou plus) partie du club
error-not_found-evening = Cette soirée n'existe pas (ou plus)
error-not_found-ledger_entry = Aucune écriture du livre de caisse n'a ce numéro
error-not_found-table_link = Le lien de cette table a été révoqué: demandez à l'arbitre la nouvelle fiche de la table
error-not_found-proposal = Aucune manche envoyée par une table n'a ce numéro
error-open-empty = le fichier est vide
error-open-not_file = ce n'est pas un fichier
error-open-not_sqlite = ce n'est pas une base de données SQLite
error-open-not_stecca = c'est la base de données d'un autre programme
error-link-not_seated = La session { $session } n'est pas encore placée: ses tables recevront leurs liens à ce moment-là
error-link-none = La table { $table } de la session { $session } n'a aucun lien en vigueur
error-link-no_randomness = Le système n'a fourni aucun nombre aléatoire pour le lien d'une table: rien n'a été enregistré
error-proposal-other_waiting = La table { $table } a déjà envoyé la manche { $number }, avec d'autres mains: elle attend l'arbitre, qui peut la rejeter pour que la table la renvoie
error-proposal-decided = La manche { $number } de la table { $table } a déjà été confirmée ou rejetée
error-proposal-no_reason = Motif: dites pourquoi la manche est rejetée, la table le lit sur le téléphone
error-proposal-pin = { $name }: le PIN tapé n'est pas celui de la fiche de la table (laissez tous les PIN vides et l'arbitre confirme)
error-penalty-points = Points: une pénalité retire un nombre positif de points, pas { $points }
error-penalty-reason = Motif: une pénalité doit avoir un motif
error-player-too_many = Un tournoi compte au plus { $max } joueurs (le maximum qu'un plan de table peut placer): { $registered } inscrits, { $adding } de plus indiqués — personne n'a été inscrit
error-player-federation_format = Le numéro de fédération «{ $number }» n'a pas la forme { $format } du tournoi (# un chiffre, A une lettre)
error-player-federation_taken = { $name }: le numéro de fédération { $number } est déjà celui de { $other }
error-player-team_full = 
    { $name }: l'équipe «{ $team }» a déjà { $size } { $size ->
            [one] joueur
           *[other] joueurs
        }, la taille d'équipe du tournoi
error-player-duplicate = «{ $name }» est déjà inscrit à ce tournoi
error-player-has_record = { $name } a des résultats ou des pénalités: un joueur avec un historique est retiré, jamais supprimé
error-player-long_name = Nom: «{ $start }…» dépasse 100 caractères
error-player-no_name = Nom: un joueur doit avoir un nom
error-player-other_tournament = Ce joueur n'est pas inscrit à ce tournoi
error-player-seated = { $name } figure dans le plan des sessions: retirez-le (un remplaçant prend sa place), ou refaites d'abord le plan de table
error-seating-all_played = Chaque session a des résultats: il ne reste rien à placer
error-seating-gap = La session { $session } n'est pas encore placée: placez les sessions à partir de la { $session }
error-seating-no_free_seat = { $name } n'est pas dans le plan et aucune place de joueur retiré n'est libre: les tables restent telles quelles
error-seating-no_such_player = Session { $session }, table { $table }: le joueur { $player } n'existe pas (les joueurs vont de 0 à { $last })
error-seating-not_multiple = 
    { $players } joueurs ne remplissent pas des tables de { $size }: ajoutez { $missing } { $missing ->
            [one] remplaçant
           *[other] remplaçants
        } pour arriver à { $filled } (ou retirez-en { $extra })
error-seating-not_seated = Ce joueur n'est pas placé dans la session { $session }
error-seating-other_tournament = Cette table n'appartient pas à ce tournoi
error-seating-plan_players = Session { $session }: ses tables ne placent pas les joueurs du plan
error-seating-plan_unknown = Un joueur du plan enregistré n'est plus inscrit
error-seating-played = 
    { $played } { $played ->
            [one] session jouée
           *[other] sessions jouées
        }, mais le plan de table en a { $total }
error-seating-player_count = { $n } joueurs: un plan de table demande entre 4 et { $max } joueurs
error-seating-range = Sessions { $first }–{ $last }: le tournoi a les sessions 1–{ $sessions }
error-seating-ranking = Le classement d'après lequel placer ne contient pas chaque joueur une seule fois
error-seating-session_count = { $n } sessions: un plan de table demande entre 1 et { $max } sessions
error-seating-session_played = La session { $session } a déjà des résultats: ses places sont fixées
error-seating-standings_session = La session { $session } ne peut pas être placée selon le classement: le classement vient des sessions précédentes (2 à { $sessions })
error-seating-standings_unplayed = Session { $session }, table { $table }: pas encore de résultats, le classement avant la session n'est pas complet
error-seating-stored_shape = Le plan de table enregistré a des tables d'une autre taille que celle du règlement
error-seating-table_count = Session { $session }: { $tables } tables pour { $players } joueurs (il en faut { $need })
error-seating-missing_player = Session { $session }: le joueur { $player } n'est pas placé
error-seating-twice = Session { $session }: le joueur { $player } est placé deux fois
error-seating-weight = { $field }: les poids doivent être entre 0 et 100
error-seating-wind_fixed = La table a déjà des manches: son vent du premier tour est fixé
error-seating-withdrawn = { $name } s'est retiré: inscrivez un remplaçant qui prend sa place avant de refaire le plan de table
error-settings-federation_format = Le format du numéro de fédération dépasse 40 caractères
error-settings-teams = Équipes: le nombre de joueurs par équipe ({ $size }) doit aller de 1 à { $max }, et les meilleurs comptés ({ $best }) ne pas le dépasser
error-settings-dates = Dates: la date de fin { $end } précède la date de début { $start }
error-settings-locked = Options du règlement: des manches ont été calculées avec les options actuelles; elles ne peuvent plus changer
error-settings-manches = Manches par session: { $n } n'est pas entre 1 et 64
error-settings-no_name = Nom: un tournoi doit avoir un nom
error-settings-options = Options du règlement: { $why }
error-settings-placement = Points de rang: { $points } doivent diminuer de la première à la dernière place
error-settings-rules = Règlement: règlement inconnu «{ $id }» (cette version connaît: { $known })
error-settings-sessions = Sessions: { $n } n'est pas entre 1 et { $max }
error-store-driver = { $detail }
error-store-no_tls_here = { $server }: le serveur de cette machine n'utilise pas TLS: ajoutez ?sslmode=disable à l'adresse (une connexion sur cette machine ne traverse aucun réseau)
error-store-no_tls_hall = { $server }: le serveur n'utilise pas TLS, que les postes exigent entre machines: activez son TLS (scripts/hall-server.sh le met en place); ?sslmode=disable est réservé à un serveur sur cette machine
error-store-no_row = Erreur de base de données: une ligne dont le poste a besoin manque
error-store-migration_missing = Migration de la base de données vers le schéma { $to }: cette version n'a pas de migration pour ce type de base de données — elle n'a pas été modifiée
error-store-backup_check = la copie n'a pas passé la vérification (intégrité: { $check }, schéma { $schema })
error-store-backup_no_name = aucun nom libre pour la sauvegarde à côté de la base de données
error-store-column = Les données enregistrées ne peuvent pas être relues: { $detail }
error-store-column_missing = pas de colonne { $name }
error-store-column_count = une colonne attendue, { $count } trouvées
error-store-column_value = colonne { $name }: { $detail }
error-store-column_real = un nombre décimal ({ $value }) là où un nombre entier est conservé
error-store-column_blob = des données binaires là où un texte ou un nombre est conservé
error-store-column_word = colonne { $column }: «{ $found }» n'est pas une valeur qu'elle contient
error-store-tls-mode = sslmode={ $mode } est inconnu: indiquez disable, prefer, require, verify-ca ou verify-full
error-store-tls-both = indiquez sslrootcert ou sslfingerprint, pas les deux
error-store-tls-fingerprint = sslfingerprint: 32 octets en hexadécimal sont attendus (AB:CD:…), pas «{ $text }»
error-store-tls-setup = le chiffrement ne peut pas être mis en place: { $detail }
error-store-tls-roots = sslrootcert { $file }: { $detail }
error-store-tls-no_certificate = sslrootcert { $file }: il ne contient aucun certificat
error-store-no_data_directory = Cet utilisateur n'a pas de dossier de données pour la base de données par défaut: indiquez --db CHEMIN
error-store-no_password = Le serveur { $server } demande un mot de passe: définissez PGPASSWORD ou mettez-le dans ~/.pgpass (host:port:database:user:password, lisible par vous seul); le poste d'arbitrage le demande
error-store-wrong_password = Le serveur { $server } a refusé le mot de passe: vérifiez-le auprès de l'arbitre de la salle (le script du serveur l'imprime)
error-store-read_only = { $location } est ouvert en lecture seule (cet utilisateur ne peut pas y écrire, ou le disque est en lecture seule): rien n'a été modifié
error-store-read_only_old = { $path }: cette base de données vient d'un Stecca plus ancien (schéma { $found }) et ne peut pas être écrite ici pour la mettre à jour; copiez-la dans un dossier où vous pouvez écrire et ouvrez la copie — elle n'a pas été modifiée
error-store-backup = Sauvegarde avant la migration de { $path }: { $detail } — la base de données n'a pas été modifiée
error-store-busy = La base de données est occupée: un autre poste y écrit; réessayez dans un instant
error-store-offline = Le serveur { $server } est injoignable ({ $detail }): rien n'a été enregistré
error-store-offline_no_connection = aucune connexion
error-store-offline_lost = la connexion a été perdue
error-store-offline_lost_writing = la connexion a été perdue pendant une écriture
error-store-offline_retrying = toujours injoignable; nouvel essai dans un instant
error-store-offline_refused = le serveur refuse les connexions: est-il lancé?
error-store-offline_timeout = pas de réponse à temps: vérifiez le câble ou le Wi-Fi
error-store-offline_no_route = aucun chemin pour l'atteindre: vérifiez le câble ou le Wi-Fi
error-store-offline_other = pas de réponse ({ $detail })
error-store-offline_connection = la connexion a été perdue ou refusée: { $detail }
error-store-no_second_connection = une base de données en mémoire ne peut pas être ouverte une seconde fois
error-store-location = { $location }: ce n'est pas une adresse de base de données ({ $detail }); indiquez un chemin de fichier ou postgres://user@host/database
error-store-not_empty = { $target } contient déjà des tournois, des clubs ou des préférences: copiez dans une nouvelle base de données vide
error-store-database = Erreur de base de données: { $detail }
error-store-foreign = { $path }: { $why }, ce n'est pas une base de données Stecca — elle n'a pas été modifiée
error-store-json = Les données enregistrées ne peuvent pas être relues: { $detail }
error-store-migration = La migration de la base de données vers le schéma { $to } a échoué: { $detail } — rien n'en a été conservé
error-store-nested = Erreur interne: opérations tout-ou-rien imbriquées
error-store-too_new = { $path }: cette base de données a été écrite par un Stecca plus récent (schéma { $found }, cette version connaît jusqu'au { $supported }); ouvrez-la avec cette version ou une plus récente — elle n'a pas été modifiée
error-text-control = { $field }: contient le caractère de contrôle { $code }; les noms sont du texte simple sur une ligne
error-text-invisible = { $field }: «{ $shown }» contient le caractère invisible { $code } à la position { $position }; retapez-le sans ce caractère
error-tournament-archived = Ce tournoi est archivé: il peut être consulté et exporté, pas modifié
error-tournament-has_results = { $name } a { $manches } manches: un tournoi avec des résultats n'est jamais supprimé; archivez-le plutôt
error-tournament-bad_options = Le tournoi «{ $name }» a des options que son règlement refuse ({ $why }): rien n'a été touché; ouvrez-le avec la version qui l'a créé
error-tournament-unknown_rules = Le tournoi «{ $name }» joue «{ $rules }», un règlement que cette version de Stecca ne connaît pas (elle connaît: { $known }): rien n'a été touché; ouvrez-le avec la version qui l'a créé
error-club-no_name = Le club doit avoir un nom
error-club-long_name = Le nom du club «{ $start }…» dépasse 100 caractères
error-club-rules = Aucun règlement ne s'appelle «{ $rules }»
error-club-fee = Frais de table: zéro ou plus, et au plus cent milliards d'euros
error-club-avoid_under = Éviter les transferts de moins de: zéro ou plus, et au plus cent milliards d'euros
error-club-starting_chips = Jetons de départ: de 1 à { $max }
error-club-long_number = { $name }: le numéro de membre dépasse 30 caractères
error-club-duplicate = Un club nommé «{ $name }» existe déjà
error-club-other_club = Ce membre, cette soirée ou cette écriture appartient à un autre club
error-evening-closed = Cette soirée est clôturée: ses résultats sont dans le livre de caisse; corrigez-les par une écriture de correction
error-evening-has_manches = Cette table a des manches saisies: son résultat vient d'elles, pas du décompte des jetons
error-evening-no_tables = Une soirée doit avoir au moins une table
error-evening-table_size = 
    Table { $table }: { $count } { $count ->
            [one] joueur
           *[other] joueurs
        }; une table de ce règlement accueille de { $min } à { $max } joueurs
error-evening-table_size_exact = 
    Table { $table }: { $count } { $count ->
            [one] joueur
           *[other] joueurs
        }; une table de ce règlement accueille { $size } joueurs
error-evening-twice = { $name } est à deux tables
error-evening-count_seats = Table { $table }: { $count } décomptes de jetons pour { $seats } places
error-evening-negative = { $name }: un décompte de jetons ne peut pas être inférieur à zéro
error-evening-table_open = La table { $table } n'a pas encore de résultat: saisissez ses manches ou ses décomptes de jetons
field-club = Club
field-club_weight = poids du club
field-country = Pays
field-country_weight = poids du pays
field-team_weight = poids de l'équipe
field-federation_id = N° de fédération
field-team = Équipe
field-name = Nom
field-tournament_name = Nom du tournoi
field-venue = Lieu
field-member_number = Numéro de membre
field-method = Méthode
field-note = Note
field-reason = Motif
field-seat = Place
field-session = Session
field-table = Table
ledger-kind-result = Résultat de la soirée
ledger-kind-fee = Frais de table
ledger-kind-cash_in = Versement au club
ledger-kind-cash_out = Paiement au membre
ledger-kind-transfer = Transfert
ledger-kind-correction = Correction
ledger-kitty = Caisse du club
cli-no_window = cette version n'a pas de fenêtre (compilée sans la fonctionnalité gui, pour un serveur de salle): indiquez une commande, comme `stecca board` ou `stecca --help`
cli-clock_needs = indiquez quelle horloge: --tournament ID --session N
cli-board_at = Le tableau de «{ $name }» est à { $url } — Ctrl+C l'arrête.
cli-amount_too_large = { $name }: plus de { $max } centimes
cli-at_line = ligne { $line }: { $why }
cli-cannot_read = impossible de lire { $path }
cli-cannot_read_input = impossible de lire l'entrée
cli-cannot_read_line = impossible de lire la ligne { $line }
cli-chips_saved = table { $table }: décomptes de jetons enregistrés
cli-copied = copié { $from } → { $to }
cli-demo_made = 
    tournoi { $id }: { $players } { $players ->
            [one] joueur
           *[other] joueurs
        }, { $sessions } { $sessions ->
            [one] session
           *[other] sessions
        }, { $manches } { $manches ->
            [one] manche
           *[other] manches
        } en { $seconds } s → { $location }
cli-demo_multiple = --players { $players }: une démo de { $rules } nécessite un multiple positif de { $seats }
cli-demo_sessions = --sessions { $sessions }: de 1 à { $max } attendu
cli-demo_too_many = --players { $players }: une démo place au plus { $max } joueurs
cli-empty_manche = entrée invalide: manche vide
cli-empty_name = ligne { $line }: le nom est vide
cli-evening_tables = --table { $table }: la soirée a les tables 1 à { $last }
cli-give_cash = indiquez --in MONTANT ou --out MONTANT
cli-give_players = indiquez --players N, ou --clubs FICHIER.csv
cli-give_session = session: indiquez --session ou "session"
cli-give_sessions = indiquez --sessions R
cli-give_table = table: indiquez --table ou "table"
cli-given_twice = { $name } est indiqué deux fois
cli-input_too_long = l'entrée dépasse { $limit } octets
cli-invalid_input = entrée invalide: { $why }
cli-line_too_long = la ligne dépasse { $limit } octets
cli-list_manches = 
    { $n } { $n ->
            [one] manche
           *[other] manches
        }
cli-list_players = 
    { $n } { $n ->
            [one] joueur
           *[other] joueurs
        }
cli-listed_twice = ligne { $line }: { $name } figure deux fois
cli-no_database = { $location }: base de données introuvable (indiquez --db CHEMIN)
cli-no_header = { $file }: pas de ligne d'en-tête
cli-no_name_column = { $file }: l'en-tête n'a pas de colonne `name` (attendu: name,club,country)
cli-no_tournaments = aucun tournoi (créez-en un au poste d'arbitrage, ou `stecca demo`)
cli-not_a_member = «{ $name }» n'est pas membre du club { $club } (membres: { $members })
cli-not_an_object = entrée invalide: une manche est un objet JSON
cli-not_balances = ce n'est pas un document de soldes: { $why }
cli-not_cents = { $name }: { $amount } n'est pas un nombre entier de centimes
cli-not_saved_offline = { $why } — non enregistré après { $seconds } s d'attente du serveur
cli-not_utf8 = ce n'est pas du texte UTF-8 (octet invalide à la position { $offset })
cli-not_zero_sum = les soldes totalisent { $sum } centimes, pas 0: rien à régler
cli-nothing_imported = { $file }: rien n'a été importé — { $problems }
cli-opening = ouverture de { $location }
cli-options_not_json = --options: ce n'est pas du JSON
cli-players_mismatch = --players { $n } mais { $file } liste { $listed } joueurs
cli-book_imported = { $book } du tournoi { $tournament }: { $done }
cli-players_registered = 
    { $n } { $n ->
            [one] joueur inscrit
           *[other] joueurs inscrits
        } au tournoi { $tournament }
cli-positive_number = { $key }: un nombre entier positif est attendu, pas { $value }
cli-proposals-give_tournament = indiquez quel tournoi: --tournament ID
cli-proposals-give_id = indiquez quelle proposition: --id N (voir `stecca proposals list`)
cli-proposals-line = #{ $id } · session { $session }, table { $table }, manche { $number } · { $state } · envoyée { $sent_at } par { $sender }
cli-proposals-waiting = en attente
cli-proposals-state_confirmed = confirmée par { $by }
cli-proposals-state_rejected = rejetée par { $by }: { $reason }
cli-proposals-withdrawn = retirée: le poste d'arbitrage a saisi cette manche en premier
cli-proposals-pins_given = PIN donné par chaque joueur
cli-proposals-entered = le poste d'arbitrage a cette manche
cli-proposals-as_sent = Telle qu'envoyée:
cli-proposals-as_scored = Telle qu'elle se calcule:
cli-proposals-no_table = la session a été replacée sans cette table: la manche ne compte pas
cli-proposals-mahjong = Mah Jong { $flags }
cli-proposals-confirmed = session { $session }, table { $table }: manche { $n } enregistrée
cli-proposals-rejected = proposition #{ $id } rejetée: le téléphone de la table affiche le motif
cli-receipt_member = un reçu nécessite --member NOM
cli-receipt_scope = un reçu couvre --evening ID, ou --from JOUR --to JOUR (from pas après to)
cli-separator = --sep { $given }: le séparateur est «,» ou «;»
cli-schedule_players = --players { $n }: un plan de table demande entre { $fewest } et { $max } joueurs
cli-schema_ready = { $location }: schéma Stecca { $version } prêt
cli-sessions_count = --sessions { $text }: un nombre de sessions de 1 à { $max } est attendu
cli-sessions_range = --sessions { $text }: une session (1 à { $max }) ou un intervalle a..b est attendu
cli-standings_one_session = --sessions { $text }: le placement selon le classement place une session à la fois (indiquez son numéro)
cli-stopped_offline = arrêté à la ligne { $line }: le serveur est resté injoignable pendant { $seconds } s; cette ligne et les suivantes n'ont pas été enregistrées
cli-table_no_member = --table: aucun membre nommé
cli-table_link = session { $session }, table { $table }: { $url }
cli-table_link_player = {"  "}{ $seat }: { $name } — PIN { $pin }
cli-table_link_revoked = session { $session }, table { $table }: lien révoqué — sa fiche n'ouvre plus rien
cli-table_size = --table-size { $size }: une table accueille 2, 3 ou 4 joueurs
cli-too_many_entrants = { $file }: plus de { $max } joueurs; un plan de table en place au plus { $max }
cli-too_many_members = { $n } membres: au plus { $max }
cli-tournament_archived = tournoi { $tournament } archivé
cli-tournament_deleted = tournoi { $tournament } supprimé ({ $name })
cli-tournament_ids = --tournament { $tournament }: voir `stecca list` pour les identifiants
cli-tournament_reopened = tournoi { $tournament } rouvert
cli-unknown_rules = --rules { $id }: règlement inconnu (connus: { $known })
cli-written = { $path } ({ $bytes } octets)
club-money_line = 1 jeton = { $value } { $value ->
        [one] centime
       *[other] centimes
    } · frais de table { $fee } · { $start } jetons par place
club-transfer_to = Payé à { $name }
club-transfer_from = Reçu de { $name }
club-in_credit = Créditeur: le club doit ce montant au membre
club-in_debt = Débiteur: le membre doit ce montant au club
club-even = À l'équilibre: personne ne doit rien
club-evening_of = Soirée du { $date }
club-period = Du { $from } au { $to }
club-receipt_title = Reçu — { $name }
club-receipt_title_number = Reçu — { $name } (membre n° { $number })
club-date = Date
club-entry = Libellé
club-amount = Montant
club-balance = Solde
club-balance_before = Solde reporté
club-balance_after = Solde
club-no_entries = Aucune écriture
club-results = Résultats
club-fees = Frais de table
club-paid = Versé
club-received = Reçu
club-corrections = Corrections
club-treasurer_signature = Le trésorier
club-statement = Relevé de compte du club
club-as_of = 
    Au { $date } · { $members } { $members ->
            [one] membre
           *[other] membres
        }
club-member = Membre
club-number = N°
club-members_total = Total des membres
club-all_total = Total (membres et caisse)
club-title = Club
club-new = Nouveau club
club-tab_members = Membres
club-tab_evenings = Soirées
club-tab_ledger = Livre de caisse
club-tab_settle = Régler les comptes
club-name = Nom du club
club-chip_value = Valeur d'un jeton (centimes)
club-fee = Frais de table (euro)
club-starting_chips = Jetons de départ
club-avoid_under = Éviter les transferts de moins de (euro)
club-avoid_under_short = Éviter les transferts de moins de
club-avoid_under_saved = Les propositions évitent désormais les transferts de moins de { $amount }
club-create = Créer le club
club-created = Club «{ $name }» créé
club-field_error = { $field }: { $why }
club-no_such_member = Aucun membre ne s'appelle «{ $name }»
club-from = Du
club-to = Au
club-receipt = Reçu
club-receipt_of = Reçu { $name }
club-bad_period = La période doit avoir un premier et un dernier jour, le premier pas après le dernier
club-add_member = Ajouter un membre
club-member_added = { $name } ajouté
club-closed = clôturée
club-open = ouverte
club-new_evening = Nouvelle soirée
club-table_hint = Tapez le numéro de table de chaque membre qui joue ce soir; les places d'une table suivent l'ordre de cette liste
club-table_of = Table de { $name }
club-open_evening = Ouvrir la soirée
club-no_date = La soirée doit avoir sa date
club-evening_opened = 
    Soirée du { $date } ouverte avec { $tables } { $tables ->
            [one] table
           *[other] tables
        }
club-source_nothing = pas encore de résultat
club-source_manches = 
    { $count } { $count ->
            [one] manche saisie
           *[other] manches saisies
        } au poste d'arbitrage
club-source_chips = jetons comptés
club-table = Table
club-chips_of = Jetons de { $name }
club-save_chips = Enregistrer les décomptes de jetons de la table { $table }
club-enter_manches = Saisir les manches au poste d'arbitrage
club-fresh_proposal = Nouvelle proposition
club-paid_mark = payé
club-correct_which = Écriture à corriger
club-pick_entry = Choisissez l'écriture à corriger
club-cash_held = Espèces détenues par le club
club-chips_counted = 
    { $count } { $count ->
            [one] jeton
           *[other] jetons
        } ({ $result })
club-chips_won = { $result } jetons
club-paying = 
    { $paid } { $paid ->
            [one] transfert payé
           *[other] transferts payés
        } sur { $count } dans cette proposition
club-close_yes = Oui, clôturer la soirée
club-confirm_close = Clôturer la soirée du { $date }? Les résultats et les frais de table passent dans le livre de caisse et la soirée ne peut plus être rouverte: une erreur se corrige alors par une écriture de correction.
club-close_evening = Clôturer la soirée
club-evening_closed = 
    Soirée clôturée: { $entries } { $entries ->
            [one] écriture
           *[other] écritures
        } dans le livre de caisse
club-chips_saved = Table { $table }: décomptes de jetons enregistrés
club-export_ledger = Livre de caisse (CSV)
club-export_statement = Relevé de compte (PDF)
club-entry_number = N° d'écriture
club-cash = Espèces
club-record_cash = Enregistrer
club-recorded = Écriture { $entry } enregistrée
club-correct = Corriger une écriture
club-correct_amount = Montant à ajouter (p. ex. -3,00)
club-everyone_now = Tout le monde, maintenant
club-kitty_only = Chacun règle avec la caisse du club
club-all_settled = Rien à régler: chaque solde est nul
club-fewest = 
    { $count } { $count ->
            [one] transfert
           *[other] transferts
        }, le moins possible
club-heuristic = 
    { $count } { $count ->
            [one] transfert
           *[other] transferts
        } (aucun règlement ne peut en utiliser moins de { $bound })
club-mark_paid = Payé: { $from } → { $to }
club-mark_all_paid = Tout marquer payé
club-paid_recorded = 
    { $count } { $count ->
            [one] transfert enregistré comme payé
           *[other] transferts enregistrés comme payés
        }
club-chips = Jetons
club-result_chips = Résultat (jetons)
password-asks = Le serveur { $server } demande le mot de passe des postes (le script de la salle l'a imprimé sur la ligne «password: …»).
password-label = Mot de passe
password-connect = Se connecter
password-connecting = Connexion à { $server }…
password-hint = Conservé seulement tant que ce poste est ouvert. Pour ne plus être sollicité, définissez PGPASSWORD ou mettez une ligne host:port:database:user:password dans ~/.pgpass (lisible par vous seul).
tile_score-summary = { $points } punti di stecca (points de bâton) · { $doubles }
tile_score-double = 1 raddoppio (×{ $factor })
tile_score-doubles = { $doubles } raddoppi (×{ $factor })
referee-title = Qui arbitre cette session?
referee-why = Le nom signe chaque modification dans le journal: en cas de litige, il indique qui a saisi ou corrigé une manche.
referee-name = Nom de l'arbitre
referee-start = Commencer
referee-later = Plus tard
board-clock = Horloge
board-teams = Équipes
board-clock_session = Session { $session }
board-no_clock = Aucune horloge de session n'est en marche.
board-call-last_minutes = { $minutes } dernières minutes
board-call-last_hand = Dernière main: aucune main ne commence après celle en cours
board-call-time = Temps écoulé! La main en cours est la dernière
board-call-paused = En pause
board-call-over = La session { $session } est terminée
board-window_title = Le tableau dans la salle
board-explain = Les joueurs voient le classement, leur place et leur fiche sur leur téléphone, sur le réseau de cet ordinateur. Rien ne peut y être modifié.
board-hall = Sur le réseau de la salle
board-only_here = Sur cet ordinateur seulement
board-port = Port
board-start = Lancer le tableau
board-stop = Arrêter le tableau
board-open_first = Ouvrez d'abord un tournoi.
board-bad_port = Port: «{ $text }» n'est pas un nombre de 1 à 65535
board-players_open = Les joueurs ouvrent:
board-copy = Copier
board-showing = Affiche «{ $name }», lu à { $time }.
board-on_sheet = Tant qu'il tourne, le plan de table imprimé porte cette adresse et son code QR.
board-standings = Classement
board-seating = Plan de table
board-final = 
    Classement final — { $sessions } { $sessions ->
            [one] session
           *[other] sessions
        }
board-after = Classement après la session { $session } sur { $sessions }
board-not_started = Classement — pas encore de résultats
board-search = Nom ou club
board-search_go = Chercher
board-shown = 
    { $shown } sur { $total } { $total ->
            [one] joueur
           *[other] joueurs
        }
board-find = Où est ma place?
board-find_hint = Une partie de votre nom
board-find_go = Trouver
board-where = Session { $session } · Table { $table } · { $seat }
board-session = Session { $session }
board-not_found = Aucun joueur de la session { $session } n'a «{ $name }» dans son nom.
board-no_seating = Aucune session n'est encore placée.
board-no_results = Aucune manche saisie pour l'instant.
board-no_tournament = Il n'y a pas encore de tournoi dans cette base de données.
board-offline = La base de données est illisible depuis { $since } ({ $why }): voici les données lues à { $read }.
board-waiting = Le tableau lit la base de données.
board-updated = Lu à { $time }. La page se met à jour toute seule.
board-card = 
    { $name }: rang { $place }, { $points } { $points ->
            [one] point
           *[other] points
        }
board-card_unranked = { $name }: non classé
board-no_manches = Aucune manche pour l'instant.
board-no_player = Ce tournoi n'a pas de joueur de ce nom.
board-no_page = Cette page n'existe pas sur le tableau.
board-read_only = Le tableau ne fait qu'afficher: rien ne peut être modifié d'ici.
board-phone-title = Table { $table }
board-phone-heading = Session { $session } · Table { $table }
board-phone-players = Joueurs (places de la manche 1)
board-phone-manches = Manches saisies
board-phone-manche = Manche { $number }
board-phone-waiting = La manche { $number } est envoyée: elle attend l'arbitre.
board-phone-complete = 
    La session est terminée à cette table ({ $count } { $count ->
            [one] manche
           *[other] manches
        }).
board-phone-rejected = L'arbitre a rejeté la manche { $number }: «{ $reason }». Corrigez-la et renvoyez-la.
board-phone-queued = Manche { $number } envoyée: elle attend l'arbitre.
board-phone-already = La manche { $number } a déjà été envoyée par un téléphone de cette table: elle n'attend l'arbitre qu'une seule fois.
board-phone-saved = Manche { $number } enregistrée: chaque joueur l'a confirmée avec son PIN.
board-phone-not_valid = Non envoyée: la manche ne se calcule pas encore, voyez les messages à côté des mains.
board-phone-desk_has = Ce que le poste d'arbitrage a pour la manche { $number }:
board-phone-nobody = { $field }: personne
board-phone-preview = La réponse du règlement
board-phone-pins = PIN (facultatifs)
board-phone-pins_hint = Chaque joueur peut taper le PIN imprimé à côté de son nom sur la fiche de la table. Laissez-les tous vides et l'arbitre confirme la manche.
board-phone-do_preview = Aperçu
board-phone-do_send = Envoyer à l'arbitre
board-phone-no_table = Ce lien n'ouvre aucune table: il est mal tapé, remplacé par une nouvelle fiche, ou sa session est terminée. Demandez à l'arbitre.
board-phone-blocked = 
    Trop de liens de table erronés depuis cet appareil: réessayez dans { $minutes } { $minutes ->
            [one] minute
           *[other] minutes
        }.
board-phone-too_often = Trop de formulaires envoyés depuis cet appareil: attendez une minute et renvoyez.
board-phone-forbidden = Ce formulaire ne peut pas être envoyé: il est périmé ou ne vient pas de la page de la table. Rouvrez le lien de la table (les cookies doivent être autorisés).
board-phone-too_large = Le formulaire est trop volumineux pour être lu.
board-phone-too_slow = Le formulaire n'est pas arrivé en entier: renvoyez-le.
board-phone-busy = Le tableau est occupé: réessayez dans quelques secondes (une manche déjà envoyée ne l'est pas deux fois).
board-phone-no_writer = Le tableau ne peut pas recevoir les manches des tables pour l'instant: demandez à l'arbitre.
board-phone-method = La page d'une table se lit et son formulaire s'envoie: rien d'autre ne se fait ici.
board-language = Langue
board-sessions_short = Sess.
board-manche_short = M.
board-table_short = T.
board-cannot_listen = Le tableau ne peut pas écouter sur { $address }: { $why }
board-cannot_start = Le tableau ne peut pas démarrer: { $why }
board-tls-read = { $file } ne peut pas être lu: { $why }
board-tls-not_file = { $file } n'est pas un fichier: indiquez le fichier PEM lui-même
board-tls-too_large = { $file } fait { $size } octets: une chaîne de certificats ou une clé fait quelques Kio (au plus { $limit }); est-ce le bon fichier?
board-tls-key_owner = { $file } appartient à un autre utilisateur: la clé du tableau doit être la vôtre (copiez-la, puis lancez chmod 600 sur la copie)
board-tls-key_open = { $file } peut être lu ou modifié par d'autres utilisateurs: lancez chmod 600 { $file }
board-tls-no_certificate = { $file } ne contient aucun certificat au format PEM (-----BEGIN CERTIFICATE-----)
board-tls-no_key = { $file } ne contient aucune clé privée au format PEM (-----BEGIN PRIVATE KEY-----)
board-tls-mismatch = le certificat { $cert } et la clé { $key } ne vont pas ensemble: { $detail }
board-session_short = S.
clock-title = Horloge de la session
clock-not_started = pas démarrée
clock-over = session terminée
clock-time = temps écoulé: la main en cours est la dernière
clock-last_minutes = { $minutes } dernières minutes
clock-last_hand = dernière main: aucune main ne commence après celle en cours
clock-paused = en pause
clock-minutes = Minutes
clock-start = Démarrer
clock-pause = Pause
clock-resume = Reprendre
clock-add_five = +5 minutes
clock-end = Terminer la session
clock-error-started = l'horloge de la session { $session } est déjà démarrée
clock-error-not_started = l'horloge de la session { $session } n'est pas démarrée
clock-error-paused = l'horloge de la session { $session } est déjà en pause
clock-error-running = l'horloge de la session { $session } n'est pas en pause
clock-error-ended = la session { $session } est terminée: son horloge ne change plus
clock-error-minutes = { $minutes } minutes: l'horloge d'une session va de 1 à { $max } minutes
clock-error-no_length = quelle est la durée de la session? Indiquez les minutes (--minutes), ou réglez-les dans les paramètres du tournoi
clock-error-no_session = le tournoi n'a pas de session { $session }
