//! Hanafuda card faces drawn with the painter (no image files to license or ship): each month's flower in its
//! colours, and what sets the card apart — the light's disc, the animal, the ribbon (red with verse, plain red,
//! or blue) — with the card's code beneath. The grid shows the 48 cards month by month, each framed in the
//! colour of the player whose cards it is among.

use egui::{Color32, CornerRadius, FontId, Rect, Sense, Stroke, StrokeKind, WidgetInfo, pos2, vec2};

use crate::hanafuda::{Card, Kind};

const PAPER: Color32 = Color32::from_rgb(250, 244, 230);
const EDGE: Color32 = Color32::from_rgb(120, 110, 95);
const INK: Color32 = Color32::from_rgb(30, 30, 30);
const RED: Color32 = Color32::from_rgb(200, 35, 35);
const BLUE: Color32 = Color32::from_rgb(35, 70, 170);
const GOLD: Color32 = Color32::from_rgb(225, 170, 30);

/// The colour a player's cards are framed in (by seat position).
pub const PLAYER_COLORS: [Color32; 3] =
    [Color32::from_rgb(30, 110, 200), Color32::from_rgb(215, 110, 0), Color32::from_rgb(40, 150, 70)];

/// A card's size on the grid.
pub const CARD: egui::Vec2 = vec2(36.0, 54.0);

/// Each month's flower colour.
fn flower(month: u8) -> Color32 {
    match month {
        1 => Color32::from_rgb(30, 110, 50),   // pine
        2 => Color32::from_rgb(200, 40, 80),   // plum
        3 => Color32::from_rgb(240, 150, 180), // cherry
        4 => Color32::from_rgb(130, 80, 170),  // wisteria
        5 => Color32::from_rgb(90, 60, 160),   // iris
        6 => Color32::from_rgb(210, 40, 60),   // peony
        7 => Color32::from_rgb(180, 50, 110),  // bush clover
        8 => Color32::from_rgb(110, 100, 90),  // pampas grass
        9 => Color32::from_rgb(230, 190, 40),  // chrysanthemum
        10 => Color32::from_rgb(215, 80, 30),  // maple
        11 => Color32::from_rgb(60, 130, 70),  // willow
        _ => Color32::from_rgb(120, 80, 150),  // paulownia
    }
}

/// Paints a card face in `rect`.
pub fn paint_card(painter: &egui::Painter, rect: Rect, card: Card) {
    painter.rect(rect, CornerRadius::same(3), PAPER, Stroke::new(1.0, EDGE), StrokeKind::Inside);
    let (w, h) = (rect.width(), rect.height());
    let top = rect.top();
    let color = flower(card.month);
    // The flower: three blossoms across the top of every card of the month.
    for k in 0..3 {
        let at = pos2(rect.left() + w * (0.22 + 0.28 * k as f32), top + h * (0.14 + 0.05 * (k % 2) as f32));
        painter.circle_filled(at, w * 0.11, color);
    }
    let centre = pos2(rect.center().x, top + h * 0.5);
    match card.kind {
        Kind::Light => {
            painter.circle(centre, w * 0.26, RED, Stroke::new(2.0, GOLD));
        }
        Kind::Animal => {
            // A bird or beast in the month's colour, wings or horns outlined.
            let body = Rect::from_center_size(centre, vec2(w * 0.5, h * 0.18));
            painter.rect_filled(body, CornerRadius::same(6), color);
            painter.line_segment(
                [pos2(body.left(), body.top()), pos2(body.left() - w * 0.08, body.top() - h * 0.08)],
                Stroke::new(2.0, INK),
            );
            painter.circle_filled(pos2(body.right(), body.top()), w * 0.07, INK);
        }
        Kind::Ribbon => {
            let ribbon = Rect::from_center_size(centre, vec2(w * 0.2, h * 0.5));
            let blue = matches!(card.month, 6 | 9 | 10);
            painter.rect_filled(ribbon, CornerRadius::same(1), if blue { BLUE } else { RED });
            if matches!(card.month, 1..=3) {
                // The poetry ribbons carry verse.
                for k in 0..3 {
                    let y = ribbon.top() + ribbon.height() * (0.25 + 0.22 * k as f32);
                    painter.line_segment(
                        [pos2(ribbon.left() + 2.0, y), pos2(ribbon.right() - 2.0, y)],
                        Stroke::new(1.0, INK),
                    );
                }
            }
        }
        Kind::Chaff => {
            // Only leaves and flowers: a few more blossoms.
            for k in 0..2 {
                let at = pos2(rect.left() + w * (0.35 + 0.3 * k as f32), centre.y);
                painter.circle_filled(at, w * 0.09, color.gamma_multiply(0.7));
            }
            if card.month == 12 && card.number == 1 {
                // The yellow Kiri chaff.
                painter.rect_filled(Rect::from_center_size(centre, vec2(w * 0.5, h * 0.1)), 1.0, GOLD);
            }
        }
    }
    painter.text(
        pos2(rect.center().x, rect.bottom() - h * 0.12),
        egui::Align2::CENTER_CENTER,
        card.to_string(),
        FontId::proportional(10.0),
        INK,
    );
}

/// The 48 cards, a column per month and a row per card of the month; `owner` gives each card's owner (by
/// seat position) and `clash` marks cards claimed by two players. Returns the card clicked.
pub fn card_grid(
    ui: &mut egui::Ui,
    owner: &dyn Fn(Card) -> Option<usize>,
    clash: &dyn Fn(Card) -> bool,
) -> Option<Card> {
    let mut clicked = None;
    egui::Grid::new("hanafuda-grid").spacing(vec2(4.0, 4.0)).show(ui, |ui| {
        for row in 0..4 {
            for month in 1..=12u8 {
                let cards = Card::month_cards(month);
                let Some(&card) = cards.get(row) else {
                    ui.label("");
                    continue;
                };
                let (rect, response) = ui.allocate_exact_size(CARD + vec2(6.0, 6.0), Sense::click());
                let who = owner(card);
                response.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, card.to_string()));
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
                    ui.painter().rect_stroke(rect, CornerRadius::same(4), Stroke::new(2.0, RED), StrokeKind::Outside);
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
