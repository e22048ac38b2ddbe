//! Rebuilds the crate when a translation changes: rust-i18n embeds `assets/locales` at compile time but does not
//! tell Cargo to watch those files, so an edited text would otherwise go unnoticed until some Rust file changed.
fn main() {
    println!("cargo:rerun-if-changed=assets/locales");
}
