//! A small page writer over printpdf: A4 portrait, the bundled DejaVu Sans (regular and bold, so that every
//! Italian accent renders), text measured glyph by glyph (printpdf has no width helper) to right-align numbers
//! and to shorten what does not fit, and "Pagina 3 di 12" on every page once the page count is known.
//!
//! What a page holds is kept as marks until the document is finished: only then is each font cut down to the
//! characters the whole document uses (allsorts' subsetter, keeping a Unicode cmap, so printpdf maps the text to
//! the subset's glyphs), and the pages are drawn with it. A standings PDF of 400 players embeds some tens of
//! kilobytes of font instead of DejaVu's 700.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use stecca_core::i18n::Lang;

use printpdf::{
    Color, FontId, Line, LinePoint, Mm, Op, PaintMode, ParsedFont, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions,
    Point, Polygon, PolygonRing, Pt, Rgb, TextItem, WindingOrder,
};

/// Page size in millimetres (A4 portrait).
pub const PAGE_W: f32 = 210.0;
/// Page height.
pub const PAGE_H: f32 = 297.0;
/// Left and right margin.
pub const MARGIN: f32 = 15.0;
/// The lowest y a line of body text may use (above the footer).
pub const BOTTOM: f32 = 20.0;

const REGULAR_TTF: &[u8] = crate::fonts::REGULAR;
const BOLD_TTF: &[u8] = crate::fonts::BOLD;

/// The whole fonts, parsed once per process, for measuring: parsing DejaVu takes longer than laying out a page.
static FONTS: LazyLock<Option<(ParsedFont, ParsedFont)>> = LazyLock::new(|| {
    let regular = ParsedFont::from_bytes(REGULAR_TTF, 0, &mut Vec::new())?;
    let bold = ParsedFont::from_bytes(BOLD_TTF, 0, &mut Vec::new())?;
    Some((regular, bold))
});

/// Why a PDF could not be written.
#[derive(Debug, thiserror::Error)]
#[error("the bundled font could not be read")]
pub struct FontError;

/// Regular or bold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

/// Something drawn on a page, kept until the document is finished.
enum Mark {
    Text {
        x: f32,
        y: f32,
        size: f32,
        weight: Weight,
        text: String,
    },
    Line {
        from: (f32, f32),
        to: (f32, f32),
        thickness: f32,
        grey: f32,
    },
    /// A black rectangle: lower-left corner, width, height.
    Block {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
}

/// A document being written page by page.
pub struct Writer {
    title: String,
    regular: &'static ParsedFont,
    bold: &'static ParsedFont,
    pages: Vec<Vec<Mark>>,
    /// The current line's baseline, in mm from the bottom.
    pub y: f32,
    /// The language of the page numbers in the footer.
    lang: Lang,
}

impl Writer {
    /// A new document whose footers number its pages in `lang`.
    pub fn new(title: &str, lang: Lang) -> Result<Writer, FontError> {
        let Some((regular, bold)) = FONTS.as_ref() else { return Err(FontError) };
        Ok(Writer { title: title.to_owned(), regular, bold, pages: Vec::new(), y: PAGE_H - MARGIN, lang })
    }

    /// Starts a new page; the cursor goes to the top margin.
    pub fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.y = PAGE_H - MARGIN;
    }

    fn marks(&mut self) -> &mut Vec<Mark> {
        if self.pages.is_empty() {
            self.pages.push(Vec::new());
        }
        let last = self.pages.len() - 1;
        &mut self.pages[last]
    }

