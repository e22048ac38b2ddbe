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

    /// The limit's name (Italian in every language, with a gloss in the others).
    pub fn name(self) -> stecca_seam::message::Message {
        match self {
            Limit::Coppie => crate::msg!("fimj.limit.coppie"),
            Limit::TuttiTris => crate::msg!("fimj.limit.tutti_tris"),
            Limit::Purezza => crate::msg!("fimj.limit.purezza"),
            Limit::NoveFiori => crate::msg!("fimj.limit.nove_fiori"),
            Limit::TuttiPoker => crate::msg!("fimj.limit.tutti_poker"),
            Limit::TrediciLanterne => crate::msg!("fimj.limit.tredici_lanterne"),
            Limit::UscitaDegliDei => crate::msg!("fimj.limit.uscita_degli_dei"),
            Limit::QuattroBenedizioni => crate::msg!("fimj.limit.quattro_benedizioni"),
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
