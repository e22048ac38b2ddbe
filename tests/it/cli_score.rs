//! The `stecca score` command-line contract (issue "The scoring engine"), tested on the real binary.

use std::process::Output;

use crate::common::cli::stecca_stdin as stecca_bytes;
use serde_json::{Value, json};

const EXAMPLE: &str = include_str!("../../examples/digest-manche.json");

fn stecca(args: &[&str], stdin: &str) -> Output {
    stecca_bytes(args, stdin.as_bytes())
}

fn stdout_json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

#[test]
fn the_issue_example_prints_the_issue_output() {
    let out = stecca(&["score", "examples/digest-manche.json"], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = stdout_json(&out);
    let bruno = &v["players"][1];
    assert_eq!(bruno["name"], "Bruno");
    assert_eq!(bruno["seat"], "S");
    assert_eq!(bruno["score"], 144);
    assert_eq!(bruno["stick_points"], 36);
    assert_eq!(bruno["doubles"], 2);
    assert_eq!(bruno["limit"], Value::Null);
    let items = bruno["items"].as_array().expect("items");
    let points: u64 = items.iter().filter_map(|i| i["points"].as_u64()).sum();
    let doubles: u64 = items.iter().filter_map(|i| i["doubles"].as_u64()).sum();
    assert_eq!((points, doubles), (36, 2), "the items explain the figures");
    assert!(items.iter().all(|i| i["label_it"].is_string() && i["label_en"].is_string()));
    assert!(
        v["payments"].as_array().expect("payments").contains(&json!({"from": "Anna", "to": "Bruno", "amount": 290}))
    );
    assert_eq!(v["net"], json!({"Anna": -230, "Bruno": 570, "Carla": -170, "Dario": -170}));
}

/// Issue 62: a hand of 300,000 tiles was refused as "255 tiles" (the count of one tile stopped at a byte).
#[test]
fn a_huge_hand_is_refused_with_its_true_count() {
    for hand in [format!("{}c", "1".repeat(300_000)), vec!["1c"; 300_000].join(" ")] {
        let input = EXAMPLE.replace("[999c] 2b 3b 5d 7d 9d 6c 7c S N B 1f", &hand);
        let out = stecca(&["score"], &input);
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            stderr.trim_end(),
            "stecca score: Anna: 300000 tiles: a hand cannot hold more than the 144 tiles of a whole set"
        );
    }
}

#[test]
fn standard_input_is_read_when_no_file_is_given() {
    let out = stecca(&["score"], EXAMPLE);
    assert!(out.status.success());
    assert_eq!(stdout_json(&out)["net"]["Bruno"], 570);
    let dash = stecca(&["score", "-"], EXAMPLE);
    assert_eq!(stdout_json(&dash)["net"]["Bruno"], 570);
}

#[test]
fn invalid_input_exits_2_with_one_line_naming_the_player_and_nothing_on_stdout() {
    let bad = EXAMPLE.replace("[999c] 2b", "[998c] 2b");
    let out = stecca(&["score"], &bad);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("Anna: \"[998c]\": an exposed group must be a pung, kong or chow"), "{stderr}");
}

#[test]
fn malformed_json_exits_2() {
    let out = stecca(&["score"], "{\"rules\": ");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("invalid input"));
}

#[test]
fn a_misspelt_field_is_named() {
    let out = stecca(&["score"], &EXAMPLE.replacen("\"hand\"", "\"hnad\"", 1));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`hnad` is not a FIMJ field"));
}

#[test]
fn a_missing_file_exits_2_and_says_which() {
    let out = stecca(&["score", "no/such/manche.json"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read no/such/manche.json"));
}

fn one_line(json: &str) -> String {
    serde_json::to_string(&serde_json::from_str::<Value>(json).expect("json")).expect("serialise")
}

#[test]
fn jsonl_scores_every_line_in_order_and_reports_bad_lines_in_place() {
    let good = one_line(EXAMPLE);
    let bad = good.replace("\"seat\":\"W\"", "\"seat\":\"S\"");
    let input = format!("{good}\n{bad}\n\n{good}\n");
    let out = stecca(&["score", "--jsonl"], &input);
    assert_eq!(out.status.code(), Some(2), "not every line scored");
    let lines: Vec<Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("json line")).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["net"]["Bruno"], 570);
    assert_eq!(lines[1]["error"], "Carla: sits at S, like Bruno: each seat wind is held by one player");
    assert!(lines[2]["error"].as_str().is_some_and(|e| e.contains("empty")));
    assert_eq!(lines[3]["net"]["Bruno"], 570);
}

#[test]
fn jsonl_exits_0_when_every_line_scores() {
    let good = one_line(EXAMPLE);
    let out = stecca(&["score", "--jsonl"], &format!("{good}\n{good}\n"));
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
}

