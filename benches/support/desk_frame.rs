//! What the desk benches share: a size from the environment, and one frame of the desk drawn off screen
//! (layout and tessellation, the CPU part of a frame).

use stecca::store::Store;
use stecca::tournament::Id;
use stecca::ui::{DeskApp, Screen};

/// `name` from the environment as a number, or `default`.
pub fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Draws one 1400 × 900 frame of the desk.
pub fn frame(ctx: &egui::Context, app: &mut DeskApp) {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1400.0, 900.0))),
        ..Default::default()
    };
    let output = ctx.run_ui(input, |ui| app.show(ui));
    std::hint::black_box(ctx.tessellate(output.shapes, output.pixels_per_point));
}

/// A desk on `store` with tournament `id` open on its standings, drawn until the standings show: what a referee
/// waits for after opening a tournament (the desk reads on its own thread; each frame shows what has arrived).
pub fn standings_desk(store: Store, id: Id) -> (DeskApp, egui::Context) {
    let mut app = DeskApp::new(store);
    app.open_tournament(id);
    app.go(Screen::Standings);
    let ctx = egui::Context::default();
    // Opening reads the tournament, then the standings screen asks for its rows: two answers, a frame each.
    for _ in 0..3 {
        frame(&ctx, &mut app);
        app.settle();
    }
    frame(&ctx, &mut app);
    (app, ctx)
}
