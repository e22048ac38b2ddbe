### Stecca — italiano. Rules vocabulary (manche, punti di stecca, raddoppi, massimi) stays Italian.

# The language's own name, in the desk's language menu and the board's.
language-name = Italiano

# How numbers and amounts are written.
number-decimal_separator = {","}
number-thousands_separator = {"."}
money-amount = { $number } €

audit-detail-yes = sì
audit-detail-no = no
audit-detail-path = { $outer } · { $inner }
audit-detail-player_field = { $player } · { $field }
audit-detail-table = Tavolo { $n }
audit-detail-line = Riga { $n }
audit-key-substitute = Riserva
audit-key-withdrawn = Ritirato
audit-key-start_date = Primo giorno
audit-key-end_date = Ultimo giorno
audit-key-options = Opzioni del regolamento
audit-key-method = Metodo
audit-key-session = Sessione
audit-key-seat = Posto
audit-key-win = Segni di chiusura
audit-after = Dopo
audit-archived = Torneo archiviato da { $referee } alle { $time }
audit-before = Prima
audit-click_hint = Clic su una riga per vedere i dati registrati.
audit-deleted = Torneo eliminato da { $referee } alle { $time }
audit-filter_player = Giocatore
audit-filter_referee = Arbitro
audit-filter_table = Tavolo (es. S1 T3)
audit-manche_corrected = { $place } corretta da { $referee } alle { $time }
audit-manche_entered = { $place } inserita da { $referee } alle { $time }
audit-other = { $entity } { $action } da { $referee } alle { $time }
audit-penalty_given = Penalità di { $points } punti a { $player } ({ $reason }) data da { $referee } alle { $time }
audit-penalty_revoked = Penalità a { $player } tolta da { $referee } alle { $time }
audit-player_added = { $player } iscritto da { $referee } alle { $time }
audit-player_deleted = { $player } eliminato da { $referee } alle { $time }
audit-player_edited = Dati di { $player } modificati da { $referee } alle { $time }
audit-player_reinstated = { $player } riammesso da { $referee } alle { $time }
audit-player_withdrawn = { $player } ritirato da { $referee } alle { $time }
audit-raw = Cosa è cambiato
audit-json = Dati registrati (JSON)
audit-field = Campo
audit-reopened = Torneo riaperto da { $referee } alle { $time }
audit-round_wind = { $place }: vento del primo giro { $wind }, scelto da { $referee } alle { $time }
audit-seats_swapped = { $place }: { $player } scambiati di posto da { $referee } alle { $time }
audit-link_revoked = { $place }: collegamento del telefono del tavolo revocato da { $referee } alle { $time }
audit-proposal_confirmed = { $place }: la manche inviata dal telefono del tavolo, confermata da { $referee } alle { $time }
audit-proposal_rejected = { $place }: la manche inviata dal telefono del tavolo, rifiutata da { $referee } alle { $time }: { $reason }
audit-proposal_withdrawn = { $place }: la manche inviata dal telefono del tavolo, ritirata da { $referee } alle { $time } (il banco l'aveva già inserita)
audit-session_seated = { $place }: posti generati da { $referee } alle { $time }
audit-book = 
    { $referee } ha modificato «{ $book }» alle { $time }: { $before } → { $after } { $after ->
            [one] riga
           *[other] righe
        }
audit-settings_changed = Impostazioni cambiate da { $referee } alle { $time }
audit-shown = { $shown } di { $total }
audit-title = Registro delle modifiche
audit-tournament_created = Torneo creato da { $referee } alle { $time }

book-edit_line = Clic per modificare
book-remove = Elimina
book-unnamed = L'elenco del torneo

closing-back = Torna alla manche
closing-discard = Scartala e chiudi
closing-keep = Conserva la bozza e chiudi
closing-title = Chiudere Stecca?
closing-unsaved = La manche { $number } non è confermata. Come bozza resta su questa postazione e si ritrova alla riapertura.

common-reading = Lettura dal database in corso…
common-not_a_date = { $field }: «{ $text }» non è una data come 2026-11-22
common-not_a_number = { $field }: «{ $text }» non è un numero
common-ordinal = { $n }°
common-cancel = Annulla

desk-still_writing = La modifica precedente non è ancora stata salvata: riprova tra un momento.
desk-waiting = In attesa del database da { $seconds } s ({ $jobs } in coda): lo schermo resta utilizzabile e mostra gli ultimi dati letti.

entry-book_more = … e altre { $n }: scrivi qualche lettera in più
entry-book_none = Nessuna riga corrisponde a quanto scritto
entry-keys_cards = F1–F{ $last } = di chi sono le carte scritte e cliccate · scrivi i codici (1L 8A 12C1) o clicca le carte qui sotto · Invio = giocatore successivo · Ctrl+Invio = conferma · { $esc }
entry-keys_columns = F1–F{ $last } = la colonna del giocatore · Invio = campo successivo · Ctrl+Invio = conferma · { $esc }
entry-cards_for = Carte: un clic dà o riprende una carta di { $name }
entry-card_taken = { $card } è già tra le carte di { $name }
entry-keys_book_line = { $keys } · Invio = sceglie la prima proposta
entry-keys_one_player = { $keys } · Maiusc+F1–F{ $last } = { $field }
entry-keys = F1–F{ $last } = { $mahjong } della mano 1–{ $last } · Ctrl+Invio = conferma · { $esc }
entry-keys_winner = F1–F{ $last } = { $mahjong } della mano 1–{ $last } · F5… = segni di chiusura di { $winner } · Ctrl+Invio = conferma · { $esc }
entry-shift = Maiusc
entry-keys_enter = Invio = mano successiva
entry-keys_esc = Esc = torna al tavolo (la bozza resta)
entry-keys_esc_proposal = Esc = torna alle proposte (le modifiche restano)
entry-keys_title = Tasti
entry-cannot_confirm = Non si può confermare: { $why }
entry-draft_discard = Scarta la bozza
entry-draft_kept = Bozza della manche { $n } conservata: riaprendola si riprende da dove era.
entry-draft_restored = Bozza ripresa: questa manche era stata lasciata senza conferma.
entry-kept_offline = Server non raggiungibile: la manche { $n } è conservata e sarà salvata appena il server torna raggiungibile (una sola volta).
entry-pending = la manche { $n } confermata è conservata e sarà salvata al ritorno del server
entry-pays = { $from } paga { $amount } a { $to }
entry-off_result = { $player }: { $points } punti tolti dal risultato del torneo
entry-puts_on_table = { $player } mette { $amount } sul tavolo
entry-collects_from_table = { $player } prende { $amount } dal tavolo
entry-confirm = Conferma manche (Ctrl+Invio)
entry-correction = correzione
entry-hand = Mano
entry-not_valid = La manche non è ancora valida: vedi i messaggi accanto alle mani.
entry-palette = Tessere
entry-payments = Pagamenti
entry-saved = Manche { $n } salvata.
entry-value = Valore
entry-void = A monte
entry-proposal_from = Proposta dal telefono del tavolo { $table } ({ $phone }), inviata alle { $time }
entry-proposal_edited = Modificata dall'arbitro: si conferma come è ora sullo schermo, non come l'ha inviata il tavolo.
entry-proposal_undo = Riprendi le mani inviate dal tavolo

links-title = Telefono del tavolo
links-explain = Il telefono del tavolo apre questo collegamento (il codice QR del foglietto) e invia le manche all'arbitro; con i PIN di tutti i giocatori la manche è garantita da tutto il tavolo. Il collegamento vale solo per questo tavolo in questa sessione.
links-pins = PIN dei giocatori
links-no_board = Il tabellone non è avviato da questo banco: avvialo (Tabellone) perché il telefono abbia l'indirizzo da aprire.
links-none = Il tavolo { $table } non ha un collegamento in vigore: il suo vecchio foglietto non apre più nulla.
links-revoke = Revoca il collegamento
links-new = Nuovo collegamento
links-confirm_revoke = Revocare il collegamento del tavolo { $table }? Il suo telefono non potrà più inviare manche finché il tavolo non avrà un nuovo collegamento.
links-confirm_new = Dare al tavolo { $table } un nuovo collegamento? Il vecchio foglietto non aprirà più nulla: il tavolo avrà bisogno del nuovo (codice QR e PIN nuovi).
links-revoke_yes = Sì, revoca
links-new_yes = Sì, nuovo collegamento
links-revoked = Collegamento del tavolo { $table } revocato: il suo telefono non invia più manche.
links-reissued = Nuovo collegamento per il tavolo { $table }: il vecchio foglietto non vale più.

nav-board = Tabellone
nav-read_only = Sola lettura: { $location } non può essere scritto da questo utente (file di un altro utente, o disco in sola lettura). Si può consultare ed esportare; nessuna modifica può essere salvata.
nav-audit = Registro
nav-players = Giocatori
nav-referee = Arbitro
nav-sessions = Sessioni
nav-settings = Impostazioni
nav-standings = Classifica
nav-tournaments = Tornei
nav-club = Circolo
nav-proposals = Proposte
nav-proposals_waiting = Proposte ({ $n })

palette-chow = Scala
palette-exposed = Esposta [ ]
palette-kong = Poker
palette-pair = Coppia
palette-pung = Tris
palette-single = Singola
palette-undo = Togli l'ultimo gruppo

players-complete = 
    { $active } { $active ->
            [one] giocatore attivo
           *[other] giocatori attivi
        }: { $tables } { $tables ->
            [one] tavolo
           *[other] tavoli
        } da { $size }.
players-complete_mixed = 
    { $active } { $active ->
            [one] giocatore attivo
           *[other] giocatori attivi
        }: { $tables } { $tables ->
            [one] tavolo
           *[other] tavoli
        } da { $size } e { $short } da { $smaller }.
players-confirm_delete = Eliminare { $name }? Nessun risultato né posto: la registrazione sparisce, il registro ne conserva traccia.
players-delete = Elimina
players-delete_yes = Sì, elimina
players-deleted = Giocatore eliminato: { $name }
players-browse = Sfoglia…
players-add = Aggiungi giocatore
players-club = Club
players-country = Paese
players-edit = Modifica giocatore
players-federation_id = Tessera federale
players-team = Squadra
players-import = Importa da CSV
players-import_file = File
players-import_go = Importa tutti
players-import_hint = Colonne: name, club, country, federation_id, substitute, team. Si importa tutto o niente.
players-import_summary = 
    { $ok } { $ok ->
            [one] riga valida
           *[other] righe valide
        }, { $errors } con errori.
players-imported = 
    { $n } { $n ->
            [one] giocatore importato
           *[other] giocatori importati
        }.
players-name = Nome
players-none = Nessun giocatore iscritto: aggiungili qui sotto o importa un elenco CSV.
players-not_multiple = 
    { $active } { $active ->
            [one] giocatore attivo
           *[other] giocatori attivi
        }: aggiungi { $n } { $n ->
            [one] riserva
           *[other] riserve
        } per completare i tavoli da { $size }.
players-preview = Anteprima
players-reinstate = Riammetti
players-save = Salva
players-saved = Giocatore salvato: { $name }
players-status = Stato
players-substitute = riserva
players-substitute_hint = Riserva (giocano ma non entrano in classifica)
players-title = Giocatori
players-withdraw = Ritira
players-withdrawn = ritirato

proposals-title = Proposte dai tavoli
proposals-explain = Le manche inviate dai telefoni dei tavoli aspettano qui l'arbitro: aprila per vederla come nello schermo della manche, poi conferma (anche dopo averla corretta) o rifiuta dicendo perché.
proposals-waiting = In attesa: { $n }
proposals-none_waiting = Nessuna manche attende l'arbitro.
proposals-sent_at = Inviata alle
proposals-phone = Dal telefono
proposals-pins = PIN
proposals-pins_all = tutti i PIN
proposals-pins_none = —
proposals-all_pins = · tutti i giocatori hanno dato il PIN
proposals-open = Apri
proposals-entered = già inserita al banco
proposals-no_table = il tavolo non è più nella sessione
proposals-withdraw = Ritira
proposals-reject_one = Rifiuta…
proposals-reject = Rifiuta
proposals-reason = Motivo del rifiuto
proposals-rejected_done = Manche { $number } del tavolo { $table } rifiutata: il telefono del tavolo mostra il motivo.
proposals-confirmed_done = Manche { $number } del tavolo { $table } confermata e salvata.
proposals-confirmed_anyway = La manche non era (più) inserita al banco: la proposta è stata confermata.
proposals-decided = Decise: { $n }
proposals-more = … e altre { $n } decise prima
proposals-line = Sessione { $session } · tavolo { $table } · manche { $number } — { $outcome }
proposals-confirmed_by = confermata da { $referee } alle { $time }
proposals-rejected_by = rifiutata da { $referee } alle { $time }: { $reason }
proposals-withdrawn = ritirata alle { $time }: il banco l'aveva già inserita

sessions-above_bound = { $above } oltre il minimo possibile ({ $percent } % in più)
sessions-by_standings = Assegna la sessione { $session } dalla classifica
sessions-by_standings_done = 
    Sessione { $session } assegnata dalla classifica: { $moved } { $moved ->
            [one] giocatore spostato
           *[other] giocatori spostati
        } per evitare incontri, { $repeats } { $repeats ->
            [one] incontro ripetuto rimasto
           *[other] incontri ripetuti rimasti
        }.
sessions-by_standings_hint = Al tavolo 1 i primi in classifica, poi i seguenti in ordine; uno scambio con il tavolo successivo evita un incontro ripetuto; nessuno si sposta di più di un tavolo. Ogni tavolo delle sessioni precedenti deve avere risultati.
sessions-search = Cerca giocatore o n. tavolo
sessions-no_match = Nessun tavolo di questa sessione corrisponde alla ricerca.
sessions-unavoidable = incontri ripetuti inevitabili con questi giocatori e sessioni
sessions-team_meetings = Incontri tra compagni di squadra: { $n }
sessions-ended_on_the_clock = chiusa dall'orologio
sessions-club_notes = Incontri tra soci di { $n } club: perché
sessions-club_avoidable = 
    { $club } — incontri tra soci: { $meetings }. Nessun limite li impone ({ $members } { $members ->
            [one] socio
           *[other] soci
        }, { $tables } { $tables ->
            [one] tavolo
           *[other] tavoli
        }): un peso club più alto può ridurli.
sessions-club_per_session = 
    { $club } — incontri tra soci: { $meetings }, inevitabili: { $unavoidable }. { $members } { $members ->
            [one] socio
           *[other] soci
        } per { $tables } { $tables ->
            [one] tavolo
           *[other] tavoli
        }: alcuni siedono insieme in ogni sessione.
sessions-club_without_repeats = { $club } — incontri tra soci: { $meetings }, inevitabili: { $unavoidable }. Senza incontri ripetuti ognuno incontra quasi tutti, soci compresi.
sessions-club_weight = Peso club
sessions-generate = Genera i posti delle sessioni non giocate
sessions-generated = Posti generati per le sessioni { $from }–{ $to }.
sessions-import = Importa un piano (CSV)
sessions-import_go = Importa il piano per le sessioni { $from }–{ $to }
sessions-import_hint = Colonne: session, table, seat, player (numero di tessera o nome). Il file è controllato tutto prima; le sessioni con risultati non si sostituiscono; si salva tutto o niente.
sessions-import_more = … e altri { $n }
sessions-import_problems = 
    Il piano non può essere importato: { $n } { $n ->
            [one] problema
           *[other] problemi
        }
sessions-import_ready = Sessioni { $from }–{ $to }: incontri ripetuti { $repeats } (minimo possibile { $bound }) · incontri stesso club { $club }
sessions-imported = Piano importato per le sessioni { $from }–{ $to }.
sessions-manches = Manche
sessions-meet_again = 
    { $a } e { $b } si incontrano di nuovo (già { $times } { $times ->
            [one] volta
           *[other] volte
        }): nessuno scambio entro un tavolo li separa
sessions-moved = { $name }: tavolo { $to } invece di { $from } (per classifica), per evitare un incontro ripetuto
sessions-not_seated = Questa sessione non ha ancora i posti: premi «{ $button }».
sessions-open_table = Apri tavolo
sessions-report = Incontri ripetuti: { $repeats } (minimo possibile { $bound }) · scarto venti: { $wind } · incontri stesso club: { $club }
sessions-report_first_deal = Incontri ripetuti: { $repeats } (minimo possibile { $bound }) · scarto primo mazziere: { $first } · incontri stesso club: { $club }
sessions-session = Sessione
sessions-swap_hint = Clicca due giocatori per scambiarli (solo sessioni senza risultati).
sessions-swapped = Giocatori scambiati.
sessions-table = Tavolo
sessions-title = Sessioni
sessions-void = 
    · { $n } { $n ->
            [one] nulla
           *[other] nulle
        }

settings-federation_format = Formato del numero federale (# cifra, A lettera)
settings-team_size = Giocatori per squadra
settings-team_best = Migliori contati per squadra (0: tutti)
settings-by_placement = Punti piazzamento, poi punti
settings-by_points = Punti totali
settings-by_points_with_placement = Punti totali con i punti di piazzamento (uma) sommati
settings-end = Ultimo giorno (AAAA-MM-GG)
settings-manches = Manche per sessione
settings-clock_warning = Avviso dell'orologio (minuti)
settings-last_hand = «Ultima mano» (minuti)
settings-phones = Telefoni dei tavoli
settings-proposals_by_pins = una manche inviata con il PIN di ogni giocatore si salva senza l'arbitro
settings-session_minutes = Minuti per sessione (orologio)
settings-placement_points = Punti piazzamento
settings-ranking = Classifica
settings-remove = Togli
settings-rules = Regolamento
settings-save = Salva impostazioni
settings-saved = Impostazioni salvate.
settings-seed = Seme dei posti
settings-fixed = Regolamento, opzioni e punti iniziali sono fissati: il torneo ha { $n } manche calcolate con questi valori.
settings-starting_points = Punti iniziali
settings-tie_breaks = Spareggi (in ordine)
settings-title = Impostazioni del torneo
settings-up = Su

report-title = Rapporto del torneo
report-tournament = Il torneo
report-options = Opzioni cambiate
report-players = Giocatori
report-players_count = 
    { $ranked } in classifica, { $substitutes } { $substitutes ->
            [one] riserva
           *[other] riserve
        }
report-countries = Paesi
report-sessions_count = { $played } giocate su { $sessions }, { $manches } manche ciascuna
report-manches = Manche inserite
report-referees = Arbitri (voci del registro)
report-standings = Classifica finale
report-penalties = Penalità
report-revoked = revocata
report-scored_penalty = S{ $session } · -{ $points } con una mano
report-corrections = Correzioni

teams-title = Classifica a squadre
teams-members = Componenti
teams-none = Nessuno gioca in una squadra: indicare la squadra nella schermata giocatori o nella colonna team della lista importata.
teams-counted = 
    { $n } { $n ->
            [one] migliore contato
           *[other] migliori contati
        }

standings-confirm_penalty = Togliere { $points } punti a { $name } (motivo: { $reason })?
standings-confirm = Conferma
standings-cancel = Annulla
standings-give_penalty = Assegna penalità
standings-manches_played = Manche giocate
standings-penalties = Penalità
standings-penalty_points = Punti
standings-penalty_reason = Motivo
standings-place = Pos.
standings-placement = Piazz.
standings-points = Punti
standings-progression = Andamento
standings-revoke = Revoca
standings-search = Cerca
standings-sessions = Sessioni
standings-title = Classifica

table-scale = Per giocatore: netto della manche · punti della sessione (come in classifica) e, tra parentesi, le fiches sul tavolo partendo da { $start }.
table-complete = Sessione completa.
table-correct = correggi
table-draft = bozza
table-east = Est
table-enter = Inserisci la manche
table-entered = inserita
table-manche = Manche
table-next = da inserire
table-pending = —
table-round = Giro
table-start_wind = Vento del primo giro (muro della breccia):
table-status = Stato
table-void = a monte

tie-best_session = Miglior sessione
tie-fewer_penalties = Meno penalità
tie-mahjongs = Più Mah Jong
tie-placement = Punti piazzamento
tie-points = Punti totali

tile-bamboo = bambù
tile-characters = caratteri
tile-dots = cerchi
tile-flower = fiore
tile-green = drago verde
tile-red = drago rosso
tile-season = stagione
tile-white = drago bianco
tile-wind = vento

tournaments-delete_yes = Sì, elimina
tournaments-archive = Archivia
tournaments-archive_hint = Un torneo con risultati non si elimina: archiviato resta consultabile ed esportabile, ma non modificabile.
tournaments-archived = archiviato
tournaments-confirm_delete = 
    Eliminare il torneo «{ $name }» e { $players ->
            [one] il suo
           *[other] i suoi
        } { $players } { $players ->
            [one] giocatore
           *[other] giocatori
        }? Non ha risultati; il registro ne conserva traccia.
tournaments-delete = Elimina
tournaments-deleted = Torneo eliminato — { $name }
tournaments-unarchive = Riapri
tournaments-create = Crea torneo
tournaments-created = Torneo creato — { $name }
tournaments-demo = Crea il torneo dimostrativo (32 giocatori, 4 sessioni)
tournaments-demo_created = Torneo dimostrativo creato: ogni manche è già inserita.
tournaments-manches = Manche
tournaments-name = Nome
tournaments-new = Nuovo torneo
tournaments-none = Nessun torneo in questo archivio. Crea il tuo, o apri il torneo dimostrativo per vedere Stecca al completo.
tournaments-open = Apri
tournaments-players = Giocatori
tournaments-sessions = Sessioni
tournaments-start = Data
tournaments-start_hint = Primo giorno (AAAA-MM-GG)
tournaments-title = Tornei
tournaments-venue = Sede

form-round = Giro: { $wind }

seat-dealer = Mazziere
seat-number = Posto
seat-numbered = Posto { $n }

wind-east = Est
wind-north = Nord
wind-south = Sud
wind-west = Ovest

pdf-board = Classifica e posti sul telefono, nella rete della sala:
pdf-winner = Vincitore
pdf-provisional = 
    Classifica provvisoria — sessione { $session } / { $sessions } in corso, { $manches } manche { $manches ->
            [one] inserita
           *[other] inserite
        }
pdf-after_session = dopo la sessione
pdf-card = Scheda giocatore
pdf-first_seat = Posto alla 1ª manche
pdf-first_wind = Vento alla 1ª manche
pdf-net = Netto
pdf-page = Pagina { $page } di { $pages }
pdf-referee_signature = Firma dell'arbitro
pdf-round_east = Giro · Est
pdf-scoresheet = Foglio segnapunti
pdf-seat = Vento
pdf-seating = Posti ai tavoli
pdf-seating_by_name = Posti per nome
pdf-signature = Firma
pdf-slip-title = Biglietto del tavolo
pdf-slip-scan = Inquadrate il codice con un telefono: il tavolo manda le sue manche all'arbitro, che le conferma.
pdf-slip-pins = Ciascuno tiene per sé il suo PIN: digitato sul telefono, garantisce la manche inviata.
pdf-slip-pin = PIN
pdf-slip-no_board = Manca l'indirizzo del tabellone: avviate il tabellone (o date --board-url) e ristampate per il codice.
pdf-standings = Classifica
pdf-total = Totale

export-separator-comma = Virgola (,) e punto decimale: fogli in inglese e programmi
export-separator-semicolon = Punto e virgola (;) e virgola decimale: Excel e LibreOffice in italiano
export-separator-title = CSV
export-file-card = scheda
export-file-ledger = libro-cassa
export-file-manches = manche
export-file-payments = pagamenti
export-file-players = giocatori
export-file-scoresheets = fogli-segnapunti
export-file-receipt = ricevuta
export-file-seating = posti
export-file-standings = classifica
export-file-statement = estratto-conto
export-written_no_dialog = Nessuna finestra di salvataggio disponibile; file scritto nella cartella delle esportazioni: { $path }
export-card = Scheda giocatore
export-manches = Tutte le manche
export-payments = Pagamenti
export-players = Giocatori
export-scoresheets = Fogli segnapunti
export-seating = Posti
export-standings = Classifica
export-written = File scritto: { $path }

error-guard-audit_append_only = Il registro delle modifiche non si corregge né si cancella: ogni correzione è una nuova riga.
error-guard-ledger_append_only = Il libro cassa non si corregge né si cancella: ogni correzione è una nuova scrittura.
error-guard-penalty_player = La penalità è per un giocatore di un altro torneo: non è stata registrata.
error-guard-seat_player = Il giocatore è di un altro torneo: non può sedere a questo tavolo.
error-guard-manche_player = Un giocatore della manche non siede a questo tavolo: la manche non è stata salvata.
error-guard-payment_player = Un pagamento nomina un giocatore che non siede a questo tavolo: la manche non è stata salvata.
error-guard-ledger_club = Il socio, la serata o la scrittura sono di un altro circolo: niente è stato scritto.
error-guard-evening_member = Il socio o il giocatore non è di questa serata: niente è stato scritto.
error-guard-chip_count_player = Il giocatore non siede a questo tavolo: il conteggio delle fiches non è stato salvato.
error-ledger-chip_sum = Le fiches contate sommano { $counted }, non { $expected } ({ $difference }): niente salvato
error-ledger-correct_member = La registrazione { $entry } è di un altro socio: una correzione va al socio della registrazione che corregge
error-ledger-zero = Un importo zero non registra nulla
error-ledger-settle = Questi saldi non si possono regolare: { $detail }
error-ledger-not_cash = Qui si registrano solo versamenti e pagamenti in contanti
error-ledger-not_positive = L'importo deve essere sopra zero
error-ledger-no_reason = Una rettifica richiede il motivo
error-money-not_amount = «{ $text }» non è un importo (es. 12,50)
error-money-decimals = «{ $text }»: al massimo { $decimals } decimali
error-money-range = «{ $text }» è fuori dai limiti
error-book-empty = { $field }: non può essere vuoto
error-book-file_too_big = { $path }: { $size } KB, oltre i { $max } KB che un elenco può avere; è il file giusto?
error-book-line = { $line }: { $why }
error-book-no_column = Il file deve avere la colonna «{ $column }» (colonne: { $columns })
error-book-not_stored = La riga { $position } dell'elenco non è un oggetto JSON: non è stato salvato nulla
error-book-not_used = Il regolamento { $rules } non tiene un elenco del torneo
error-book-not_whole = { $field }: «{ $value }» non è un numero intero
error-book-negative = { $field }: «{ $value }» non può essere negativo (serve un numero da { $min } a { $max })
error-book-range = { $field }: { $value } non va bene, serve un numero da { $min } a { $max }
error-book-too_long = { $field }: al massimo { $max } caratteri
error-enter-manche_field = `{ $field }`: un tavolo del torneo registra la manche dei suoi giocatori; questo qui non si inserisce
error-enter-carried = { $field } { $given } indicato, ma la manche { $number } del tavolo parte da { $actual }
error-enter-name_once = players: { $name } siede alla sessione { $session } tavolo { $table } e va nominato una volta sola (seduti: { $names })
error-enter-no_table = la sessione { $session } non ha il tavolo { $table }
error-enter-not_next = manche { $number }: la prossima manche del tavolo è la { $next }
error-enter-options = options: una manche si calcola con le opzioni del suo torneo; non vanno indicate
error-enter-player_count = players: { $named } nominati, al tavolo siedono in { $seats } ({ $names })
error-enter-round_wind = round_wind: indicato { $given }, ma la manche { $number } di questo tavolo si gioca in { $actual }
error-enter-rules = rules: la manche è { $given }, il torneo gioca { $plays }
error-enter-dealer = { $name } è indicato come { $field }, ma alla manche { $number } { $field } è { $dealer }
error-enter-seat = { $name }: indicato il posto { $given }, ma alla manche { $number } { $name } siede in { $actual }
error-export-card_player = Una scheda giocatore richiede un giocatore (--player)
error-export-slip_table = Il biglietto di un tavolo richiede la sua sessione e il tavolo (--session N --table T)
error-export-csv = Scrittura del CSV non riuscita: { $detail }
error-export-font = Impossibile leggere il carattere incluso
error-export-is_database = { $out }: questo è il database del torneo ({ $database }); scegliere un altro nome — non è stato scritto nulla
error-export-not_regular = { $out }: è { $kind }, non un file; un'esportazione scrive solo un file normale — non è stato scritto né cambiato nulla
error-export-not_ours = { $out }: questo file appartiene a un altro utente; scegliere un altro nome — non è stato scritto né cambiato nulla
error-export-kind-link = un collegamento simbolico
error-export-kind-folder = una cartella
error-export-kind-device = un dispositivo
error-export-kind-fifo = una pipe con nome (FIFO)
error-export-kind-socket = un socket
error-export-kind-other = un file speciale
error-export-unsupported = { $what } come { $format }: non disponibile (PDF: standings, seating, scoresheets, card, teams, report, slip; CSV: standings, ranking, teams, seating, players, manches, payments)
error-import-header = La prima riga (i nomi delle colonne) non si legge: { $detail }
error-import-line = Riga { $line }: { $why }
error-import-missing_fields = 
    { $found } { $found ->
            [one] campo
           *[other] campi
        } dove l'intestazione ne ha { $expected }: { $count ->
            [one] manca
           *[other] mancano
        } { $columns } (un valore vuoto si scrive comunque, tra due virgole)
error-import-extra_fields = 
    { $found } campi dove l'intestazione ne ha { $expected }: { $values } { $count ->
            [one] è
           *[other] sono
        } in più (un valore con una virgola va tra virgolette doppie)
