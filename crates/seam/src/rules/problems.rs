//! The problems of a manche gathered in the order its checks run, so that an entry screen can show every one
//! beside its hand at once while `score` keeps reporting the first (the same one as ever).

use super::MancheError;

/// Problems found so far: at most one per player (one message per hand is enough to fix it, and a second
/// one is often a consequence of the first) and one about the manche as a whole.
#[derive(Debug, Default)]
pub struct Problems(Vec<MancheError>);

impl From<MancheError> for Problems {
    /// The one problem a check that stops at the first found.
    fn from(error: MancheError) -> Self {
        Problems(vec![error])
    }
}

impl Problems {
    /// Keeps the error of a check that failed.
    pub fn check(&mut self, result: Result<(), MancheError>) {
        if let Err(error) = result {
            self.push(error);
        }
    }

    /// Keeps `error` unless its player (or the manche as a whole) already has one.
    pub fn push(&mut self, error: MancheError) {
        if !self.0.iter().any(|known| known.player == error.player) {
            self.0.push(error);
        }
    }

    /// Whether nothing was found.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The first problem, as `score` reports it.
    pub fn first(self) -> Result<(), MancheError> {
        match self.0.into_iter().next() {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }

    /// The first problem, for a manche known to be invalid (`score`'s error).
    pub fn into_error(self) -> MancheError {
        self.first().err().unwrap_or_else(|| MancheError::general(crate::msg!("manche.error.manche_is_not_valid")))
    }

    /// Every problem, in the order found.
    pub fn into_vec(self) -> Vec<MancheError> {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::Message;

    #[test]
    fn one_problem_per_player_and_one_for_the_manche_in_the_order_found() {
        let mut found = Problems::default();
        found.check(Ok(()));
        assert!(found.is_empty());
        found.push(MancheError::player("Bruno", Message::new("test.b1")));
        found.push(MancheError::general(Message::new("test.g1")));
        found.push(MancheError::player("Bruno", Message::new("test.b2")));
        found.check(Err(MancheError::player("Anna", Message::new("test.a1"))));
        found.push(MancheError::general(Message::new("test.g2")));
        let found = found.into_vec();
        let reasons: Vec<Option<&str>> = found.iter().map(|e| e.reason.id()).collect();
        assert_eq!(reasons, [Some("test.b1"), Some("test.g1"), Some("test.a1")]);
    }
}
