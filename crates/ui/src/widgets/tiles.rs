//! Tile faces drawn with the painter (no image files: they scale, and cost nothing to ship), and the palette
//! that turns a click into a notation token for the hand being typed.

use crate::text_id;
use egui::{Color32, CornerRadius, FontId, Rect, Role, Sense, Stroke, StrokeKind, Vec2, WidgetInfo, pos2, vec2};

use crate::Lang;

const IVORY: Color32 = Color32::from_rgb(250, 246, 232);
const EDGE: Color32 = Color32::from_rgb(150, 140, 115);
const DOTS: Color32 = Color32::from_rgb(30, 80, 170);
const BAMBOO: Color32 = Color32::from_rgb(20, 120, 60);
const CHARS: Color32 = Color32::from_rgb(190, 30, 30);
const INK: Color32 = Color32::from_rgb(30, 30, 30);

/// A tile as the palette shows it; `code` is its notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// Suit letter (`d`, `b`, `c`) and number.
    Suited(char, u8),
    /// Wind letter.
    Wind(char),
    /// Dragon letter (`R`, `V`, `B`).
    Dragon(char),
    /// Flower 1–4.
    Flower(u8),
    /// Season 1–4.
    Season(u8),
}

impl Face {
    /// The notation of one such tile.
    pub fn code(self) -> String {
        match self {
            Face::Suited(suit, n) => format!("{n}{suit}"),
            Face::Wind(c) | Face::Dragon(c) => c.to_string(),
            Face::Flower(n) => format!("{n}f"),
            Face::Season(n) => format!("{n}s"),
        }
    }

    fn is_bonus(self) -> bool {
        matches!(self, Face::Flower(_) | Face::Season(_))
    }

    /// The accessible name, e.g. "5 bambù".
    pub fn name(self, lang: Lang) -> String {
        match self {
            Face::Suited('d', n) => format!("{n} {}", lang.tr(text_id!("tile.dots"))),
            Face::Suited('b', n) => format!("{n} {}", lang.tr(text_id!("tile.bamboo"))),
            Face::Suited(_, n) => format!("{n} {}", lang.tr(text_id!("tile.characters"))),
            Face::Wind(c) => format!("{} {c}", lang.tr(text_id!("tile.wind"))),
            Face::Dragon('R') => lang.tr(text_id!("tile.red")),
            Face::Dragon('V') => lang.tr(text_id!("tile.green")),
            Face::Dragon(_) => lang.tr(text_id!("tile.white")),
            Face::Flower(n) => format!("{} {n}", lang.tr(text_id!("tile.flower"))),
            Face::Season(n) => format!("{} {n}", lang.tr(text_id!("tile.season"))),
        }
    }
}

/// Paints a tile face in `rect`.
pub fn paint_face(painter: &egui::Painter, rect: Rect, face: Face) {
    painter.rect(rect, CornerRadius::same(4), IVORY, Stroke::new(1.0, EDGE), StrokeKind::Inside);
    let c = rect.center();
    let unit = rect.width() / 6.0;
    match face {
        Face::Suited('d', n) => {
            for p in pips(n) {
                let at = pos2(c.x + p.x * unit * 1.7, c.y + p.y * unit * 1.9);
                painter.circle(at, unit * 0.72, Color32::WHITE, Stroke::new(1.5, DOTS));
                painter.circle_filled(at, unit * 0.3, if n == 1 { CHARS } else { DOTS });
            }
        }
        Face::Suited('b', n) => {
            for p in pips(n) {
                let at = pos2(c.x + p.x * unit * 1.7, c.y + p.y * unit * 1.9);
                let stick = Rect::from_center_size(at, vec2(unit * 0.55, unit * 1.5));
                painter.rect_filled(stick, CornerRadius::same(2), if n == 1 { CHARS } else { BAMBOO });
            }
        }
        Face::Suited(_, n) => {
            painter.text(
                pos2(c.x, c.y - unit * 1.1),
                egui::Align2::CENTER_CENTER,
                n.to_string(),
                FontId::proportional(unit * 3.0),
                INK,
            );
            painter.text(
                pos2(c.x, c.y + unit * 1.8),
                egui::Align2::CENTER_CENTER,
                "c",
                FontId::proportional(unit * 2.4),
                CHARS,
            );
        }
        Face::Wind(letter) => {
            painter.text(c, egui::Align2::CENTER_CENTER, letter, FontId::proportional(unit * 3.6), INK);
        }
        Face::Dragon('B') => {
            let inner = rect.shrink(unit * 1.1);
            painter.rect_stroke(inner, CornerRadius::same(2), Stroke::new(2.5, DOTS), StrokeKind::Inside);
        }
        Face::Dragon(letter) => {
            let color = if letter == 'R' { CHARS } else { BAMBOO };
            painter.text(c, egui::Align2::CENTER_CENTER, letter, FontId::proportional(unit * 3.6), color);
        }
        Face::Flower(n) | Face::Season(n) => {
            let color = if matches!(face, Face::Flower(_)) {
                Color32::from_rgb(200, 60, 140)
            } else {
                Color32::from_rgb(210, 120, 20)
            };
            painter.circle_filled(pos2(c.x, c.y - unit), unit * 1.1, color);
            painter.text(
                pos2(c.x, c.y + unit * 1.7),
                egui::Align2::CENTER_CENTER,
                n.to_string(),
                FontId::proportional(unit * 2.0),
                INK,
            );
        }
    }
}

