//! The bundled fonts (licences in `assets/fonts/`). DejaVu Sans: the PDFs' typeface, and the desk's fallback for
//! the glyphs egui's own fonts lack (arrows, ×, typographic signs), so that a sentence such as "144 → 160" shows
//! as written. A subset of Droid Sans Fallback: the Han characters that rulesets print beside their own words
//! (a fan's Chinese name), the last fallback; its licence file says how it was cut and how to add a character.

/// DejaVu Sans.
pub const REGULAR: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
pub const BOLD: &[u8] = include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf");
/// Droid Sans Fallback, cut to the Han characters the rulesets' texts use (15 KB instead of 4 MB).
pub const HAN: &[u8] = include_bytes!("../assets/fonts/DroidSansFallback-han-subset.ttf");
