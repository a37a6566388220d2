//! Markdown as HTML, in the two flavours the pages show: a game's statement (`docs/games/`, ours)
//! and a contest's announcements (an admin's, so only safe links lead anywhere). Raw HTML in
//! either is shown as text, and a table column's alignment is a class, never a `style`
//! attribute, which the Content-Security-Policy (`web::headers`) refuses.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// Markdown to HTML, with tables. The Markdown is ours, but raw HTML in it is still shown as
/// text, never passed through; headings move one level down, under the page's own `<h1>`.
pub fn markdown_html(markdown: &str) -> String {
    let demote = |level: HeadingLevel| match level {
        HeadingLevel::H1 => HeadingLevel::H2,
        HeadingLevel::H2 => HeadingLevel::H3,
        HeadingLevel::H3 => HeadingLevel::H4,
        HeadingLevel::H4 => HeadingLevel::H5,
        _ => HeadingLevel::H6,
    };
    let events = Parser::new_ext(markdown, Options::ENABLE_TABLES).map(|e| match e {
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        Event::Start(Tag::Heading { level, id, classes, attrs }) => {
            Event::Start(Tag::Heading { level: demote(level), id, classes, attrs })
        }
        Event::End(TagEnd::Heading(level)) => Event::End(TagEnd::Heading(demote(level))),
        other => other,
    });
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events);
    aligned_by_class(html)
}

/// pulldown-cmark's HTML with a table column's alignment (`| :---: |`) as a class
/// (`align-center`, in `static/style.css`) instead of the `style` attribute it writes, which the
/// Content-Security-Policy refuses (`web::headers`). Only the writer can have put that exact
/// attribute there, ended by `>`: a `>` of the Markdown's text comes out as `&gt;`, a quote in
/// an address or a title as `&quot;` (or `%22`).
pub fn aligned_by_class(html: String) -> String {
    if !html.contains(" style=\"text-align: ") {
        return html;
    }
    ["left", "center", "right"].iter().fold(html, |html, side| {
        html.replace(&format!(" style=\"text-align: {side}\">"), &format!(" class=\"align-{side}\">"))
    })
}

/// An announcement's Markdown as HTML: raw HTML shows as text, and a link whose address is not
/// http(s), mailto or relative goes nowhere. An image is a link to it (its description the link's
/// text): the Content-Security-Policy (`web::headers`) loads no image from another site, and a
/// table column's alignment is a class, not the `style` attribute the policy refuses.
pub fn announcement_html(markdown: &str) -> String {
    let safe = |url: &str| {
        let lower = url.trim().to_ascii_lowercase();
        let scheme = lower.split_once(':').map(|(s, _)| s.to_string());
        match scheme {
            None => true,
            Some(s) if s.contains('/') || s.contains('?') || s.contains('#') => true,
            Some(s) => ["http", "https", "mailto"].contains(&s.as_str()),
        }
    };
    let events =
        Parser::new_ext(markdown, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH).map(|e| match e {
            Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
            Event::Start(Tag::Link { link_type, dest_url, title, id }) if !safe(&dest_url) => {
                Event::Start(Tag::Link { link_type, dest_url: "#".into(), title, id })
            }
            Event::Start(Tag::Image { link_type, dest_url, title, id }) => {
                let dest_url = if safe(&dest_url) { dest_url } else { "#".into() };
                Event::Start(Tag::Link { link_type, dest_url, title, id })
            }
            Event::End(TagEnd::Image) => Event::End(TagEnd::Link),
            other => other,
        });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut out, events);
    aligned_by_class(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_html_in_markdown_is_shown_as_text_and_tables_are_rendered() {
        let html = markdown_html("# Title\n\n<script>alert(1)</script>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
        assert!(html.contains("<h2>Title</h2>"), "{html}");
        assert!(!html.contains("<script>") && html.contains("&lt;script&gt;"), "{html}");
        assert!(html.contains("<table>") && html.contains("<td>2</td>"), "{html}");
        // Aligned columns get a class, never a `style` attribute the policy would refuse; the
        // same words in a cell stay its text.
        let aligned =
            markdown_html("| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | x\" style=\"text-align: left\">y |\n");
        assert!(aligned.contains("<th class=\"align-left\">a</th>"), "{aligned}");
        assert!(aligned.contains("<th class=\"align-center\">b</th>"), "{aligned}");
        assert!(
            aligned.contains("<td class=\"align-right\">x\" style=\"text-align: left\"&gt;y</td>"),
            "{aligned}"
        );
        assert!(!aligned.contains("\"text-align: left\">"), "{aligned}");
    }

    #[test]
    fn raw_html_is_text_and_only_safe_links_lead_anywhere() {
        assert_eq!(announcement_html("<b>x</b>"), "<p>&lt;b&gt;x&lt;/b&gt;</p>\n");
        let links = announcement_html("[a](javascript:alert(1)) [b](JavaScript:x) [c](data:text/html,x) [d](https://e.org/x) [e](/rules) [f](mailto:a@b.c) ![i](javascript:y)");
        assert!(!links.to_ascii_lowercase().contains("javascript:") && !links.contains("data:"), "{links}");
        assert!(
            links.contains("href=\"https://e.org/x\"")
                && links.contains("href=\"/rules\"")
                && links.contains("href=\"mailto:a@b.c\""),
            "{links}"
        );
    }

    #[test]
    fn an_image_is_a_link_to_it_and_an_aligned_column_has_a_class() {
        let image = announcement_html("![the board](https://e.org/b.png \"title\") ![x](javascript:y)");
        assert!(!image.contains("<img"), "{image}");
        assert!(image.contains("<a href=\"https://e.org/b.png\" title=\"title\">the board</a>"), "{image}");
        assert!(image.contains("<a href=\"#\">x</a>"), "{image}");
        let table = announcement_html("| a | b |\n|--:|:-:|\n| 1 | 2 |\n");
        assert!(table.contains("<td class=\"align-right\">1</td>") && !table.contains("style="), "{table}");
    }
}