    fn font(&self, weight: Weight) -> &'static ParsedFont {
        match weight {
            Weight::Regular => self.regular,
            Weight::Bold => self.bold,
        }
    }

    /// Width of `text` in mm at `size` points.
    pub fn width(&self, text: &str, size: f32, weight: Weight) -> f32 {
        measure(self.font(weight), text, size)
    }

    /// The size (down to 7 pt) at which `text` fits `max` mm, and the text, shortened with "…" if even 7 pt
    /// is too wide.
    pub fn fit_sized(&self, text: &str, max: f32, size: f32, weight: Weight) -> (String, f32) {
        let mut size = size;
        while size > 7.0 && self.width(text, size, weight) > max {
            size -= 0.5;
        }
        (self.fit(text, max, size, weight), size)
    }

    /// `text` shortened with "…" to fit `max` mm.
    pub fn fit(&self, text: &str, max: f32, size: f32, weight: Weight) -> String {
        if self.width(text, size, weight) <= max {
            return text.to_owned();
        }
        let mut chars: Vec<char> = text.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let candidate: String = chars.iter().collect::<String>().trim_end().to_owned() + "…";
            if self.width(&candidate, size, weight) <= max {
                return candidate;
            }
        }
        String::new()
    }

    /// Writes `text` with its left edge at `x` mm on baseline `y` mm. Text that would cross the right margin
    /// is shortened with "…": nothing ever runs off the page, whatever a name's length.
    pub fn text(&mut self, x: f32, y: f32, size: f32, weight: Weight, text: &str) {
        let text = self.within_margin(x, size, weight, text);
        if text.is_empty() {
            return;
        }
        self.marks().push(Mark::Text { x, y, size, weight, text });
    }

    /// `text` as it fits between `x` and the right margin.
    pub fn within_margin(&self, x: f32, size: f32, weight: Weight, text: &str) -> String {
        self.fit(text, (PAGE_W - MARGIN - x).max(0.0) + 0.01, size, weight)
    }

    /// Writes `text` with its right edge at `right` mm.
    pub fn text_right(&mut self, right: f32, y: f32, size: f32, weight: Weight, text: &str) {
        let width = self.width(text, size, weight);
        self.text(right - width, y, size, weight, text);
    }

    /// A straight line, `thickness` in points, grey level 0 (black) to 1 (white).
    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), thickness: f32, grey: f32) {
        self.marks().push(Mark::Line { from, to, thickness, grey });
    }

    /// A filled black rectangle with its lower-left corner at (`x`, `y`).
    pub fn block(&mut self, x: f32, y: f32, w: f32, h: f32) {
        self.marks().push(Mark::Block { x, y, w, h });
    }

    /// Adds the page numbers and returns the PDF bytes.
    pub fn finish(mut self) -> Vec<u8> {
        if self.pages.is_empty() {
            self.pages.push(Vec::new());
        }
        let total = self.pages.len();
        for (i, marks) in self.pages.iter_mut().enumerate() {
            let footer = stecca_core::msg!("pdf.page", page = i + 1, pages = total).render(self.lang);
            let width = measure(self.regular, &footer, 8.0);
            marks.push(Mark::Text {
                x: PAGE_W - MARGIN - width,
                y: 10.0,
                size: 8.0,
                weight: Weight::Regular,
                text: footer,
            });
        }
        let mut doc = PdfDocument::new(&self.title);
        let regular = embed(&mut doc, self.regular, REGULAR_TTF, &self.pages, Weight::Regular);
        let bold = embed(&mut doc, self.bold, BOLD_TTF, &self.pages, Weight::Bold);
        let pages = self
            .pages
            .iter()
            .map(|marks| {
                let ops = marks.iter().flat_map(|mark| draw(mark, &regular, &bold)).collect();
                PdfPage::new(Mm(PAGE_W), Mm(PAGE_H), ops)
            })
            .collect();
        // The fonts are subset already: printpdf embeds them as they are.
        let options = PdfSaveOptions { subset_fonts: false, ..PdfSaveOptions::default() };
        doc.with_pages(pages).save(&options, &mut Vec::new())
    }
}

/// Width of `text` in mm at `size` points in `font`.
fn measure(font: &ParsedFont, text: &str, size: f32) -> f32 {
    let units: u32 = text
        .chars()
        .map(|c| {
            u32::from(font.glyph_widths.get(&font.lookup_glyph_index(c as u32).unwrap_or(0)).copied().unwrap_or(0))
        })
        .sum();
    units as f32 * size / f32::from(font.units_per_em.max(1)) * 25.4 / 72.0
}

