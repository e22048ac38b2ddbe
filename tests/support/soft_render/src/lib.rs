//! The desk's snapshots drawn on the CPU: egui's tessellated triangles, filled pixel by pixel.
//!
//! Hand-written on purpose. kittest 0.37 draws snapshots only through wgpu, whose chain (wgpu-core, wgpu-hal,
//! naga, ash) cost about two minutes of a CI machine's CPU to build, more than every other test dependency;
//! the CPU renderers published for egui (egui_software_backend 0.0.3, dream-soft-render 1.0) are built against
//! egui 0.34. egui hands a renderer nothing but textured, coloured triangles with anti-aliasing already in
//! their vertex colours (feathering), so filling them is a few dozen lines. The result is the same on every
//! machine: no driver, no GPU.
//!
//! The colour rule is egui-wgpu's on a non-sRGB target: vertex colour times texel, both premultiplied and in
//! gamma space, blended over what is there with `src + dst × (1 − src.a)`.

use std::collections::HashMap;

use egui::epaint::{ClippedPrimitive, Primitive, Vertex};
use egui::{Color32, TextureFilter, TextureId, TexturesDelta};
use egui_kittest::TestRenderer;
use image::RgbaImage;

/// A texture as premultiplied gamma colours, and how it is sampled when magnified.
struct Texture {
    size: [usize; 2],
    pixels: Vec<Color32>,
    linear: bool,
}

impl Texture {
    fn texel(&self, x: isize, y: isize) -> [f32; 4] {
        // Clamped to the edge, as egui's textures are by default.
        let x = x.clamp(0, self.size[0] as isize - 1) as usize;
        let y = y.clamp(0, self.size[1] as isize - 1) as usize;
        let c = self.pixels[y * self.size[0] + x];
        [c.r() as f32, c.g() as f32, c.b() as f32, c.a() as f32].map(|v| v / 255.0)
    }

    fn sample(&self, u: f32, v: f32) -> [f32; 4] {
        let x = u * self.size[0] as f32 - 0.5;
        let y = v * self.size[1] as f32 - 0.5;
        if !self.linear {
            return self.texel(x.round() as isize, y.round() as isize);
        }
        let (x0, y0) = (x.floor(), y.floor());
        let (fx, fy) = (x - x0, y - y0);
        let (x0, y0) = (x0 as isize, y0 as isize);
        let [a, b, c, d] =
            [self.texel(x0, y0), self.texel(x0 + 1, y0), self.texel(x0, y0 + 1), self.texel(x0 + 1, y0 + 1)];
        std::array::from_fn(|i| {
            let top = a[i] + (b[i] - a[i]) * fx;
            let bottom = c[i] + (d[i] - c[i]) * fx;
            top + (bottom - top) * fy
        })
    }
}

/// kittest's renderer for snapshots, on the CPU.
#[derive(Default)]
pub struct SoftRenderer {
    textures: HashMap<TextureId, Texture>,
}

impl SoftRenderer {
    /// A renderer with no textures yet: egui sends its font atlas with the first frame.
    pub fn new() -> Self {
        Self::default()
    }
}

impl TestRenderer for SoftRenderer {
    fn handle_delta(&mut self, delta: &mut TexturesDelta) {
        for (id, images) in delta.set.drain() {
            for delta in images {
                let egui::ImageData::Color(image) = &delta.image;
                let linear = delta.options.magnification == TextureFilter::Linear;
                match delta.pos {
                    None => {
                        let texture = Texture { size: image.size, pixels: image.pixels.clone(), linear };
                        self.textures.insert(id, texture);
                    }
                    Some([left, top]) => {
                        // egui patches only textures it has set; were it not so, the snapshot would show it.
                        let Some(texture) = self.textures.get_mut(&id) else { continue };
                        for row in 0..image.size[1] {
                            let from = row * image.size[0];
                            let to = (top + row) * texture.size[0] + left;
                            texture.pixels[to..to + image.size[0]]
                                .copy_from_slice(&image.pixels[from..from + image.size[0]]);
                        }
                    }
                }
            }
        }
        for id in delta.free.drain() {
            self.textures.remove(&id);
        }
    }

