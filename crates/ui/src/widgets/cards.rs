//! A ruleset's deck drawn with the painter (no image files to license or ship), from the deck's own description
//! (`rules::deck`): each card's emblem in its column's colour, and what sets the card apart — a disc, a figure, a
//! ribbon (with verse or plain), or the emblem alone — with its code beneath. The grid shows the deck column by
//! column, each card framed in the colour of the player whose cards it is among. Nothing here names a game.

use egui::{Color32, CornerRadius, FontId, Rect, Sense, Stroke, StrokeKind, WidgetInfo, pos2, vec2};

use crate::rules::deck::{CardMark, Deck, DeckCard, Rgb};

const PAPER: Color32 = Color32::from_rgb(250, 244, 230);
const EDGE: Color32 = Color32::from_rgb(120, 110, 95);
const INK: Color32 = Color32::from_rgb(30, 30, 30);
/// The frame of a card two players claim.
const CLASH: Color32 = Color32::from_rgb(200, 35, 35);

fn color32(rgb: Rgb) -> Color32 {
    Color32::from_rgb(rgb[0], rgb[1], rgb[2])
}

/// The colour a player's cards are framed in (by seat position).
pub const PLAYER_COLORS: [Color32; 3] =
    [Color32::from_rgb(30, 110, 200), Color32::from_rgb(215, 110, 0), Color32::from_rgb(40, 150, 70)];

/// A card's size on the grid.
pub const CARD: egui::Vec2 = vec2(36.0, 54.0);

/// Paints a card face in `rect`.
pub fn paint_card(painter: &egui::Painter, rect: Rect, card: &DeckCard) {
    painter.rect(rect, CornerRadius::same(3), PAPER, Stroke::new(1.0, EDGE), StrokeKind::Inside);
    let (w, h) = (rect.width(), rect.height());
    let top = rect.top();
    let emblem = color32(card.face.colour);
    // The emblem: three blossoms across the top of every card of the column.
    for k in 0..3 {
        let at = pos2(rect.left() + w * (0.22 + 0.28 * k as f32), top + h * (0.14 + 0.05 * (k % 2) as f32));
        painter.circle_filled(at, w * 0.11, emblem);
    }
    let centre = pos2(rect.center().x, top + h * 0.5);
    match card.face.mark {
        CardMark::Disc { fill, ring } => {
            painter.circle(centre, w * 0.26, color32(fill), Stroke::new(2.0, color32(ring)));
        }
        CardMark::Figure => {
            // A bird or beast in the column's colour, wings or horns outlined.
            let body = Rect::from_center_size(centre, vec2(w * 0.5, h * 0.18));
            painter.rect_filled(body, CornerRadius::same(6), emblem);
            painter.line_segment(
                [pos2(body.left(), body.top()), pos2(body.left() - w * 0.08, body.top() - h * 0.08)],
                Stroke::new(2.0, INK),
            );
            painter.circle_filled(pos2(body.right(), body.top()), w * 0.07, INK);
        }
        CardMark::Ribbon { colour, verse } => {
            let ribbon = Rect::from_center_size(centre, vec2(w * 0.2, h * 0.5));
            painter.rect_filled(ribbon, CornerRadius::same(1), color32(colour));
            if verse {
                for k in 0..3 {
                    let y = ribbon.top() + ribbon.height() * (0.25 + 0.22 * k as f32);
                    painter.line_segment(
                        [pos2(ribbon.left() + 2.0, y), pos2(ribbon.right() - 2.0, y)],
                        Stroke::new(1.0, INK),
                    );
                }
            }
        }
        CardMark::Plain { band } => {
            // Only the emblem: a few more blossoms.
            for k in 0..2 {
                let at = pos2(rect.left() + w * (0.35 + 0.3 * k as f32), centre.y);
                painter.circle_filled(at, w * 0.09, emblem.gamma_multiply(0.7));
            }
            if let Some(band) = band {
                painter.rect_filled(Rect::from_center_size(centre, vec2(w * 0.5, h * 0.1)), 1.0, color32(band));
            }
        }
    }
    painter.text(
        pos2(rect.center().x, rect.bottom() - h * 0.12),
        egui::Align2::CENTER_CENTER,
        card.code,
        FontId::proportional(10.0),
        INK,
    );
}

/// The deck's grid, a card at its column and row; `owner` gives each card's owner (by seat position) and `clash`
/// marks cards claimed by two players. Returns the card clicked.
pub fn card_grid(
    ui: &mut egui::Ui,
    deck: &Deck,
    owner: &dyn Fn(&DeckCard) -> Option<usize>,
    clash: &dyn Fn(&DeckCard) -> bool,
) -> Option<&'static DeckCard> {
    let mut clicked = None;
    let (columns, rows) = deck.size();
    egui::Grid::new("deck-grid").spacing(vec2(4.0, 4.0)).show(ui, |ui| {
        for row in 0..rows {
            for column in 0..columns {
                let Some(card) = deck.at(column, row) else {
                    ui.label("");
                    continue;
                };
                let (rect, response) = ui.allocate_exact_size(CARD + vec2(6.0, 6.0), Sense::click());
                let who = owner(card);
                response.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, card.code));
                let face = rect.shrink(3.0);
                let taken = who.is_some();
                paint_card(ui.painter(), face, card);
                if let Some(seat) = who {
                    let color = PLAYER_COLORS[seat % PLAYER_COLORS.len()];
                    ui.painter().rect_stroke(rect, CornerRadius::same(4), Stroke::new(3.0, color), StrokeKind::Inside);
                    let badge = Rect::from_min_size(face.min, vec2(12.0, 12.0));
                    ui.painter().rect_filled(badge, CornerRadius::same(2), color);
                    ui.painter().text(
                        badge.center(),
                        egui::Align2::CENTER_CENTER,
                        (seat + 1).to_string(),
                        FontId::proportional(9.0),
                        Color32::WHITE,
                    );
                }
                if clash(card) {
                    ui.painter().rect_stroke(rect, CornerRadius::same(4), Stroke::new(2.0, CLASH), StrokeKind::Outside);
                }
                if !taken && response.hovered() {
                    ui.painter().rect_stroke(rect, CornerRadius::same(4), Stroke::new(1.5, EDGE), StrokeKind::Inside);
                }
                if response.clicked() {
                    clicked = Some(card);
                }
            }
            ui.end_row();
        }
    });
    clicked
}
