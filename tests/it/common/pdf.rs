//! The text of a PDF we wrote, as a reader's viewer sees it: poppler's `pdftotext` (the `poppler-utils`
//! package), page by page. A real reader's parser is a stricter check of our files than a library of our own
//! choosing, and it costs the test build nothing.

use std::process::Command;

/// The text of each page of `bytes`, which must be a PDF.
pub fn pages(bytes: &[u8]) -> Vec<String> {
    assert!(bytes.starts_with(b"%PDF"), "a PDF");
    let output = super::output_with_input(Command::new("pdftotext").args(["-enc", "UTF-8", "-", "-"]), bytes);
    assert!(output.status.success(), "pdftotext: {}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).expect("UTF-8 text");
    // Pages end with a form feed; the last one is followed by nothing.
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_owned).collect();
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}

/// The text of every page of `bytes`, one after the other.
pub fn text(bytes: &[u8]) -> String {
    pages(bytes).join("\n")
}
