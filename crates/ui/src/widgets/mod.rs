//! Widgets of the desk: tile faces and the tile palette, a ruleset's deck of cards and its grid, and one widget
//! per kind of field an entry model lists.

pub mod book;
pub mod cards;
pub mod fields;
pub mod tiles;
