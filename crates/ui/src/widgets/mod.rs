//! Widgets of the desk: tile faces and the tile palette, Hanafuda card faces and their grid, and one widget per
//! kind of field an entry model lists.

pub mod book;
pub mod fields;
pub mod hanafuda;
pub mod tiles;