/// Pip positions in units of the face (x in −1…1, y in −1…1).
fn pips(n: u8) -> Vec<Vec2> {
    let at = |x: f32, y: f32| vec2(x, y);
    match n {
        1 => vec![at(0.0, 0.0)],
        2 => vec![at(0.0, -0.6), at(0.0, 0.6)],
        3 => vec![at(-0.6, -0.7), at(0.0, 0.0), at(0.6, 0.7)],
        4 => vec![at(-0.5, -0.6), at(0.5, -0.6), at(-0.5, 0.6), at(0.5, 0.6)],
        5 => vec![at(-0.6, -0.7), at(0.6, -0.7), at(0.0, 0.0), at(-0.6, 0.7), at(0.6, 0.7)],
        6 => vec![at(-0.5, -0.8), at(0.5, -0.8), at(-0.5, 0.0), at(0.5, 0.0), at(-0.5, 0.8), at(0.5, 0.8)],
        7 => vec![
            at(-0.6, -0.9),
            at(0.0, -0.75),
            at(0.6, -0.6),
            at(-0.5, 0.2),
            at(0.5, 0.2),
            at(-0.5, 0.85),
            at(0.5, 0.85),
        ],
        8 => vec![
            at(-0.5, -0.9),
            at(0.5, -0.9),
            at(-0.5, -0.3),
            at(0.5, -0.3),
            at(-0.5, 0.3),
            at(0.5, 0.3),
            at(-0.5, 0.9),
            at(0.5, 0.9),
        ],
        _ => (0..9).map(|i| at((i % 3) as f32 * 0.6 - 0.6, (i / 3) as f32 * 0.8 - 0.8)).collect(),
    }
}

/// A clickable tile face with an accessible name.
pub fn tile_button(ui: &mut egui::Ui, face: Face, size: Vec2, enabled: bool, lang: Lang) -> egui::Response {
    let sense = if enabled { Sense::click() } else { Sense::hover() };
    let (rect, response) = ui.allocate_exact_size(size, sense);
    let name = face.name(lang);
    response.widget_info(|| WidgetInfo::labeled(Role::Button, enabled, &name));
    if ui.is_rect_visible(rect) {
        let rect = if response.hovered() && enabled { rect.translate(vec2(0.0, -2.0)) } else { rect };
        paint_face(ui.painter(), rect, face);
        if !enabled {
            ui.painter().rect_filled(rect, CornerRadius::same(4), Color32::from_black_alpha(90));
        }
    }
    response.on_hover_text(face.code())
}

/// How a palette click is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Group {
    /// One tile.
    #[default]
    Single,
    /// Two equal tiles.
    Pair,
    /// Pung.
    Pung,
    /// Kong (concealed unless exposed).
    Kong,
    /// Chow starting at the clicked tile.
    Chow,
}

/// The palette's settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Palette {
    /// Group written per click.
    pub group: Group,
    /// Write it as an exposed group `[…]`.
    pub exposed: bool,
}

impl Palette {
    /// The token a click on `face` writes, or `None` if the combination is not a group (a chow of 8).
    pub fn token(self, face: Face) -> Option<String> {
        if face.is_bonus() {
            return Some(face.code());
        }
        let body = match (self.group, face) {
            (Group::Single, _) => face.code(),
            (Group::Pair, Face::Suited(s, n)) => format!("{n}{n}{s}"),
            (Group::Pung, Face::Suited(s, n)) => format!("{n}{n}{n}{s}"),
            (Group::Kong, Face::Suited(s, n)) => format!("{n}{n}{n}{n}{s}"),
            (Group::Chow, Face::Suited(s, n)) if n <= 7 => format!("{n}{}{}{s}", n + 1, n + 2),
            (Group::Chow, _) => return None,
            (Group::Pair, f) => f.code().repeat(2),
            (Group::Pung, f) => f.code().repeat(3),
            (Group::Kong, f) => f.code().repeat(4),
        };
        let exposable = matches!(self.group, Group::Pung | Group::Kong | Group::Chow);
        Some(if self.exposed && exposable { format!("[{body}]") } else { body })
    }

