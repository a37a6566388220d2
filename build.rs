//! Rebuilds the crate when a message catalog is added under `locales/` (the catalogs themselves
//! are built in by `web::i18n`, which tracks the files it finds).
fn main() {
    println!("cargo:rerun-if-changed=locales");
}