/// Adds to `doc` the font of `weight` cut down to the characters `pages` write in it; its id.
fn embed(doc: &mut PdfDocument, whole: &ParsedFont, bytes: &[u8], pages: &[Vec<Mark>], weight: Weight) -> FontId {
    let glyphs: BTreeSet<u16> = pages
        .iter()
        .flatten()
        .filter_map(|mark| match mark {
            Mark::Text { weight: w, text, .. } if *w == weight => Some(text.chars()),
            _ => None,
        })
        .flatten()
        .filter_map(|c| whole.lookup_glyph_index(c as u32))
        .collect();
    match subset(bytes, &glyphs) {
        Some(font) => doc.add_font(&font),
        // A subset that cannot be made (it never happens with the bundled fonts) costs only size.
        None => doc.add_font(whole),
    }
}

/// `bytes` cut down to `glyphs` (and .notdef, which must come first), with a Unicode cmap for them.
fn subset(bytes: &[u8], glyphs: &BTreeSet<u16>) -> Option<ParsedFont> {
    use allsorts::binary::read::ReadScope;
    use allsorts::font_data::FontData;
    use allsorts::subset::{CmapTarget, SubsetProfile};
    let ids: Vec<u16> = std::iter::once(0).chain(glyphs.iter().copied().filter(|g| *g != 0)).collect();
    let font = ReadScope::new(bytes).read::<FontData<'_>>().ok()?;
    let provider = font.table_provider(0).ok()?;
    let cut = allsorts::subset::subset(&provider, &ids, &SubsetProfile::Minimal, CmapTarget::Unicode).ok()?;
    ParsedFont::from_bytes(&cut, 0, &mut Vec::new())
}

/// The operations that draw one mark.
fn draw(mark: &Mark, regular: &FontId, bold: &FontId) -> Vec<Op> {
    match mark {
        Mark::Text { x, y, size, weight, text } => {
            let font = if *weight == Weight::Bold { bold } else { regular };
            vec![
                Op::StartTextSection,
                Op::SetFont { font: PdfFontHandle::External(font.clone()), size: Pt(*size) },
                Op::SetTextCursor { pos: Point::new(Mm(*x), Mm(*y)) },
                Op::ShowText { items: vec![TextItem::Text(text.clone())] },
                Op::EndTextSection,
            ]
        }
        Mark::Block { x, y, w, h } => {
            let corner = |x: f32, y: f32| LinePoint { p: Point::new(Mm(x), Mm(y)), bezier: false };
            let ring = vec![corner(*x, *y), corner(*x + *w, *y), corner(*x + *w, *y + *h), corner(*x, *y + *h)];
            vec![
                Op::SetFillColor { col: Color::Rgb(Rgb::new(0.0, 0.0, 0.0, None)) },
                Op::DrawPolygon {
                    polygon: Polygon {
                        rings: vec![PolygonRing { points: ring }],
                        mode: PaintMode::Fill,
                        winding_order: WindingOrder::NonZero,
                    },
                },
            ]
        }
        Mark::Line { from, to, thickness, grey } => {
            let point = |(x, y): (f32, f32)| LinePoint { p: Point::new(Mm(x), Mm(y)), bezier: false };
            vec![
                Op::SetOutlineColor { col: Color::Rgb(Rgb::new(*grey, *grey, *grey, None)) },
                Op::SetOutlineThickness { pt: Pt(*thickness) },
                Op::DrawLine { line: Line { points: vec![point(*from), point(*to)], is_closed: false } },
            ]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_never_crosses_the_right_margin() {
        let w = Writer::new("t", Lang::ITALIAN).expect("fonts");
        let long = "Bartolomeo ".repeat(20);
        let kept = w.within_margin(MARGIN, 12.0, Weight::Bold, &long);
        assert!(kept.ends_with('…'), "{kept}");
        assert!(w.width(&kept, 12.0, Weight::Bold) <= PAGE_W - 2.0 * MARGIN + 0.01);
        assert_eq!(w.within_margin(MARGIN, 12.0, Weight::Bold, "Anna"), "Anna");
        let (shrunk, size) = w.fit_sized(&"N".repeat(60), PAGE_W - 2.0 * MARGIN, 12.0, Weight::Bold);
        assert!(size < 12.0 && !shrunk.ends_with('…'), "{size} {shrunk}");
    }
}