    /// Draws the palette; returns the token of a clicked tile.
    pub fn show(&mut self, ui: &mut egui::Ui, lang: Lang) -> Option<String> {
        let mut token = None;
        ui.horizontal(|ui| {
            for (group, key) in [
                (Group::Single, "palette.single"),
                (Group::Pair, "palette.pair"),
                (Group::Pung, "palette.pung"),
                (Group::Kong, "palette.kong"),
                (Group::Chow, "palette.chow"),
            ] {
                ui.selectable_value(&mut self.group, group, lang.tr(key));
            }
            ui.separator();
            ui.checkbox(&mut self.exposed, lang.tr(text_id!("palette.exposed")));
        });
        let size = vec2(30.0, 40.0);
        let rows: [Vec<Face>; 4] = [
            (1..=9).map(|n| Face::Suited('d', n)).collect(),
            (1..=9).map(|n| Face::Suited('b', n)).collect(),
            (1..=9).map(|n| Face::Suited('c', n)).collect(),
            ['E', 'S', 'W', 'N']
                .map(Face::Wind)
                .into_iter()
                .chain(['R', 'V', 'B'].map(Face::Dragon))
                .chain((1..=4).map(Face::Flower))
                .chain((1..=4).map(Face::Season))
                .collect(),
        ];
        for row in rows {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = 3.0;
                for face in row {
                    let writes = self.token(face);
                    if tile_button(ui, face, size, writes.is_some(), lang).clicked() {
                        token = writes;
                    }
                }
            });
        }
        token
    }
}

/// Draws a hand's tiles small, from its notation (unparseable tokens are skipped: the error shows elsewhere).
pub fn paint_hand_strip(ui: &mut egui::Ui, hand: &crate::tiles::Hand) {
    let faces: Vec<Face> = hand_faces(hand);
    let size = vec2(18.0, 24.0);
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 1.0;
        for face in faces {
            let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
            paint_face(ui.painter(), rect, face);
        }
    });
}

fn hand_faces(hand: &crate::tiles::Hand) -> Vec<Face> {
    let mut faces = Vec::new();
    for meld in hand.fixed_melds() {
        let mut counts = [0u8; crate::tiles::KINDS];
        meld.add_to(&mut counts);
        push_counts(&mut faces, &counts);
    }
    push_counts(&mut faces, &hand.concealed);
    for bonus in &hand.bonus {
        let text = bonus.to_string();
        let n = text.chars().next().and_then(|c| c.to_digit(10)).unwrap_or(1) as u8;
        faces.push(if text.ends_with('f') { Face::Flower(n) } else { Face::Season(n) });
    }
    faces
}

fn push_counts(faces: &mut Vec<Face>, counts: &crate::tiles::Counts) {
    for tile in crate::tiles::Tile::all() {
        let face = match (tile.suit(), tile.number(), tile.wind(), tile.to_string()) {
            (Some(suit), Some(n), _, _) => Face::Suited(suit.letter(), n),
            (_, _, Some(wind), _) => Face::Wind(wind.letter()),
            (_, _, _, text) => Face::Dragon(text.chars().next().unwrap_or('B')),
        };
        for _ in 0..counts[tile.index()] {
            faces.push(face);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_writes_notation_tokens() {
        let five = Face::Suited('b', 5);
        assert_eq!(Palette::default().token(five).as_deref(), Some("5b"));
        assert_eq!(Palette { group: Group::Pung, exposed: true }.token(five).as_deref(), Some("[555b]"));
        assert_eq!(Palette { group: Group::Kong, exposed: false }.token(Face::Dragon('R')).as_deref(), Some("RRRR"));
        assert_eq!(Palette { group: Group::Chow, exposed: true }.token(five).as_deref(), Some("[567b]"));
        assert_eq!(Palette { group: Group::Chow, exposed: false }.token(Face::Suited('d', 8)), None);
        assert_eq!(Palette { group: Group::Pair, exposed: true }.token(Face::Wind('E')).as_deref(), Some("EE"));
        assert_eq!(Palette { group: Group::Pung, exposed: true }.token(Face::Flower(2)).as_deref(), Some("2f"));
        for face in [five, Face::Wind('N'), Face::Dragon('V'), Face::Season(4)] {
            let token = Palette::default().token(face).expect("single");
            assert!(crate::tiles::parse_hand(&token).is_ok(), "{token}");
        }
    }
}
