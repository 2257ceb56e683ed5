//! What the documents say the example URLs mean: the FTP command sequences of
//! RFC 1738 §3.2.2 and the ftp-uri draft's historical variant, pinned.

use rfc1738::{CwdStyle, Url};

fn commands(url: &str, style: CwdStyle) -> Vec<String> {
    match Url::parse(url).unwrap() {
        Url::Ftp(ftp) => ftp
            .commands("user@example.com", style)
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect(),
        other => panic!("not an ftp URL: {other:?}"),
    }
}

#[test]
fn the_ftp_examples_of_the_documents() {
    let mut report = String::new();
    for url in [
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://myname@host.dom/etc/motd",
        "ftp://myname@host.dom//etc/motd",
        "ftp://myname@example.com/abc/def",
        "ftp://@host.com/",
        "ftp://host.com/",
        "ftp://foo:@host.com/",
        "ftp://info.cern.ch/pub/www/doc;type=d",
    ] {
        for (style, name) in [
            (CwdStyle::Rfc1738, "rfc1738"),
            (CwdStyle::Historical, "historical"),
        ] {
            report.push_str(&format!(
                "{url} ({name}): {}\n",
                commands(url, style).join(" | ")
            ));
        }
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("ftp_commands", report));
}

#[test]
fn the_commands_the_texts_spell_out() {
    // rfc1738bis §2.2.1 and RFC 1738 §3.2.2, word for word.
    assert_eq!(
        commands("ftp://myname@host.dom/%2Fetc/motd", CwdStyle::Rfc1738),
        ["USER myname", "CWD /etc", "RETR motd"]
    );
    assert_eq!(
        commands("ftp://myname@host.dom/etc/motd", CwdStyle::Rfc1738),
        ["USER myname", "CWD etc", "RETR motd"]
    );
    assert_eq!(
        commands("ftp://myname@host.dom//etc/motd", CwdStyle::Rfc1738),
        ["USER myname", "CWD ", "CWD etc", "RETR motd"]
    );
    // draft-hoffman-ftp-uri-02, historical note: either reading.
    assert_eq!(
        commands("ftp://myname@example.com/abc/def", CwdStyle::Rfc1738),
        ["USER myname", "CWD abc", "RETR def"]
    );
    assert_eq!(
        commands("ftp://myname@example.com/abc/def", CwdStyle::Historical),
        ["USER myname", "CWD /abc", "RETR def"]
    );
}