error-import-no_name_column = L'elenco deve avere una colonna «name»
error-import-row = Questa riga non si legge: { $detail }
error-import-substitute = Riserva: «{ $value }» non è sì/no (yes/no, 1/0)
error-import-number_twice = Il numero federale { $number } compare due volte nel file (anche alla riga { $first })
error-import-twice = «{ $name }» compare due volte nel file (anche alla riga { $first })
error-import-unknown_column = Colonna sconosciuta «{ $column }» (note: { $known })
error-plan_import-ambiguous = “{ $player }” indica più di un giocatore: usare il numero di tessera
error-plan_import-at_line = Riga { $line }: { $why }
error-plan_import-empty = Il file non ha righe dopo l'intestazione
error-plan_import-missing = Sessione { $session }: { $player } non ha un posto
error-plan_import-no_column = Il file deve avere una colonna «{ $column }» (colonne: session, table, seat, player)
error-plan_import-no_layout = { $players } giocatori attivi non riempiono tavoli da { $size }: iscrivere riserve o ritirare giocatori prima
error-plan_import-no_player = nessun giocatore indicato
error-plan_import-number = { $field }: «{ $value }» non è un numero da 1 a { $max }
error-plan_import-player_twice = { $player } ha già un posto nella sessione { $session } (riga { $line })
error-plan_import-played = La sessione { $session } ha già risultati: un piano importato può assegnare solo sessioni senza risultati
error-plan_import-refused = 
    Il piano non è stato importato ({ $n } { $n ->
            [one] problema
           *[other] problemi
        }): { $first }
