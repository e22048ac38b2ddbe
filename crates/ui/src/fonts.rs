//! The desk's fonts: egui's own, with the bundled DejaVu Sans behind them for every glyph they lack, and the
//! bundled Han subset behind that for the Chinese names rulesets print.

use std::sync::Arc;

/// Adds DejaVu Sans, then the Han subset, as the last fallbacks of the proportional and monospace families.
pub fn install(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert("dejavu".to_owned(), Arc::new(egui::FontData::from_static(stecca_desk::fonts::REGULAR)));
    fonts.font_data.insert("han".to_owned(), Arc::new(egui::FontData::from_static(stecca_desk::fonts::HAN)));
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let chain = fonts.families.entry(family).or_default();
        chain.push("dejavu".to_owned());
        chain.push("han".to_owned());
    }
    ctx.set_fonts(fonts);
}
