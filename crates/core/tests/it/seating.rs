//! Seating: the report on hand-made schedules, zero repeats within the maximum, exact winds, determinism,
//! withdrawals, clubs, and the errors.

use stecca_core::seating::{
    Entrant, Schedule, SeatingError, SeatingRequest, generate, repeat_lower_bound, report, reseat, w_max,
};

fn numbered(players: usize) -> Vec<Entrant> {
    SeatingRequest::numbered(players, 1, 0).entrants
}

#[test]
fn the_report_counts_repeats_winds_and_tables_of_a_hand_made_schedule() {
    // Two sessions with the same tables: each of the 12 pairs meets twice; winds rotate by one seat.
    let schedule = Schedule { sessions: vec![vec![[0, 1, 2, 3], [4, 5, 6, 7]], vec![[1, 2, 3, 0], [5, 6, 7, 4]]] };
    let r = report(&schedule, &numbered(8)).expect("valid shape");
    assert_eq!(r.repeat_meetings, 12);
    assert_eq!(r.repeated_pairs.len(), 12);
    assert!(r.repeated_pairs.contains(&(0, 1, 2)));
    assert_eq!(r.lower_bound, repeat_lower_bound(8, 2));
    assert_eq!(r.wind_counts[0], [1, 0, 0, 1], "player 0: East then North");
    assert_eq!(r.max_wind_deviation, 1);
    assert_eq!(r.max_same_table, 2, "nobody changed table");
}

#[test]
fn the_report_counts_same_club_meetings_and_explains_them() {
    let mut entrants = numbered(8);
    for p in [0, 1, 2] {
        entrants[p].club = Some("Circolo Ravenna".into());
    }
    let schedule = Schedule { sessions: vec![vec![[0, 1, 4, 5], [2, 3, 6, 7]]] };
    let r = report(&schedule, &entrants).expect("valid shape");
    assert_eq!(r.same_club_meetings, 1);
    let note = &r.clubs[0];
    assert_eq!((note.club.as_str(), note.members, note.meetings, note.unavoidable), ("Circolo Ravenna", 3, 1, 1));
    assert!(note.why.contains("3 members at 2 tables"), "{}", note.why);
}

#[test]
fn a_schedule_that_seats_a_player_twice_is_rejected() {
    let schedule = Schedule { sessions: vec![vec![[0, 1, 2, 3], [3, 5, 6, 7]]] };
    let err = report(&schedule, &numbered(8)).expect_err("invalid");
    assert_eq!(err.to_string(), "Session 1: player 3 is seated twice");
}

#[test]
fn the_known_maximum_per_table_count() {
    let maxima: Vec<usize> = (1..=12).map(w_max).collect();
    assert_eq!(maxima, [1, 1, 1, 5, 5, 7, 9, 10, 11, 13, 14, 15]);
    assert_eq!(w_max(100), 133);
}

fn check_cell(players: usize, sessions: usize, seed: u64) -> stecca_core::seating::Report {
    let request = SeatingRequest::numbered(players, sessions, seed);
    let schedule = generate(&request).unwrap_or_else(|e| panic!("{players}×{sessions}: {e}"));
    assert_eq!(schedule.sessions.len(), sessions);
    report(&schedule, &request.entrants).unwrap_or_else(|e| panic!("{players}×{sessions}: {e}"))
}

#[test]
fn no_pair_meets_twice_up_to_the_maximum() {
    for (players, sessions) in [
        (16, 5),
        (20, 5),
        (24, 7),
        (28, 9),
        (32, 10),
        (36, 11),
        (40, 12),
        (44, 12),
        (48, 12),
        (52, 12),
        (64, 10),
        (100, 12),
    ] {
        let r = check_cell(players, sessions, 7);
        assert_eq!(r.repeat_meetings, 0, "{players} players × {sessions} sessions: {:?}", r.repeated_pairs);
        assert!(r.max_wind_deviation <= 1, "{players}×{sessions}");
    }
}

