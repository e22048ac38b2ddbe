//! The desk's fonts: egui's own, with the bundled DejaVu Sans behind them for every glyph they lack.

use std::sync::Arc;

/// Adds DejaVu Sans as the last fallback of the proportional and monospace families.
pub fn install(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert("dejavu".to_owned(), Arc::new(egui::FontData::from_static(stecca_desk::fonts::REGULAR)));
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts.families.entry(family).or_default().push("dejavu".to_owned());
    }
    ctx.set_fonts(fonts);
}
