//! Widgets of the desk: tile faces and the tile palette, Hanafuda card faces and their grid.

pub mod hanafuda;
pub mod tiles;
