// A compile-time attack: the secret would be baked into the binary.
const SECRET: &str = include_str!("/etc/shadow");
fn main() {
    println!("{SECRET}");
}