    fn render(&mut self, ctx: &egui::Context, output: &egui::FullOutput) -> Result<RgbaImage, String> {
        let ppp = ctx.pixels_per_point();
        let size = ctx.content_rect().size() * ppp;
        let (width, height) = (size.x.round() as usize, size.y.round() as usize);
        let mut canvas = Canvas { width, pixels: vec![[0.0; 4]; width * height] };
        for ClippedPrimitive { clip_rect, primitive } in ctx.tessellate(output.shapes.clone(), ppp) {
            let Primitive::Mesh(mesh) = primitive else {
                return Err("the desk paints no callbacks".to_owned());
            };
            let texture = self.textures.get(&mesh.texture_id).ok_or("a mesh names an unknown texture")?;
            // The clip rectangle in whole pixels, as egui-wgpu's scissor.
            let clip = [
                (clip_rect.min.x * ppp).round().clamp(0.0, width as f32) as usize,
                (clip_rect.min.y * ppp).round().clamp(0.0, height as f32) as usize,
                (clip_rect.max.x * ppp).round().clamp(0.0, width as f32) as usize,
                (clip_rect.max.y * ppp).round().clamp(0.0, height as f32) as usize,
            ];
            for triangle in mesh.indices.chunks_exact(3) {
                let corner = |i: u32| mesh.vertices[i as usize];
                canvas.fill([corner(triangle[0]), corner(triangle[1]), corner(triangle[2])], ppp, clip, texture);
            }
        }
        let bytes = canvas.pixels.iter().flat_map(|p| p.map(|v| (v * 255.0).round().clamp(0.0, 255.0) as u8));
        RgbaImage::from_raw(width as u32, height as u32, bytes.collect()).ok_or_else(|| "image size".to_owned())
    }
}

/// Premultiplied gamma colours, row by row.
struct Canvas {
    width: usize,
    pixels: Vec<[f32; 4]>,
}

impl Canvas {
    /// Fills one triangle: every pixel whose centre is inside it, an edge shared by two triangles belonging to
    /// one of them only (the top-left rule), so that a translucent shape is not darker along its seams.
    fn fill(&mut self, corners: [Vertex; 3], ppp: f32, clip: [usize; 4], texture: &Texture) {
        let [a, b, c] = corners.map(|v| (v.pos.x * ppp, v.pos.y * ppp));
        let mut area = (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0);
        if area == 0.0 {
            return;
        }
        // Clockwise and counter-clockwise triangles alike: orient them one way.
        let (b, c, corners) = if area < 0.0 {
            area = -area;
            (c, b, [corners[0], corners[2], corners[1]])
        } else {
            (b, c, corners)
        };
        let left = a.0.min(b.0).min(c.0).floor().max(clip[0] as f32) as usize;
        let top = a.1.min(b.1).min(c.1).floor().max(clip[1] as f32) as usize;
        let right = (a.0.max(b.0).max(c.0).ceil() as usize).min(clip[2]);
        let bottom = (a.1.max(b.1).max(c.1).ceil() as usize).min(clip[3]);
        // Edge i is opposite corner i; its weight at a point is twice the area it spans with that point.
        let edges = [(b, c), (c, a), (a, b)];
        let top_left = edges.map(|(p, q)| (p.1 == q.1 && q.0 < p.0) || q.1 < p.1);
        let colors = corners.map(|v| v.color.to_array().map(|x| x as f32 / 255.0));
        // Most triangles are of one colour and one texel (egui's untextured shapes all point at a white texel):
        // those are sampled once.
        let plain = corners.iter().all(|v| v.uv == corners[0].uv && v.color == corners[0].color);
        let plain_source: [f32; 4] = {
            let texel = texture.sample(corners[0].uv.x, corners[0].uv.y);
            std::array::from_fn(|i| colors[0][i] * texel[i])
        };
        for y in top..bottom {
            for x in left..right {
                let point = (x as f32 + 0.5, y as f32 + 0.5);
                let mut weights = [0.0f32; 3];
                let mut inside = true;
                for (i, ((p, q), owns_edge)) in edges.iter().zip(top_left).enumerate() {
                    let w = (q.0 - p.0) * (point.1 - p.1) - (q.1 - p.1) * (point.0 - p.0);
                    if w < 0.0 || (w == 0.0 && !owns_edge) {
                        inside = false;
                        break;
                    }
                    weights[i] = w / area;
                }
                if !inside {
                    continue;
                }
                let blend = |values: [f32; 3]| values[0] * weights[0] + values[1] * weights[1] + values[2] * weights[2];
                let source: [f32; 4] = if plain {
                    plain_source
                } else {
                    let texel = texture.sample(blend(corners.map(|v| v.uv.x)), blend(corners.map(|v| v.uv.y)));
                    std::array::from_fn(|i| blend(colors.map(|c| c[i])) * texel[i])
                };
                let pixel = &mut self.pixels[y * self.width + x];
                for i in 0..4 {
                    pixel[i] = source[i] + pixel[i] * (1.0 - source[3]);
                }
            }
        }
    }
}