#[test]
fn a_classic_american_manche_scores_through_the_same_command() {
    let manche = json!({
        "rules": "classic_american", "round_wind": "E", "void": false,
        "players": [
            {"name": "Anna", "seat": "E", "hand": "[8888d] [VVV] EEE BB 234c", "mahjong": true},
            {"name": "Bruno", "seat": "S", "hand": "1d 4d 7d 2b 5b 8b 3c 6c 9c", "dead": "long"},
            {"name": "Carla", "seat": "W", "hand": "2d 5d 9d 3b 6b 9b 1c 5c 7c"},
            {"name": "Dario", "seat": "N", "hand": "3d 6d 1b 4b 7b 8c"}],
        "options": {"edition": "lrb", "game_type": "mixed"}
    });
    let out = stecca(&["score"], &manche.to_string());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = stdout_json(&out);
    assert_eq!(v["players"][0]["score"], 168, "Babcock: 42 × 2 (dragon pung) × 2 (own wind)");
    assert_eq!(v["net"]["Anna"], 1008, "East receives 336 from each player");
    let mut refused = manche.clone();
    refused["options"] = json!({"game_type": "cleared"});
    let out = stecca(&["score"], &refused.to_string());
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("Anna: cleared-hand game: the hand holds two suits"), "{stderr}");
}

#[test]
fn a_line_that_is_not_utf8_or_too_long_is_an_error_line_and_the_batch_goes_on() {
    let good = one_line(EXAMPLE);
    let mut input = Vec::new();
    input.extend_from_slice(good.as_bytes());
    input.push(b'\n');
    input.extend_from_slice(b"{\"rules\": \"fimj\", \"players\": \"\xff\xfe\"}\n");
    input.extend_from_slice(&vec![b' '; 2 << 20]);
    input.push(b'\n');
    input.extend_from_slice(good.as_bytes());
    input.push(b'\n');
    let out = stecca_bytes(&["score", "--jsonl"], &input);
    assert_eq!(out.status.code(), Some(2), "some lines failed");
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .expect("utf-8 output")
        .lines()
        .map(|l| serde_json::from_str(l).expect("each answer is JSON"))
        .collect();
    assert_eq!(lines.len(), 4, "one answer per line");
    assert_eq!(lines[0]["players"][1]["score"], 144);
    assert!(lines[1]["error"].as_str().is_some_and(|e| e.contains("not UTF-8")), "{}", lines[1]);
    assert!(lines[2]["error"].as_str().is_some_and(|e| e.contains("longer than")), "{}", lines[2]);
    assert_eq!(lines[3]["players"][1]["score"], 144, "the batch went on");
}

#[test]
fn a_json_file_with_a_byte_order_mark_is_read() {
    let out = stecca_bytes(&["score"], format!("\u{feff}{EXAMPLE}").as_bytes());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(stdout_json(&out)["players"][1]["score"], 144);
}

/// `lines` random manches of every ruleset in turn, the players of line `i` named after it (`Anna 17`); every 97th
/// line (the first too) names no ruleset Stecca knows.
fn mixed_lines(lines: u64) -> Vec<String> {
    use stecca::rules::{CarryFrom, MancheFrame, rulesets};
    (0..lines)
        .map(|i| {
            if i % 97 == 0 {
                return json!({"rules": "nope", "players": []}).to_string();
            }
            let ruleset = rulesets()[(i % rulesets().len() as u64) as usize];
            let rules = ruleset.in_force(&json!({})).expect("the defaults");
            let names = ["Anna", "Bruno", "Carla", "Dario"][..ruleset.table_size()].iter();
            let frame = MancheFrame {
                names: names.map(|name| format!("{name} {i}")).collect(),
                round_wind: ruleset.seat_model().has_winds().then_some(stecca::tiles::Wind::East),
                seat_winds: ruleset.seat_model().has_seat_winds(),
                carried: rules.carry(&CarryFrom::FIRST),
                ..MancheFrame::default()
            };
            serde_json::to_string(&rules.random_manche(i, &frame)).expect("serialise")
        })
        .collect()
}

