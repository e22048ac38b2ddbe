//! A whole seating plan, the one type the searches, the designs and the tables-of-any-size seating share (a
//! leaf: it depends on nothing in seating, so none of them depends on another for it).

/// A plan over any table size: `sessions[s][t]` = the players of table t+1 in session s+1, by seat position
/// (position 0 deals first).
pub type Plan = Vec<Vec<Vec<usize>>>;