error-plan_import-seat_gap = Sessione { $session }, tavolo { $table }: manca il posto { $seat }
error-plan_import-seat_twice = sessione { $session }, tavolo { $table }, posto { $seat } indicato due volte
error-plan_import-session_gap = Il file assegna le sessioni da { $first } a { $session } ma manca la sessione { $missing }
error-plan_import-sizes = Sessione { $session }: { $tables } tavoli per { $players } giocatori, non i tavoli da { $size } che le regole richiedono per i giocatori attivi
error-plan_import-table_gap = Sessione { $session }: manca il tavolo { $table } (i tavoli si numerano da 1)
error-plan_import-too_long = Il file ha più di { $max } righe
error-plan_import-unknown_player = nessun giocatore iscritto come «{ $player }» (per nome o numero di tessera)
error-plan_import-withdrawn = { $player } si è ritirato e non può avere un posto
error-io-at = { $path }: { $why }
error-io-directory = è una cartella
error-io-exists = il file esiste già
error-io-full = il disco è pieno
error-io-not_found = file o cartella inesistente
error-io-other = { $detail }
error-io-permission = manca il permesso di leggerlo o scriverlo
error-io-read_only = il disco è in sola lettura
error-manche-changes_east = Manche { $number }: questa correzione cambierebbe chi dà le carte nelle manche { $from }–{ $to }, già inserite con la rotazione attuale; non è ammessa
error-manche-replay_refused = La correzione cambia ciò che la sessione porta alla manche { $number }, che così non è più valida: { $why }
error-manche-invalid = La manche non è ancora valida
error-manche-not_next = Manche { $number }: il tavolo ha { $count } manche, la prossima è la { $next }
error-manche-not_seated = I giocatori della manche non sono i { $count } seduti a questo tavolo
error-manche-payment_stranger = Un pagamento nomina { $name }, che non gioca questa manche
error-manche-payment_too_large = Un pagamento di { $amount } è troppo grande per essere salvato
error-manche-entered_elsewhere = Manche { $number } già salvata (inserita da { $referee } alle { $time }): nulla è stato sovrascritto; una correzione si fa al banco, con traccia
error-manche-changed_elsewhere = Manche { $number } modificata da { $referee } alle { $time } su un'altra postazione: nulla è stato sovrascritto — ora sono mostrati i valori salvati; correggere di nuovo se serve
error-manche-session_complete = Tavolo { $table }: la sessione è completa ({ $count } manche)
error-manche-session_ended = Tavolo { $table }: la sessione { $session } è stata chiusa dall'orologio dopo { $count } manche: nessuna nuova manche (una correzione resta possibile)
error-not_found-manche = Questa manche non è (più) salvata: riaprire il tavolo
error-not_found-penalty = Questa penalità non è (più) in vigore
error-not_found-player = Questo giocatore non è (più) iscritto
error-not_found-table = Questo tavolo non esiste (più): forse la sessione è stata riassegnata
error-not_found-tournament = Questo torneo non esiste (più)
error-not_found-club = Questo circolo non esiste (più)
error-not_found-member = Questo socio non è (più) del circolo
error-not_found-evening = Questa serata non esiste (più)
error-not_found-ledger_entry = Nessuna registrazione ha questo numero
error-not_found-table_link = Il collegamento di questo tavolo è stato revocato: chiedere all'arbitro il nuovo foglietto del tavolo
error-not_found-proposal = Nessuna manche inviata da un tavolo ha questo numero
error-open-empty = il file è vuoto
error-open-not_file = non è un file
error-open-not_sqlite = non è un database SQLite
error-open-not_stecca = è il database di un altro programma
error-link-not_seated = La sessione { $session } non ha ancora i posti assegnati: i suoi tavoli hanno il collegamento quando li avrà
error-link-none = Il tavolo { $table } della sessione { $session } non ha un collegamento in vigore
error-link-no_randomness = Il sistema non ha dato numeri casuali per il collegamento di un tavolo: non è stato salvato niente
error-proposal-other_waiting = Il tavolo { $table } ha già inviato la manche { $number }, con altre mani: attende l'arbitro, che può rifiutarla perché il tavolo la invii di nuovo
error-proposal-decided = La manche { $number } del tavolo { $table } è già stata confermata o rifiutata
error-proposal-no_reason = Motivo: dire perché la manche è rifiutata, il tavolo lo legge sul telefono
error-proposal-pin = { $name }: il PIN digitato non è quello del foglietto del tavolo (lasciando vuoti tutti i PIN conferma l'arbitro)
error-penalty-points = Punti: una penalità toglie un numero positivo di punti, non { $points }
error-penalty-reason = Motivo: una penalità richiede un motivo
error-player-too_many = Un torneo ha al massimo { $max } giocatori (i più che un piazzamento può far sedere): { $registered } iscritti, { $adding } in più indicati — non è stato iscritto nessuno
error-player-federation_format = Il numero federale “{ $number }” non ha la forma del torneo { $format } (# una cifra, A una lettera)
error-player-federation_taken = { $name }: il numero federale { $number } è già di { $other }
error-player-team_full = 
    { $name }: la squadra “{ $team }” ha già { $size } { $size ->
            [one] giocatore
           *[other] giocatori
        }, quanti ne prevede il torneo
error-player-duplicate = «{ $name }» è già iscritto a questo torneo
error-player-has_record = { $name } ha risultati o penalità: chi ha una storia si ritira, non si elimina
error-player-long_name = Nome: «{ $start }…» supera i 100 caratteri
error-player-no_name = Nome: un giocatore deve avere un nome
error-player-other_tournament = Questo giocatore non è iscritto a questo torneo
error-player-seated = { $name } è seduto nel piano delle sessioni: ritirarlo (una riserva prende il posto), o riassegnare prima i posti
error-seating-all_played = Tutte le sessioni hanno risultati: non resta nulla da assegnare
error-seating-gap = La sessione { $session } non ha ancora i posti: assegnare le sessioni dalla { $session } in poi
error-seating-no_free_seat = { $name } non è nel piano e nessun posto di un ritirato è libero: i tavoli restano come sono
error-seating-no_such_player = Sessione { $session }, tavolo { $table }: il giocatore { $player } non esiste (i giocatori vanno da 0 a { $last })
error-seating-not_multiple = 
    { $players } giocatori non riempiono tavoli da { $size }: aggiungere { $missing } { $missing ->
            [one] riserva
           *[other] riserve
        } per arrivare a { $filled } (o toglierne { $extra })
error-seating-not_seated = Questo giocatore non siede nella sessione { $session }
error-seating-other_tournament = Questo tavolo non è di questo torneo
error-seating-plan_players = Sessione { $session }: i suoi tavoli non fanno sedere i giocatori del piano
error-seating-plan_unknown = Un giocatore del piano salvato non è più iscritto
error-seating-played = 
    { $played } { $played ->
            [one] sessione giocata
           *[other] sessioni giocate
        }, ma il piano ne ha { $total }
error-seating-player_count = { $n } giocatori: un piano richiede da 4 a { $max } giocatori
error-seating-range = Sessioni { $first }–{ $last }: il torneo ha le sessioni 1–{ $sessions }
error-seating-ranking = La classifica da cui sedere non elenca ogni giocatore una volta sola
error-seating-session_count = { $n } sessioni: un piano richiede da 1 a { $max } sessioni
error-seating-session_played = La sessione { $session } ha già risultati: i suoi posti sono fissati
error-seating-standings_session = La sessione { $session } non può essere assegnata dalla classifica: la classifica viene dalle sessioni precedenti (da 2 a { $sessions })
error-seating-standings_unplayed = Sessione { $session }, tavolo { $table }: nessun risultato ancora, la classifica prima della sessione non è completa
error-seating-stored_shape = I posti salvati hanno tavoli di dimensione diversa da quella del regolamento
error-seating-table_count = Sessione { $session }: { $tables } tavoli per { $players } giocatori (ne servono { $need })
error-seating-missing_player = Sessione { $session }: il giocatore { $player } non è seduto
error-seating-twice = Sessione { $session }: il giocatore { $player } siede due volte
error-seating-weight = { $field }: i pesi vanno da 0 a 100
error-seating-wind_fixed = Il tavolo ha già manche: il vento del primo giro è fissato
error-seating-withdrawn = { $name } si è ritirato: iscrivere una riserva che prenda il suo posto prima di riassegnare
error-settings-federation_format = Il formato del numero federale è più lungo di 40 caratteri
error-settings-teams = Squadre: { $size } giocatori per squadra devono essere da 1 a { $max }, e i migliori contati ({ $best }) non di più
error-settings-dates = Date: la data di fine { $end } precede quella di inizio { $start }
error-settings-locked = Opzioni del regolamento: ci sono manche calcolate con le opzioni attuali; ora non si possono cambiare
error-settings-manches = Manche per sessione: { $n } non è tra 1 e 64
error-settings-no_name = Nome: un torneo deve avere un nome
error-settings-options = Opzioni del regolamento: { $why }
error-settings-placement = Punti per piazzamento: { $points } devono scendere dal primo all'ultimo posto
error-settings-rules = Regolamento: «{ $id }» è sconosciuto (questa versione conosce: { $known })
error-settings-sessions = Sessioni: { $n } non è tra 1 e { $max }
error-store-driver = { $detail }
error-store-no_tls_here = { $server }: il server di questa macchina non usa TLS: aggiungere ?sslmode=disable all'indirizzo (una connessione su questa macchina non attraversa la rete)
error-store-no_tls_hall = { $server }: il server non usa TLS, che le postazioni richiedono tra macchine diverse: attivarne il TLS (scripts/hall-server.sh lo prepara); ?sslmode=disable è solo per un server su questa macchina
error-store-no_row = Errore del database: manca una riga che serve al banco
error-store-migration_missing = Aggiornamento del database allo schema { $to }: questa versione non ha l'aggiornamento per questo tipo di database — non è stato modificato
error-store-backup_check = la copia non ha superato il controllo (integrità: { $check }, schema { $schema })
error-store-backup_no_name = nessun nome libero per la copia di sicurezza accanto al database
error-store-column = I dati salvati non si possono rileggere: { $detail }
error-store-column_missing = manca la colonna { $name }
error-store-column_count = attesa una colonna, trovate { $count }
error-store-column_value = colonna { $name }: { $detail }
error-store-column_real = un numero decimale ({ $value }) dove si tiene un numero intero
error-store-column_blob = dati binari dove si tiene un testo o un numero
error-store-column_word = colonna { $column }: «{ $found }» non è un valore che contiene
error-store-tls-mode = sslmode={ $mode } non è previsto: usare disable, prefer, require, verify-ca o verify-full
error-store-tls-both = indicare sslrootcert oppure sslfingerprint, non entrambi
error-store-tls-fingerprint = sslfingerprint: servono 32 byte in esadecimale (AB:CD:…), non “{ $text }”
error-store-tls-setup = impossibile preparare la cifratura: { $detail }
error-store-tls-roots = sslrootcert { $file }: { $detail }
error-store-tls-no_certificate = sslrootcert { $file }: non contiene alcun certificato
error-store-no_data_directory = Questo utente non ha una cartella dati per il database predefinito: indicare --db PERCORSO
error-store-no_password = Il server { $server } chiede una password: impostare PGPASSWORD o scriverla in ~/.pgpass (host:porta:database:utente:password, leggibile solo da te); il banco la chiede
error-store-wrong_password = Il server { $server } ha rifiutato la password: verificarla con l'arbitro della sala (lo script del server la stampa)
error-store-read_only = { $location } è aperto in sola lettura (questo utente non può scriverlo, o il disco è in sola lettura): non è stato cambiato nulla
error-store-read_only_old = { $path }: questo database è di uno Stecca precedente (schema { $found }) e qui non può essere scritto per aggiornarlo; copiarlo in una cartella scrivibile e aprire la copia — non è stato cambiato
error-store-backup = Copia di sicurezza prima di aggiornare { $path }: { $detail } — il database non è stato modificato
error-store-busy = Il database è occupato: un'altra postazione sta scrivendo; riprovare tra un momento
error-store-offline = Il server { $server } non è raggiungibile ({ $detail }): nulla è stato salvato
error-store-offline_no_connection = nessuna connessione
error-store-offline_lost = la connessione è caduta
error-store-offline_lost_writing = la connessione è caduta durante una scrittura
error-store-offline_retrying = ancora irraggiungibile; nuovo tentativo tra poco
error-store-offline_refused = il server rifiuta le connessioni: è avviato?
error-store-offline_timeout = nessuna risposta in tempo: controllare il cavo o il Wi-Fi
error-store-offline_no_route = nessuna strada per raggiungerlo: controllare il cavo o il Wi-Fi
error-store-offline_other = nessuna risposta ({ $detail })
error-store-offline_connection = la connessione è caduta o è stata rifiutata: { $detail }
error-store-no_second_connection = un database in memoria non si apre una seconda volta
error-store-location = { $location }: non è l'indirizzo di un database ({ $detail }); indicare il percorso di un file o postgres://utente@host/database
error-store-not_empty = { $target } contiene già tornei, circoli o preferenze: copiare in un database nuovo e vuoto
error-store-database = Errore del database: { $detail }
error-store-foreign = { $path }: { $why }, non un database di Stecca — non è stato modificato
error-store-json = Dati salvati illeggibili: { $detail }
error-store-migration = Aggiornamento del database allo schema { $to } non riuscito: { $detail } — non ne è rimasto nulla
error-store-nested = Errore interno: operazioni tutto-o-niente annidate
error-store-too_new = { $path }: questo database è stato scritto da uno Stecca più recente (schema { $found }, questa versione arriva al { $supported }); aprirlo con quella versione o successiva — non è stato modificato
error-text-control = { $field }: contiene il carattere di controllo { $code }; i nomi sono testo semplice su una riga
error-text-invisible = { $field }: «{ $shown }» contiene il carattere invisibile { $code } alla posizione { $position }; riscriverlo senza
error-tournament-archived = Questo torneo è archiviato: si può leggere ed esportare, non modificare
error-tournament-has_results = { $name } ha { $manches } manche: un torneo con risultati non si elimina mai; archiviarlo
error-tournament-bad_options = Il torneo «{ $name }» ha opzioni che il suo regolamento rifiuta ({ $why }): non è stato toccato; aprirlo con la versione che l'ha creato
error-tournament-unknown_rules = Il torneo «{ $name }» gioca «{ $rules }», un regolamento che questa versione di Stecca non conosce (conosce: { $known }): non è stato toccato; aprirlo con la versione che l'ha creato
error-club-no_name = Il circolo deve avere un nome
error-club-long_name = Il nome del circolo «{ $start }…» supera i 100 caratteri
error-club-rules = Nessun regolamento si chiama «{ $rules }»
error-club-fee = Quota tavolo: deve essere zero o più, e al massimo cento miliardi di euro
error-club-avoid_under = Trasferimenti da evitare sotto: deve essere zero o più, e al massimo cento miliardi di euro
error-club-starting_chips = Fiches iniziali: da 1 a { $max }
error-club-long_number = { $name }: il numero di tessera supera i 30 caratteri
error-club-duplicate = Esiste già un circolo chiamato «{ $name }»
error-club-other_club = Questo socio, serata o registrazione è di un altro circolo
error-evening-closed = Questa serata è chiusa: i risultati sono nel libro cassa; si correggono con una registrazione di rettifica
error-evening-has_manches = Questo tavolo ha manche inserite: il risultato viene da quelle, non dal conteggio delle fiches
error-evening-no_tables = Una serata ha almeno un tavolo
error-evening-table_size = 
    Tavolo { $table }: { $count } { $count ->
            [one] giocatore
           *[other] giocatori
        }; a un tavolo di queste regole siedono da { $min } a { $max } giocatori
error-evening-table_size_exact = 
    Tavolo { $table }: { $count } { $count ->
            [one] giocatore
           *[other] giocatori
        }; a un tavolo di queste regole siedono { $size } giocatori
error-evening-twice = { $name } è a due tavoli
error-evening-count_seats = Tavolo { $table }: { $count } conteggi per { $seats } posti
error-evening-negative = { $name }: un conteggio di fiches non può essere sotto zero
error-evening-table_open = Il tavolo { $table } non ha ancora un risultato: inserire le manche o il conteggio delle fiches

field-club = Club
field-club_weight = peso dei club
field-country = Paese
field-country_weight = peso dei paesi
field-team_weight = peso delle squadre
field-federation_id = Tessera federale
field-team = Squadra
field-name = Nome
field-tournament_name = Nome del torneo
field-venue = Sede
field-member_number = Numero di tessera
field-method = Modalità
field-note = Nota
field-reason = Motivo
field-seat = Posto
field-session = Sessione
field-table = Tavolo

ledger-kind-result = Risultato della serata
ledger-kind-fee = Quota tavolo
ledger-kind-cash_in = Versamento
ledger-kind-cash_out = Pagamento al socio
ledger-kind-transfer = Trasferimento
ledger-kind-correction = Correzione
ledger-kitty = Cassa del circolo

cli-no_window = questa versione non ha la finestra (costruita senza la funzione gui, per un server di sala): indicare un comando, come `stecca board` o `stecca --help`
cli-clock_needs = indica quale orologio: --tournament ID --session N
cli-board_at = Il tabellone di «{ $name }» è su { $url } — Ctrl+C lo ferma.
cli-amount_too_large = { $name }: più di { $max } centesimi
cli-at_line = riga { $line }: { $why }
cli-cannot_read = impossibile leggere { $path }
cli-cannot_read_input = impossibile leggere l'input
cli-cannot_read_line = impossibile leggere la riga { $line }
cli-chips_saved = tavolo { $table }: conteggio delle fiches salvato
cli-copied = copiato { $from } → { $to }
cli-demo_made = 
    torneo { $id }: { $players } { $players ->
            [one] giocatore
           *[other] giocatori
        }, { $sessions } { $sessions ->
            [one] sessione
           *[other] sessioni
        }, { $manches } manche in { $seconds } s → { $location }
cli-demo_multiple = --players { $players }: una demo di { $rules } richiede un multiplo positivo di { $seats }
cli-demo_sessions = --sessions { $sessions }: atteso un numero da 1 a { $max }
cli-demo_too_many = --players { $players }: una demo fa sedere al massimo { $max } giocatori
cli-empty_manche = input non valido: manche vuota
cli-empty_name = riga { $line }: il nome è vuoto
cli-evening_tables = --table { $table }: la serata ha i tavoli da 1 a { $last }
cli-give_cash = indicare --in IMPORTO o --out IMPORTO
cli-give_players = indicare --players N, oppure --clubs FILE.csv
cli-give_session = sessione: indicare --session o "session"
cli-give_sessions = indicare --sessions R
cli-give_table = tavolo: indicare --table o "table"
cli-given_twice = { $name } compare due volte
cli-input_too_long = l'input supera i { $limit } byte
cli-invalid_input = input non valido: { $why }
cli-line_too_long = la riga supera i { $limit } byte
cli-list_manches = { $n } manche
cli-list_players = 
    { $n } { $n ->
            [one] giocatore
           *[other] giocatori
        }
cli-listed_twice = riga { $line }: { $name } compare due volte
cli-no_database = { $location }: il database non esiste (indicare --db PERCORSO)
cli-no_header = { $file }: manca la riga di intestazione
cli-no_name_column = { $file }: l'intestazione non ha la colonna `name` (attese name,club,country)
cli-no_tournaments = nessun torneo (crearne uno nel banco, o con `stecca demo`)
cli-not_a_member = «{ $name }» non è socio del circolo { $club } (soci: { $members })
cli-not_an_object = input non valido: una manche è un oggetto JSON
cli-not_balances = non è un documento di saldi: { $why }
cli-not_cents = { $name }: { $amount } non è un numero intero di centesimi
cli-not_saved_offline = { $why } — non salvata dopo aver atteso il server per { $seconds } s
cli-not_utf8 = non è testo UTF-8 (byte non valido alla posizione { $offset })
cli-not_zero_sum = i saldi sommano a { $sum } centesimi, non a 0: nulla da saldare
cli-nothing_imported = { $file }: nessuna riga importata — { $problems }
cli-opening = apertura di { $location }
cli-options_not_json = --options: non è JSON
cli-players_mismatch = --players { $n }, ma { $file } elenca { $listed } giocatori
cli-book_imported = { $book } del torneo { $tournament }: { $done }
cli-players_registered = 
    { $n } { $n ->
            [one] giocatore iscritto
           *[other] giocatori iscritti
        } al torneo { $tournament }
cli-positive_number = { $key }: atteso un numero intero positivo, non { $value }
cli-proposals-give_tournament = indicare il torneo: --tournament ID
cli-proposals-give_id = indicare la proposta: --id N (vedi `stecca proposals list`)
cli-proposals-line = #{ $id } · sessione { $session }, tavolo { $table }, manche { $number } · { $state } · inviata { $sent_at } da { $sender }
cli-proposals-waiting = in attesa
cli-proposals-state_confirmed = confermata da { $by }
cli-proposals-state_rejected = respinta da { $by }: { $reason }
cli-proposals-withdrawn = ritirata: la scrivania ha inserito prima questa manche
cli-proposals-pins_given = dati i PIN di tutti i giocatori
cli-proposals-entered = la scrivania ha questa manche
cli-proposals-as_sent = Come inviata:
cli-proposals-as_scored = Come si conteggia:
cli-proposals-no_table = la sessione è stata riassegnata senza questo tavolo: la manche non si conteggia
cli-proposals-mahjong = Mah Jong { $flags }
cli-proposals-confirmed = sessione { $session }, tavolo { $table }: manche { $n } salvata
cli-proposals-rejected = proposta #{ $id } respinta: il telefono del tavolo mostra il motivo
cli-receipt_member = una ricevuta richiede --member NOME
cli-receipt_scope = una ricevuta copre --evening ID, oppure --from GIORNO --to GIORNO (from non dopo to)
cli-separator = --sep { $given }: il separatore è «,» oppure «;»
cli-schedule_players = --players { $n }: un calendario richiede da { $fewest } a { $max } giocatori
cli-schema_ready = { $location }: schema di Stecca { $version } pronto
cli-sessions_count = --sessions { $text }: atteso un numero di sessioni da 1 a { $max }
cli-sessions_range = --sessions { $text }: attesa una sessione (da 1 a { $max }) o un intervallo a..b
cli-standings_one_session = --sessions { $text }: la classifica assegna una sessione alla volta (indicarne il numero)
cli-stopped_offline = fermo alla riga { $line }: il server non ha risposto per { $seconds } s; quella riga e le seguenti non sono state salvate
cli-table_no_member = --table: nessun socio indicato
cli-table_link = sessione { $session }, tavolo { $table }: { $url }
cli-table_link_player = {"  "}{ $seat }: { $name } — PIN { $pin }
cli-table_link_revoked = sessione { $session }, tavolo { $table }: collegamento revocato — il suo biglietto non apre più nulla
cli-table_size = --table-size { $size }: a un tavolo siedono 2, 3 o 4 giocatori
cli-too_many_entrants = { $file }: più di { $max } giocatori; un calendario ne fa sedere al massimo { $max }
cli-too_many_members = { $n } soci: al massimo { $max }
cli-tournament_archived = torneo { $tournament } archiviato
cli-tournament_deleted = torneo { $tournament } eliminato ({ $name })
cli-tournament_ids = --tournament { $tournament }: `stecca list` elenca i numeri dei tornei
cli-tournament_reopened = torneo { $tournament } riaperto
cli-unknown_rules = --rules { $id }: regolamento sconosciuto (noti: { $known })
cli-written = { $path } ({ $bytes } byte)

club-money_line = 1 fiche = { $value } cent · quota tavolo { $fee } · { $start } fiches a posto
club-transfer_to = Pagato a { $name }
club-transfer_from = Ricevuto da { $name }
club-in_credit = A credito: il circolo deve questa somma al socio
club-in_debt = A debito: il socio deve questa somma al circolo
club-even = In pari: nessuno deve nulla
club-evening_of = Serata del { $date }
club-period = Dal { $from } al { $to }
club-receipt_title = Ricevuta — { $name }
club-receipt_title_number = Ricevuta — { $name } (tessera n. { $number })
club-date = Data
club-entry = Voce
club-amount = Importo
club-balance = Saldo
club-balance_before = Saldo precedente
club-balance_after = Saldo
club-no_entries = Nessuna registrazione
club-results = Risultati
club-fees = Quote tavolo
club-paid = Versato
club-received = Ricevuto
club-corrections = Rettifiche
club-treasurer_signature = Il tesoriere
club-statement = Estratto conto del circolo
club-as_of = 
    Al { $date } · { $members } { $members ->
            [one] socio
           *[other] soci
        }
club-member = Socio
club-number = Tessera
club-members_total = Totale soci
club-all_total = Totale (soci e cassa)
club-title = Circolo
club-new = Nuovo circolo
club-tab_members = Soci
club-tab_evenings = Serate
club-tab_ledger = Libro cassa
club-tab_settle = Regola i conti
club-name = Nome del circolo
club-chip_value = Valore di una fiche (centesimi)
club-fee = Quota tavolo (euro)
club-starting_chips = Fiches iniziali
club-avoid_under = Evita trasferimenti sotto (euro)
club-avoid_under_short = Evita trasferimenti sotto
club-avoid_under_saved = Nelle proposte si evitano ora trasferimenti sotto { $amount }
club-create = Crea circolo
club-created = Circolo «{ $name }» creato
club-field_error = { $field }: { $why }
club-no_such_member = Nessun socio si chiama «{ $name }»
club-from = Dal
club-to = Al
club-receipt = Ricevuta
club-receipt_of = Ricevuta { $name }
club-bad_period = Il periodo richiede un primo e un ultimo giorno, il primo non dopo l'ultimo
club-add_member = Aggiungi socio
club-member_added = { $name } aggiunto
club-closed = chiusa
club-open = aperta
club-new_evening = Nuova serata
club-table_hint = Scrivere il numero di tavolo di chi gioca stasera; i posti seguono l'ordine di questa lista
club-table_of = Tavolo di { $name }
club-open_evening = Apri la serata
club-no_date = La serata richiede la data
club-evening_opened = 
    Serata del { $date } aperta con { $tables } { $tables ->
            [one] tavolo
           *[other] tavoli
        }
club-source_nothing = nessun risultato
club-source_manches = { $count } manche alla scrivania
club-source_chips = fiches contate
club-table = Tavolo
club-chips_of = Fiches di { $name }
club-save_chips = Salva il conteggio del tavolo { $table }
club-enter_manches = Inserisci le manche alla scrivania
club-fresh_proposal = Nuova proposta
club-paid_mark = pagato
club-correct_which = Registrazione da rettificare
club-pick_entry = Scegli la registrazione da rettificare
club-cash_held = Contanti in cassa
club-chips_counted = { $count } fiches ({ $result })
club-chips_won = { $result } fiches
club-paying = 
    { $paid } di { $count } { $count ->
            [one] trasferimento pagato
           *[other] trasferimenti pagati
        } di questa proposta
club-close_yes = Sì, chiudi la serata
club-confirm_close = Chiudere la serata del { $date }? Risultati e quote vanno nel libro cassa e la serata non si riapre: un errore si corregge poi con una rettifica.
club-close_evening = Chiudi la serata
club-evening_closed = 
    Serata chiusa: { $entries } { $entries ->
            [one] registrazione
           *[other] registrazioni
        } nel libro cassa
club-chips_saved = Tavolo { $table }: conteggio salvato
club-export_ledger = Libro cassa (CSV)
club-export_statement = Estratto conto (PDF)
club-entry_number = N. registrazione
club-cash = Contanti
club-record_cash = Registra
club-recorded = Registrazione { $entry } salvata
club-correct = Rettifica una registrazione
club-correct_amount = Importo da aggiungere (es. -3,00)
club-everyone_now = Tutti, ora
club-kitty_only = Ognuno regola con la cassa del circolo
club-all_settled = Niente da regolare: ogni saldo è zero
club-fewest = 
    { $count } { $count ->
            [one] trasferimento
           *[other] trasferimenti
        }, il minimo possibile
club-heuristic = 
    { $count } { $count ->
            [one] trasferimento
           *[other] trasferimenti
        } (nessuna soluzione ne usa meno di { $bound })
club-mark_paid = Pagato: { $from } → { $to }
club-mark_all_paid = Segna tutti pagati
club-paid_recorded = 
    { $count } { $count ->
            [one] trasferimento registrato
           *[other] trasferimenti registrati
        } come { $count ->
            [one] pagato
           *[other] pagati
        }
club-chips = Fiches
club-result_chips = Risultato (fiches)

password-asks = Il server { $server } chiede la password delle postazioni (lo script della sala l'ha stampata sulla riga “password: …”).
password-label = Password
password-connect = Connetti
password-connecting = Connessione a { $server } in corso…
password-hint = Tenuta solo finché questo banco è aperto. Per non doverla più scrivere, impostare PGPASSWORD o scrivere una riga host:porta:database:utente:password in ~/.pgpass (leggibile solo da te).

tile_score-summary = { $points } punti di stecca · { $doubles }
tile_score-double = 1 raddoppio (×{ $factor })
tile_score-doubles = { $doubles } raddoppi (×{ $factor })

referee-title = Chi arbitra questa sessione?
referee-why = Il nome firma ogni modifica nel registro: in caso di contestazione si sa chi ha inserito o corretto una manche.
referee-name = Nome dell'arbitro
referee-start = Inizia
referee-later = Più tardi

board-teams = Squadre
board-clock = Orologio
board-clock_session = Sessione { $session }
board-no_clock = Nessun orologio di sessione in corso.
board-call-last_minutes = Ultimi { $minutes } minuti
board-call-last_hand = Ultima mano: nessuna mano comincia dopo quella in corso
board-call-time = Tempo! La mano in gioco è l'ultima
board-call-paused = In pausa
board-call-over = La sessione { $session } è finita
board-window_title = Il tabellone in sala
board-explain = I giocatori vedono la classifica, il loro posto e la loro scheda sul telefono, nella rete di questo computer. Da lì non si cambia nulla.
board-hall = Nella rete della sala
board-only_here = Solo su questo computer
board-port = Porta
board-start = Avvia il tabellone
board-stop = Ferma il tabellone
board-open_first = Prima apri un torneo.
board-bad_port = Porta: «{ $text }» non è un numero da 1 a 65535
board-players_open = I giocatori aprono:
board-copy = Copia
board-showing = Mostra «{ $name }», letto alle { $time }.
board-on_sheet = Finché è avviato, il foglio dei posti stampa questo indirizzo e il suo codice QR.
board-standings = Classifica
board-seating = Posti
board-final = 
    Classifica finale — { $sessions } { $sessions ->
            [one] sessione
           *[other] sessioni
        }
board-after = Classifica dopo la sessione { $session } di { $sessions }
board-not_started = Classifica — nessun risultato
board-search = Nome o club
board-search_go = Cerca
board-shown = 
    { $shown } di { $total } { $total ->
            [one] giocatore
           *[other] giocatori
        }
board-find = Dove mi siedo?
board-find_hint = Parte del tuo nome
board-find_go = Trova
board-where = Sessione { $session } · Tavolo { $table } · { $seat }
board-session = Sessione { $session }
board-not_found = Nessun giocatore della sessione { $session } ha «{ $name }» nel nome.
board-no_seating = Nessuna sessione ha ancora i posti assegnati.
board-no_results = Nessuna manche inserita.
board-no_tournament = In questo database non c'è ancora un torneo.
board-offline = Il database non si legge dalle { $since } ({ $why }): questi sono i dati letti alle { $read }.
board-waiting = Il tabellone sta leggendo il database.
board-updated = Letto alle { $time }. La pagina si aggiorna da sola.
board-card = 
    { $name }: { $place }º posto, { $points } { $points ->
            [one] punto
           *[other] punti
        }
board-card_unranked = { $name }: fuori classifica
board-no_manches = Ancora nessuna manche.
board-no_player = Questo torneo non ha un giocatore così.
board-no_page = Il tabellone non ha questa pagina.
board-read_only = Il tabellone mostra soltanto: da qui non si cambia nulla.
board-phone-title = Tavolo { $table }
board-phone-heading = Sessione { $session } · Tavolo { $table }
board-phone-players = Giocatori (posti della manche 1)
board-phone-manches = Manche registrate
board-phone-manche = Manche { $number }
board-phone-waiting = La manche { $number } è inviata: aspetta l'arbitro.
board-phone-complete = La sessione è finita a questo tavolo ({ $count } manche).
board-phone-rejected = L'arbitro ha respinto la manche { $number }: «{ $reason }». Correggetela e inviatela di nuovo.
board-phone-queued = Manche { $number } inviata: aspetta l'arbitro.
board-phone-already = La manche { $number } era già stata inviata da un telefono di questo tavolo: aspetta l'arbitro una volta sola.
board-phone-saved = Manche { $number } salvata: ogni giocatore l'ha confermata con il suo PIN.
board-phone-not_valid = Non inviata: la manche non si calcola ancora, vedete i messaggi accanto alle mani.
board-phone-desk_has = Quello che il banco ha per la manche { $number }:
board-phone-nobody = { $field }: nessuno
board-phone-preview = La risposta del regolamento
board-phone-pins = PIN (facoltativi)
board-phone-pins_hint = Ogni giocatore può scrivere il PIN stampato accanto al suo nome sul foglietto del tavolo. Lasciateli tutti vuoti e la manche la conferma l'arbitro.
board-phone-do_preview = Anteprima
board-phone-do_send = Invia all'arbitro
board-phone-no_table = Questo link non apre nessun tavolo: è scritto male, è stato sostituito da un nuovo foglietto, o la sua sessione è finita. Chiedete all'arbitro.
board-phone-blocked = 
    Troppi link di tavolo sbagliati da questo dispositivo: riprovate tra { $minutes } { $minutes ->
            [one] minuto
           *[other] minuti
        }.
board-phone-too_often = Troppi moduli inviati da questo dispositivo: aspettate un minuto e inviate di nuovo.
board-phone-forbidden = Questo modulo non si può inviare: è scaduto o non viene dalla pagina del tavolo. Aprite di nuovo il link del tavolo (i cookie devono essere permessi).
board-phone-too_large = Il modulo è troppo grande per essere letto.
board-phone-too_slow = Il modulo non è arrivato intero: inviatelo di nuovo.
board-phone-busy = Il tabellone è occupato: riprovate tra qualche secondo (una manche già inviata non parte due volte).
board-phone-no_writer = Il tabellone ora non può ricevere le manche dei tavoli: chiedete all'arbitro.
board-phone-method = La pagina di un tavolo si legge e il suo modulo si invia: qui non si fa altro.
board-language = Lingua
board-sessions_short = Sess.
board-manche_short = M.
board-table_short = Tav.
board-cannot_listen = Il tabellone non può ascoltare su { $address }: { $why }
board-cannot_start = Il tabellone non si avvia: { $why }
board-tls-read = { $file } non si legge: { $why }
board-tls-not_file = { $file } non è un file: indica il file PEM stesso
board-tls-too_large = { $file } è di { $size } byte: una catena di certificati o una chiave è di pochi KiB (al massimo { $limit }); è il file giusto?
board-tls-key_owner = { $file } appartiene a un altro utente: la chiave del tabellone deve essere tua (copiala, poi esegui chmod 600 sulla copia)
board-tls-key_open = { $file } può essere letto o cambiato da altri utenti: esegui chmod 600 { $file }
board-tls-no_certificate = { $file } non contiene un certificato in forma PEM (-----BEGIN CERTIFICATE-----)
board-tls-no_key = { $file } non contiene una chiave privata in forma PEM (-----BEGIN PRIVATE KEY-----)
board-tls-mismatch = il certificato { $cert } e la chiave { $key } non vanno insieme: { $detail }
board-session_short = Sess.

clock-title = Orologio della sessione
clock-not_started = non partito
clock-over = sessione finita
clock-time = tempo scaduto: la mano in gioco è l'ultima
clock-last_minutes = ultimi { $minutes } minuti
clock-last_hand = ultima mano: nessuna mano comincia dopo quella in corso
clock-paused = in pausa
clock-minutes = Minuti
clock-start = Avvia
clock-pause = Pausa
clock-resume = Riprendi
clock-add_five = +5 minuti
clock-end = Termina la sessione
clock-error-started = l'orologio della sessione { $session } è già partito
clock-error-not_started = l'orologio della sessione { $session } non è partito
clock-error-paused = l'orologio della sessione { $session } è già in pausa
clock-error-running = l'orologio della sessione { $session } non è in pausa
clock-error-ended = la sessione { $session } è finita: il suo orologio non cambia più
clock-error-minutes = { $minutes } minuti: l'orologio di una sessione va da 1 a { $max } minuti
clock-error-no_length = quanto dura la sessione? Indica i minuti (--minutes) o impostali nel torneo
clock-error-no_session = il torneo non ha la sessione { $session }