/// Issue 68: `stecca score --jsonl` scores on every core, and each answer stays on its line's row: 4,500 lines
/// of every ruleset in turn (more than one batch of work) give, on four threads, the bytes they give on one, and
/// answer `i` names line `i`'s players (or is an error where line `i` is bad).
#[test]
fn jsonl_answers_keep_the_lines_order_on_every_core() {
    use crate::common::cli::stecca_in_locale;
    let input = mixed_lines(4500).join("\n") + "\n";
    let run = |threads: &str| {
        let out = stecca_in_locale(
            &["score", "--jsonl"],
            &[("LC_ALL", "C.UTF-8"), ("RAYON_NUM_THREADS", threads)],
            input.as_bytes(),
        );
        assert_eq!(out.status.code(), Some(2), "the bad lines fail: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let (one, four) = (run("1"), run("4"));
    for (i, answer) in four.lines().enumerate() {
        let v: Value = serde_json::from_str(answer).expect("each answer is JSON");
        if i % 97 == 0 {
            assert!(v["error"].is_string(), "line {i}: {answer}");
        } else {
            assert_eq!(v["players"][0]["name"], format!("Anna {i}"), "line {i}: {answer}");
        }
    }
    assert_eq!(four.lines().count(), 4500, "one answer a line");
    assert!(one == four, "one thread and four print the same bytes");
}

/// Issue 68: a line whose options are written as the last line's is scored without reading them again, and it
/// scores as if read alone; a line whose options differ, even by one value or only in how they are written, is
/// scored under its own. Mayumi's lines carry its whole scoring table.
#[test]
fn jsonl_lines_repeating_the_last_options_score_as_each_alone() {
    use stecca::rules::{CarryFrom, MancheFrame, ruleset};
    let mayumi = ruleset("mayumi").expect("mayumi");
    let table = mayumi.default_options();
    let mut cheaper = table.clone();
    cheaper["values"]["ribbon"] = json!(20);
    let rules = mayumi.in_force(&json!({})).expect("the defaults");
    let frame = MancheFrame {
        names: ["Aiko", "Botan", "Chiyo"].map(str::to_owned).to_vec(),
        carried: rules.carry(&CarryFrom::FIRST),
        ..MancheFrame::default()
    };
    let manche = |seed: u64, options: Value| {
        let mut input = serde_json::to_value(rules.random_manche(seed, &frame)).expect("a manche");
        input["options"] = options;
        serde_json::to_string(&input).expect("one line")
    };
    let mut stray = serde_json::from_str::<Value>(&manche(5, table.clone())).expect("json");
    stray["players"][0]["stray"] = json!(1);
    // A key written twice after the options: the reader's own error, with the line's own column.
    let twice = manche(6, table.clone()).trim_end_matches('}').to_owned() + r#","void":false}"#;
    // The options written as the last member (as `stecca` writes a manche), after `before`: the line's end is
    // compared with the options kept.
    let last = |line: &str, before: &str| {
        let mut input = serde_json::from_str::<Value>(line).expect("json");
        let options = input.as_object_mut().expect("an object").remove("options").expect("options");
        let rest = serde_json::to_string(&input).expect("one line");
        format!("{},{before}\"options\":{options}}}", rest.trim_end_matches('}'))
    };
    let written_twice = last(&manche(9, table.clone()), &format!("\"options\":{cheaper},"));
    // The kept options after a key that only ends in `options` (`x"options`): a field no ruleset has.
    let (rest, options) = last(&manche(10, table.clone()), "")
        .rsplit_once("\"options\":")
        .map(|(r, o)| (r.to_owned(), o.to_owned()))
        .expect("options");
    let inside_a_key = format!("{rest}\"x\\\"options\":{options}");
    let lines = [
        manche(1, table.clone()),
        manche(2, table.clone()),
        manche(2, cheaper.clone()),
        manche(3, table.clone()),
        serde_json::to_string(&stray).expect("one line"),
        // The same options written with a space more: read, and found to be the same.
        manche(4, table.clone()).replacen("\"options\":{", "\"options\": {", 1),
        manche(4, table.clone()),
        twice,
        last(&manche(7, table.clone()), ""),
        last(&manche(7, cheaper.clone()), ""),
        last(&manche(8, table.clone()), ""),
        written_twice,
        inside_a_key,
    ];
    assert!(lines[1].len() > 1024, "long enough to be glanced at first: {}", lines[1].len());
    let together = scored_together_as_alone(&lines);
    assert_ne!(together[1], together[2], "the same hand under cheaper ribbons scores otherwise");
    assert!(together[4].contains("\"error\"") && together[4].contains("stray"), "{}", together[4]);
    assert_ne!(lines[5], lines[6], "written otherwise");
    assert_eq!(together[5], together[6], "the same options written otherwise are the same options");
    assert!(together[7].contains("duplicate field `void`") && together[7].contains("column"), "{}", together[7]);
    assert!(lines[8].ends_with(&format!(",\"options\":{table}}}")), "{}", lines[8]);
    assert_ne!(together[8], together[9], "the options written last are this line's own");
    assert!(!together[10].contains("\"error\""), "{}", together[10]);
    assert!(together[11].contains("duplicate field `options`"), "{}", together[11]);
    assert!(together[12].contains("\"error\"") && together[12].contains("x\\\"options"), "{}", together[12]);
}

/// Each line's answer from `stecca score --jsonl` given all `lines` at once, each checked to be its answer given
/// alone.
fn scored_together_as_alone(lines: &[String]) -> Vec<String> {
    use crate::common::cli::stecca_in_locale;
    let answer = |input: &str| {
        let out = stecca_in_locale(
            &["score", "--jsonl"],
            &[("LC_ALL", "C.UTF-8"), ("RAYON_NUM_THREADS", "1")],
            input.as_bytes(),
        );
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let together = answer(&(lines.join("\n") + "\n"));
    let together: Vec<String> = together.lines().map(str::to_owned).collect();
    assert_eq!(together.len(), lines.len());
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(together[i], answer(&format!("{line}\n")).trim_end(), "line {i} scores as if alone");
    }
    together
}

/// A random manche of ruleset `id` under its default options with `change` made to them, and the frame its
/// manches are drawn in.
fn random_line(id: &str, seed: u64, change: Option<(&str, Value)>) -> String {
    use stecca::rules::{CarryFrom, MancheFrame, ruleset};
    let ruleset = ruleset(id).expect("a ruleset");
    let rules = ruleset.in_force(&json!({})).expect("the defaults");
    let frame = MancheFrame {
        names: ["Anna", "Bruno", "Carla", "Dario"][..ruleset.table_size()].iter().map(|n| (*n).to_owned()).collect(),
        round_wind: Some(stecca::tiles::Wind::East),
        seat_winds: true,
        carried: rules.carry(&CarryFrom::FIRST),
        ..MancheFrame::default()
    };
    let mut input = rules.random_manche(seed, &frame);
    if let Some((key, value)) = change {
        input.options[key] = value;
    }
    // As `stecca` writes a manche: the options after the players, and the ruleset's own fields after them.
    serde_json::to_string(&input).expect("one line")
}

/// Issue 68: short lines too are read without their options when those are written last as a line before wrote
/// them (MCR's are), and each scores as if read alone: the same options, others, and the same written otherwise.
#[test]
fn jsonl_short_lines_with_the_options_last_score_as_each_alone() {
    let cheaper = Some(("false_hu_penalty", json!(12)));
    let lines = [
        random_line("mcr", 1, None),
        random_line("mcr", 2, None),
        random_line("mcr", 2, cheaper.clone()),
        random_line("mcr", 3, None),
        random_line("mcr", 3, None).replacen("\"options\":{", "\"options\": {", 1),
        random_line("mcr", 4, cheaper),
        random_line("mcr", 4, None),
    ];
    assert!(lines.iter().all(|line| line.len() < 1024 && line.ends_with("}}")), "{lines:?}");
    for (i, answer) in scored_together_as_alone(&lines).iter().enumerate() {
        assert!(!answer.contains("\"error\""), "line {i}: {answer}");
    }
}

/// Issue 68: lines whose options are followed by other fields (Riichi's carried deposits and counters) are read
/// without them too when written as kept, and score as if read alone; an `options` key elsewhere in a line is not
/// taken for its options.
#[test]
fn jsonl_lines_with_the_options_amid_other_fields_score_as_each_alone() {
    let line = |seed| random_line("riichi", seed, None);
    let to_value = |line: String| serde_json::from_str::<Value>(&line).expect("json");
    let options = to_value(line(1))["options"].clone();
    assert!(!line(1).ends_with("}}"), "fields after the options: {}", line(1));
    // The options only in a player's fields; in the manche's and a player's; a player named with a quote.
    let mut nested = to_value(line(5));
    nested.as_object_mut().expect("an object").remove("options");
    nested["players"][0]["options"] = options.clone();
    let mut twice = to_value(line(6));
    twice["players"][1]["options"] = options.clone();
    let quoted = line(7).replace("\"Anna\"", "\"Anna \\\"la rossa\\\"\"");
    let lines = [
        line(1),
        line(54),
        random_line("riichi", 54, Some(("open_tanyao", json!(false)))),
        line(3),
        line(4),
        nested.to_string(),
        twice.to_string(),
        quoted,
    ];
    let answers = scored_together_as_alone(&lines);
    assert_ne!(answers[1], answers[2], "the same hand without open tanyao");
    for i in [0, 1, 2, 3, 4, 7] {
        assert!(!answers[i].contains("\"error\""), "line {i}: {}", answers[i]);
    }
    assert!(answers[5].contains("\"error\"") && answers[5].contains("options"), "{}", answers[5]);
    assert!(answers[6].contains("\"error\"") && answers[6].contains("options"), "{}", answers[6]);
    assert!(answers[7].contains("la rossa"), "{}", answers[7]);
}