#[test]
fn past_twelve_sessions_the_constructed_designs_leave_no_repeat() {
    // Every 4 mod 12 count has a resolvable design (Hanani, Ray-Chaudhuri and Wilson); 160 = 4 × 40 a
    // resolvable transversal design over GF(8) × GF(5). Winds stay balanced and clubs apart on top of them.
    for (players, sessions) in [(40, 13), (52, 17), (64, 21), (76, 25), (100, 33), (160, 40), (232, 40), (280, 40)] {
        let r = check_cell(players, sessions, 3);
        assert_eq!(r.repeat_meetings, 0, "{players} players × {sessions} sessions");
        assert!(r.max_wind_deviation <= 1, "{players}×{sessions}");
    }
    let mut request = SeatingRequest::numbered(52, 17, 1);
    for (i, entrant) in request.entrants.iter_mut().enumerate() {
        entrant.club = Some(format!("club {}", i % 13));
    }
    let schedule = generate(&request).expect("schedule");
    let r = report(&schedule, &request.entrants).expect("report");
    assert_eq!(r.repeat_meetings, 0);
    // Thirteen clubs of four among 52 players: every pair meets exactly once in 17 sessions, so each club's six
    // pairs meet, and no relabelling can change that.
    assert_eq!(r.same_club_meetings, 13 * 6);
}

#[test]
fn past_the_maximum_a_complete_design_leaves_only_the_unavoidable_repeats() {
    // 40 × 13 is complete: a 14th session can only repeat, six pairs at each of ten tables.
    let r = check_cell(40, 14, 1);
    assert_eq!((r.repeat_meetings, r.lower_bound), (60, 60));
}

#[test]
fn four_hundred_players_twelve_sessions() {
    let r = check_cell(400, 12, 1);
    assert_eq!((r.repeat_meetings, r.max_wind_deviation), (0, 0));
}

#[test]
fn winds_are_exactly_equal_when_four_divides_the_sessions() {
    for (players, sessions) in [(16, 4), (28, 8), (48, 12), (80, 8)] {
        let r = check_cell(players, sessions, 3);
        assert_eq!(r.max_wind_deviation, 0, "{players}×{sessions}");
        assert!(r.wind_counts.iter().all(|c| c.iter().all(|&n| n as usize == sessions / 4)));
    }
}

#[test]
fn winds_stay_within_one_otherwise() {
    for (players, sessions) in [(20, 5), (24, 7), (36, 11), (60, 6)] {
        assert_eq!(check_cell(players, sessions, 5).max_wind_deviation, 1, "{players}×{sessions}");
    }
}

#[test]
fn every_table_seats_each_wind_once_and_players_move_around() {
    let request = SeatingRequest::numbered(40, 8, 11);
    let schedule = generate(&request).expect("valid");
    let r = report(&schedule, &request.entrants).expect("valid");
    assert!(r.max_same_table <= 2, "table spread: {}", r.max_same_table);
}

#[test]
fn the_same_seed_gives_the_same_schedule_and_another_seed_another() {
    let a = generate(&SeatingRequest::numbered(32, 6, 42)).expect("valid");
    let b = generate(&SeatingRequest::numbered(32, 6, 42)).expect("valid");
    let c = generate(&SeatingRequest::numbered(32, 6, 43)).expect("valid");
    assert_eq!(a, b);
    assert_ne!(a, c);
}

/// Fewer than four tables cannot be remixed without pairs of session 1 meeting again: 8 players (two tables)
/// lose 4 meetings per later session (each new table holds 2 + 2 of the old ones), 12 players 3 (2 + 1 + 1),
/// 4 players all 6 pairs. The generator reaches these bounds over two and three sessions.
#[test]
fn small_fields_have_an_unavoidable_repeat_bound_and_reach_it() {
    assert_eq!(repeat_lower_bound(8, 2), 4);
    assert_eq!(repeat_lower_bound(8, 4), 20, "from four sessions on, counting says more");
    assert_eq!(repeat_lower_bound(12, 2), 3);
    assert_eq!(repeat_lower_bound(4, 3), 12);
    assert_eq!(repeat_lower_bound(16, 5), 0, "four tables remix freely: the affine plane");
    for (players, sessions) in [(8, 2), (8, 3), (12, 2)] {
        let r = check_cell(players, sessions, 1);
        assert_eq!(r.repeat_meetings, r.lower_bound, "{players} players × {sessions} sessions");
        assert!(r.lower_bound > 0);
    }
}

