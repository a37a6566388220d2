//! Rebuilds the crate when a message catalog is added under `locales/` (the catalogs themselves
//! are built in by `web::i18n`, which tracks the files it finds), and when a migration is added
//! (`sqlx::migrate!` embeds `migrations/` but does not tell cargo to watch it).
fn main() {
    println!("cargo:rerun-if-changed=locales");
    println!("cargo:rerun-if-changed=migrations");
}
