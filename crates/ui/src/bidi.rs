//! Names in right-to-left scripts (Hebrew, Arabic) drawn in reading order. egui 0.37 lays text out left to
//! right, one character after another (emilk/egui#5069: no bidirectional algorithm; #56: no shaping), so
//! "דוד כהן" would read backwards. A label's text is reordered here into visual order with the Unicode
//! bidirectional algorithm (`unicode-bidi`, already in the build through `url`). What egui still cannot do,
//! and this does not pretend to: join Arabic letters into their contextual forms (they show isolated), lay out
//! a text field being typed (shown in typing order), or mirror the screens for a right-to-left language.

use std::borrow::Cow;

use unicode_bidi::BidiInfo;

/// `text` in the order its characters are drawn: unchanged when nothing in it is right to left.
pub(crate) fn visual(text: &str) -> Cow<'_, str> {
    let info = BidiInfo::new(text, None);
    if !info.has_rtl() {
        return Cow::Borrowed(text);
    }
    let lines: Vec<Cow<'_, str>> =
        info.paragraphs.iter().map(|paragraph| info.reorder_line(paragraph, paragraph.range.clone())).collect();
    Cow::Owned(lines.concat())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hebrew_name_is_drawn_right_to_left_and_a_latin_one_untouched() {
        assert_eq!(visual("Anna Rossi"), "Anna Rossi");
        // דוד כהן (David Cohen): the first letter typed is drawn rightmost.
        assert_eq!(visual("דוד כהן"), "ןהכ דוד");
        // A Latin surname beside a Hebrew given name keeps its own direction.
        assert_eq!(visual("Levi כהן"), "Levi ןהכ");
    }
}
