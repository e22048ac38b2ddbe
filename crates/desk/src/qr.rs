//! The hall board's address as a QR code: the dark and light modules, for the seating sheet and the desk's
//! window to draw with their own pens (squares), so neither needs an image library.

/// A QR code: `width` × `width` modules, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Qr {
    /// Modules per side (without the quiet zone, which whoever draws it leaves around: four modules).
    pub width: usize,
    /// Whether each module is dark, row by row.
    pub dark: Vec<bool>,
}

impl Qr {
    /// The code of `text` (an address: short), or `None` for a text too long for any QR code.
    pub fn of(text: &str) -> Option<Qr> {
        let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
        let dark = code.to_colors().into_iter().map(|c| c == qrcode::Color::Dark).collect();
        Some(Qr { width: code.width(), dark })
    }

    /// Whether the module at column `x`, row `y` is dark.
    pub fn is_dark(&self, x: usize, y: usize) -> bool {
        x < self.width && self.dark.get(y * self.width + x).copied().unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gives_a_square_code_with_its_finder_patterns() {
        let qr = Qr::of("http://192.168.1.20:8080/").expect("code");
        assert_eq!(qr.dark.len(), qr.width * qr.width);
        assert_eq!(qr.width, 25, "version 2 at level M holds this address");
        // The three finder patterns: a dark 7 × 7 ring in three corners, light just inside it.
        for (x0, y0) in [(0, 0), (qr.width - 7, 0), (0, qr.width - 7)] {
            assert!((0..7).all(|i| qr.is_dark(x0 + i, y0) && qr.is_dark(x0, y0 + i)));
            assert!(!qr.is_dark(x0 + 1, y0 + 1));
            assert!(qr.is_dark(x0 + 3, y0 + 3));
        }
        assert!(!qr.is_dark(qr.width, 0));
    }

    #[test]
    fn a_text_too_long_gives_no_code() {
        assert_eq!(Qr::of(&"x".repeat(8000)), None);
    }
}
