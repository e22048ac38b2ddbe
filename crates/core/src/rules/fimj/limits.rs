//! The eight limits (massimi).

use super::options::LimitValues;

/// A FIMJ limit hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// Seven pairs.
    Coppie,
    /// Only pungs/kongs of head tiles.
    TuttiTris,
    /// Only suited tiles of one suit.
    Purezza,
    /// Ninth consecutive Mah Jong as East (club play).
    NoveFiori,
    /// Four kongs and a pair.
    TuttiPoker,
    /// Thirteen orphans.
    TrediciLanterne,
    /// East wins with the dealt tiles / another player on East's first discard.
    UscitaDegliDei,
    /// Pungs/kongs of all four winds.
    QuattroBenedizioni,
}

impl Limit {
    /// In the digest's table order.
    pub const ALL: [Limit; 8] = [
        Limit::Coppie,
        Limit::TuttiTris,
        Limit::Purezza,
        Limit::NoveFiori,
        Limit::TuttiPoker,
        Limit::TrediciLanterne,
        Limit::UscitaDegliDei,
        Limit::QuattroBenedizioni,
    ];

    /// Stable id, as in the options and the JSON output.
    pub fn id(self) -> &'static str {
        match self {
            Limit::Coppie => "coppie",
            Limit::TuttiTris => "tutti_tris",
            Limit::Purezza => "purezza",
            Limit::NoveFiori => "nove_fiori_nel_bambu",
            Limit::TuttiPoker => "tutti_poker",
            Limit::TrediciLanterne => "tredici_lanterne",
            Limit::UscitaDegliDei => "uscita_degli_dei",
            Limit::QuattroBenedizioni => "quattro_benedizioni",
        }
    }

    /// The Italian name referees use.
    pub fn name_it(self) -> &'static str {
        match self {
            Limit::Coppie => "Coppie",
            Limit::TuttiTris => "Tutti tris",
            Limit::Purezza => "Purezza",
            Limit::NoveFiori => "Nove fiori nel bambù",
            Limit::TuttiPoker => "Tutti poker",
            Limit::TrediciLanterne => "Tredici lanterne",
            Limit::UscitaDegliDei => "Uscita degli Dei",
            Limit::QuattroBenedizioni => "Quattro benedizioni",
        }
    }

    /// The Italian name with an English gloss.
    pub fn name_en(self) -> &'static str {
        match self {
            Limit::Coppie => "Coppie (seven pairs)",
            Limit::TuttiTris => "Tutti tris (all head pungs)",
            Limit::Purezza => "Purezza (one suit only)",
            Limit::NoveFiori => "Nove fiori nel bambù (ninth East win)",
            Limit::TuttiPoker => "Tutti poker (four kongs)",
            Limit::TrediciLanterne => "Tredici lanterne (thirteen orphans)",
            Limit::UscitaDegliDei => "Uscita degli Dei (dealt hand)",
            Limit::QuattroBenedizioni => "Quattro benedizioni (four wind pungs)",
        }
    }

    /// The configured value.
    pub fn value(self, values: &LimitValues) -> u64 {
        match self {
            Limit::Coppie => values.coppie,
            Limit::TuttiTris => values.tutti_tris,
            Limit::Purezza => values.purezza,
            Limit::NoveFiori => values.nove_fiori_nel_bambu,
            Limit::TuttiPoker => values.tutti_poker,
            Limit::TrediciLanterne => values.tredici_lanterne,
            Limit::UscitaDegliDei => values.uscita_degli_dei,
            Limit::QuattroBenedizioni => values.quattro_benedizioni,
        }
    }
}
