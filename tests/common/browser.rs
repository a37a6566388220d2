//! Headless Chromium (Debian's `chromium`) for tests of how a page is laid out: without it such
//! a test is skipped, except under CI (`CI` set), where it fails.

use std::path::Path;
use std::time::Duration;

fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser"]
        .into_iter()
        .find(|b| std::process::Command::new(b).arg("--version").output().is_ok_and(|o| o.status.success()))
}

/// The browser to use, or `None` (with a message saying what was not tested) outside CI.
pub fn chromium_or_skip(what: &str) -> Option<&'static str> {
    let found = chromium();
    if found.is_none() {
        assert!(std::env::var_os("CI").is_none(), "chromium is not installed, and CI must run browser tests");
        eprintln!("SKIPPED: chromium is not installed (apt-get install chromium); {what} was not tested");
    }
    found
}

/// `html` (a page of the app) with the site's stylesheet inlined, so that a browser lays it out
/// with no server.
fn with_inline_stylesheet(html: &str) -> String {
    let css =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("static/style.css")).unwrap();
    let link = r#"<link rel="stylesheet" href="/static/style.css">"#;
    assert!(html.contains(link), "the page links the stylesheet as expected");
    html.replace(link, &format!("<style>{css}</style>"))
}

/// How `html` (a page of the app) lays out `width` pixels wide: the width of its viewport, the
/// width of its content (wider: it scrolls sideways), and where the element `id` ends on the right.
/// The page is laid out in a frame of that width (a headless window is at least 500 pixels wide),
/// with the site's stylesheet inlined.
pub async fn layout_at_width(browser: &str, html: &str, width: u32, id: &str) -> (i64, i64, i64) {
    let page = serde_json::to_string(&with_inline_stylesheet(html)).unwrap().replace("</", "<\\/");
    let frame = format!(
        r#"<!doctype html><html><body style="margin:0">
<iframe id="frame" style="width:{width}px;height:900px;border:0"></iframe>
<script>
const frame = document.getElementById('frame');
frame.addEventListener('load', () => {{
  const doc = frame.contentDocument, root = doc.documentElement;
  const right = Math.ceil(doc.getElementById({id:?}).getBoundingClientRect().right);
  document.body.setAttribute('data-layout', [root.clientWidth, root.scrollWidth, right].join(' '));
}});
frame.srcdoc = {page};
</script></body></html>"#
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("frame.html");
    std::fs::write(&file, frame).unwrap();
    let run = tokio::process::Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars"])
        .args(["--window-size=1600,1000", "--virtual-time-budget=2000"])
        .arg(format!("--user-data-dir={}", dir.path().join("profile").display()))
        .args(["--dump-dom", &format!("file://{}", file.display())])
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(90), run).await.expect("chromium timed out").unwrap();
    assert!(out.status.success(), "chromium failed: {}", String::from_utf8_lossy(&out.stderr));
    let dom = String::from_utf8(out.stdout).unwrap();
    let at = dom.find("data-layout=\"").unwrap_or_else(|| panic!("the page was not measured: {dom}")) + 13;
    let numbers: Vec<i64> =
        dom[at..].split('"').next().unwrap().split(' ').map(|n| n.parse().unwrap()).collect();
    (numbers[0], numbers[1], numbers[2])
}
