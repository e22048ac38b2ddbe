//! The bundled DejaVu Sans (licence in `assets/fonts/`): the PDFs' typeface, and the desk's fallback for the
//! glyphs egui's own fonts lack (arrows, ×, typographic signs), so that a sentence such as "144 → 160" shows
//! as written.

/// DejaVu Sans.
pub const REGULAR: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
pub const BOLD: &[u8] = include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf");