#[test]
fn beyond_the_maximum_repeats_are_few_and_reported_against_the_bound() {
    let r = check_cell(20, 6, 1);
    assert!(r.repeat_meetings >= r.lower_bound);
    assert!(r.repeat_meetings < 22, "the best published 20 × 6 table has 22; we have {}", r.repeat_meetings);
    let r = check_cell(16, 6, 1);
    assert_eq!(r.lower_bound, 24);
    assert_eq!(r.repeat_meetings, 24, "16 players × 6 sessions reaches the counting bound");
    // The eleventh session of 32 players seats two never-met pairs per table: 4 repeats a table.
    let r = check_cell(32, 11, 1);
    assert_eq!((r.lower_bound, r.repeat_meetings), (32, 32), "32 players × 11 sessions reaches the bound");
    // Every pair meets once and each player's twin twice: the shipped resolvable coverings.
    for (players, sessions, bound) in [(24, 8, 12), (36, 12, 18)] {
        let r = check_cell(players, sessions, 1);
        assert_eq!((r.lower_bound, r.repeat_meetings), (bound, bound), "{players} players × {sessions} sessions");
    }
}

#[test]
fn a_withdrawal_replaced_by_a_substitute_keeps_the_played_sessions_and_the_guarantee() {
    let mut request = SeatingRequest::numbered(40, 12, 9);
    let planned = generate(&request).expect("valid");
    // Player 17 withdraws after three sessions; a substitute takes index 17.
    request.entrants[17] = Entrant { name: "Sostituto".into(), substitute: true, ..Entrant::default() };
    let redone = reseat(&request, &planned, 3).expect("valid");
    assert_eq!(redone.sessions[..3], planned.sessions[..3]);
    let r = report(&redone, &request.entrants).expect("valid");
    assert_eq!((r.repeat_meetings, r.max_wind_deviation), (0, 0), "the plan's guarantees carry over");
    assert_eq!(redone.sessions[3..], planned.sessions[3..], "a plain substitution changes nothing else");
}

#[test]
fn reseating_after_played_sessions_works_from_any_plan_that_fits() {
    let request = SeatingRequest::numbered(40, 6, 2);
    let planned = generate(&SeatingRequest::numbered(40, 3, 5)).expect("valid");
    let redone = reseat(&request, &planned, 3).expect("valid");
    assert_eq!(redone.sessions.len(), 6);
    assert_eq!(redone.sessions[..3], planned.sessions[..3]);
    let r = report(&redone, &request.entrants).expect("valid");
    assert_eq!(r.repeat_meetings, 0);
    assert!(r.max_wind_deviation <= 1, "winds balanced over played and new sessions");
}

#[test]
fn clubs_are_kept_apart_when_possible() {
    let mut request = SeatingRequest::numbered(32, 4, 3);
    for (p, e) in request.entrants.iter_mut().enumerate() {
        e.club = Some(format!("club {}", p % 8));
    }
    let schedule = generate(&request).expect("valid");
    let r = report(&schedule, &request.entrants).expect("valid");
    assert_eq!((r.repeat_meetings, r.same_club_meetings), (0, 0));
}

#[test]
fn a_club_larger_than_the_tables_must_meet_and_the_report_says_why() {
    let mut request = SeatingRequest::numbered(16, 3, 3);
    for e in request.entrants.iter_mut().take(6) {
        e.club = Some("Big".into());
    }
    let schedule = generate(&request).expect("valid");
    let r = report(&schedule, &request.entrants).expect("valid");
    let note = r.clubs.iter().find(|c| c.club == "Big").expect("noted");
    assert_eq!(note.unavoidable, 2 * 3, "6 members at 4 tables: 2 pairs per session");
    assert_eq!(note.meetings, 6, "and no more than that");
}

