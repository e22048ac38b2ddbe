//! Widgets of the desk: tile faces and the tile palette.

pub mod tiles;