#[test]
fn in_a_schedule_without_repeats_club_mates_who_cannot_avoid_each_other_are_explained() {
    // 16 players × 5 sessions without repeats: everyone meets everyone, so each club of 4 meets 6 times.
    let mut request = SeatingRequest::numbered(16, 5, 3);
    for (i, e) in request.entrants.iter_mut().enumerate() {
        e.club = Some(format!("Club {}", i % 4));
    }
    let schedule = generate(&request).expect("valid");
    let r = report(&schedule, &request.entrants).expect("valid");
    assert_eq!((r.repeat_meetings, r.same_club_meetings), (0, 24));
    for note in &r.clubs {
        assert_eq!((note.meetings, note.unavoidable), (6, 6), "{}", note.club);
        assert!(note.why.contains("only 0 of the other 15 players unmet"), "{}", note.why);
    }
}

#[test]
fn the_club_floor_takes_the_stronger_of_its_two_bounds() {
    use stecca_core::seating::{FloorReason, club_floor};
    // 14 members at 10 tables: 4 pairs per session, 48 over 12 sessions; without repeats each player leaves
    // only 39 − 36 = 3 others unmet, so meets at least 10 of its 13 mates: 14 × 10 / 2 = 70.
    assert_eq!(club_floor(14, 40, 12, false).meetings, 48);
    assert_eq!(club_floor(14, 40, 12, false).reason, FloorReason::PerSession);
    assert_eq!(club_floor(14, 40, 12, true).meetings, 70);
    assert_eq!(club_floor(14, 40, 12, true).reason, FloorReason::WithoutRepeats);
    // 32 × 10: each player leaves exactly one other unmet, so a club of 4 meets at least 4 × 2 / 2 = 4 times.
    assert_eq!(club_floor(4, 32, 10, true).meetings, 4);
    assert_eq!(club_floor(4, 32, 4, true).reason, FloorReason::None);
}

#[test]
fn players_not_filling_tables_are_refused_with_a_suggestion() {
    let err = generate(&SeatingRequest::numbered(30, 4, 1)).expect_err("30 players");
    assert_eq!(err, SeatingError::NotMultipleOfFour { players: 30, missing: 2, extra: 2 });
    assert_eq!(err.to_string(), "30 players do not fill tables of 4: add 2 substitutes to make 32 (or remove 2)");
}

#[test]
fn sessions_and_weights_are_checked() {
    assert!(matches!(generate(&SeatingRequest::numbered(16, 0, 1)), Err(SeatingError::SessionCount(0))));
    let mut request = SeatingRequest::numbered(16, 2, 1);
    request.club_weight = -1.0;
    assert!(matches!(generate(&request), Err(SeatingError::Weight("club weight"))));
}

#[test]
fn kirkman_triple_systems_seat_tables_of_three_past_twelve_sessions() {
    use stecca_core::seating::{TableSizes, plan_report, seat_any_size};
    // 33 and 105 from bases over Z_11 and Z_35, 39 from GF(13), 45 = 3 × 15 and 63 = 3 × 21 tripled, 123 a
    // transversal design alone; 104 and 146 use the system on one more player with that player left out.
    for (players, sessions) in [(33, 16), (39, 19), (45, 22), (63, 31), (105, 40), (123, 40), (104, 40), (146, 40)] {
        let request = SeatingRequest::numbered(players, sessions, 2);
        let plan = seat_any_size(&request, TableSizes { max: 3, min: 2 }, &[]).expect("plan");
        let r = plan_report(&plan, &request.entrants).expect("report");
        assert_eq!((plan.len(), r.repeat_meetings), (sessions, 0), "{players} × {sessions}");
        assert!(r.max_first_deal_deviation <= 1, "{players} × {sessions}");
    }
}
