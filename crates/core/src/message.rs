//! Words for the person at the desk. Every error a referee or treasurer can meet carries a [`Message`]: the id of a
//! text in `assets/locales/{it,en}.yml` with its arguments, rendered in the desk's language when it is shown. The
//! errors' `Display` is the text in the process's language ([`set_display_language`]: English unless the command line
//! chose Italian by `--lang` or the locale), so each text is written once per language. Only texts that come as data in
//! both languages (a club's own yaku names, outcomes saved before texts were ids) are [`Message::Both`].

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU8, Ordering};

use crate::i18n::Lang;

pub mod table;

/// A text in both languages. Stored (in saved outcomes) as its id and arguments, `{"id": …, "args": [[name,
/// value], …]}`, so that it is rendered in the language, and with the wording, of whoever reads it later.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Message {
    /// A message id of the locale files and its `{name}` arguments.
    Id {
        /// The key in the locale files, e.g. `error.player.duplicate`.
        id: Cow<'static, str>,
        /// Values for the text's `{name}` placeholders.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        args: Vec<(Cow<'static, str>, Arg)>,
    },
    /// A text that comes as data in both languages, not from the program's locale files: a club's own names
    /// in its scoring table, and the labels of outcomes saved before texts were ids.
    Both {
        /// Italian.
        it: String,
        /// English.
        en: String,
    },
}

/// A placeholder's value: plain text (a name, a number) or another message, rendered in the same language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arg {
    /// Shown as it is.
    Text(String),
    /// Translated like the message around it.
    Message(Box<Message>),
}

impl Message {
    /// The message `id` without arguments (add them with [`Message::arg`]). An id written in the code is
    /// better given through [`crate::msg!`], which checks it when the code compiles.
    pub fn new(id: impl Into<Cow<'static, str>>) -> Message {
        Message::Id { id: id.into(), args: Vec::new() }
    }

    /// A text that comes as data in both languages (see [`Message::Both`]).
    pub fn both(it: impl Into<String>, en: impl Into<String>) -> Message {
        Message::Both { it: it.into(), en: en.into() }
    }

    /// Fills `{name}` with `value`.
    #[must_use]
    pub fn arg(self, name: &'static str, value: impl fmt::Display) -> Message {
        self.with(name, Arg::Text(value.to_string()))
    }

    /// Fills `{name}` with another message, translated too.
    #[must_use]
    pub fn arg_message(self, name: &'static str, value: Message) -> Message {
        self.with(name, Arg::Message(Box::new(value)))
    }

    fn with(self, name: &'static str, value: Arg) -> Message {
        match self {
            Message::Id { id, mut args } => {
                args.push((Cow::Borrowed(name), value));
                Message::Id { id, args }
            }
            both @ Message::Both { .. } => both,
        }
    }

    /// The id, for tests and logs (`None` for a text given in both languages).
    pub fn id(&self) -> Option<&str> {
        match self {
            Message::Id { id, .. } => Some(id),
            Message::Both { .. } => None,
        }
    }

    /// The text in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        match self {
            Message::Both { it, en } => {
                if lang == Lang::It {
                    it.clone()
                } else {
                    en.clone()
                }
            }
            Message::Id { id, args } => {
                let template = table::template(id, lang == Lang::It);
                if args.is_empty() {
                    return template.into_owned();
                }
                let values: Vec<(&str, Cow<'_, str>)> = args
                    .iter()
                    .map(|(name, value)| {
                        let value = match value {
                            Arg::Text(text) => Cow::Borrowed(text.as_str()),
                            Arg::Message(message) => Cow::Owned(message.render(lang)),
                        };
                        (name.as_ref(), value)
                    })
                    .collect();
                fill(&template, &values)
            }
        }
    }
}

/// `template` with each `{name}` replaced by the argument `name`'s value and each `{name|one|other}` by `one`
/// when that value is 1, else by `other` ("1 tavolo", "3 tavoli"), in one pass: a value is never read again as
/// a template. A placeholder without its argument stays as written. Italian and English have just these two
/// forms of a counted noun, so two choices written in the text itself are the whole of plural agreement for
/// the desk's two languages (a plural-rules crate would bring the forms of languages the desk does not speak).
fn fill(template: &str, values: &[(&str, Cow<'_, str>)]) -> String {
    let mut out = String::with_capacity(template.len() + 16 * values.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let inside = &rest[open + 1..];
        let Some(close) = inside.find('}') else {
            // An unclosed brace is text.
            out.push_str(&rest[open..]);
            return out;
        };
        let placeholder = &inside[..close];
        if placeholder.contains('{') {
            // A brace before a placeholder is text: the placeholder starts at the later one.
            out.push('{');
            rest = inside;
            continue;
        }
        let (name, forms) = match placeholder.split_once('|') {
            Some((name, forms)) => (name, Some(forms)),
            None => (placeholder, None),
        };
        match (values.iter().find(|(n, _)| *n == name), forms) {
            (Some((_, value)), None) => out.push_str(value),
            (Some((_, value)), Some(forms)) => {
                let (one, other) = forms.split_once('|').unwrap_or((forms, forms));
                out.push_str(if value.trim() == "1" { one } else { other });
            }
            (None, _) => {
                out.push('{');
                out.push_str(placeholder);
                out.push('}');
            }
        }
        rest = &inside[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The language `Display` renders messages in; `0` English, `1` Italian.
static DISPLAY_LANGUAGE: AtomicU8 = AtomicU8::new(0);

/// Sets the language every message's and error's `Display` speaks in this process. The command line sets it once
/// from `--lang` or the locale, before it does anything; the desk renders each text in the referee's language
/// explicitly and never relies on it.
pub fn set_display_language(lang: Lang) {
    DISPLAY_LANGUAGE.store(u8::from(lang == Lang::It), Ordering::Relaxed);
}

/// The language `Display` speaks (English unless [`set_display_language`] chose Italian).
pub fn display_language() -> Lang {
    if DISPLAY_LANGUAGE.load(Ordering::Relaxed) == 1 { Lang::It } else { Lang::En }
}

/// The text in the process's language ([`display_language`]), as the command line prints it.
impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(display_language()))
    }
}

/// An error that can say what went wrong in the user's language.
pub trait Explain {
    /// What went wrong, for the desk and the command line.
    fn message(&self) -> Message;
}

impl Explain for Message {
    fn message(&self) -> Message {
        self.clone()
    }
}

/// Builds a [`Message`]: `msg!("error.player.duplicate", name = data.name)`. An id no locale file has, or an
/// argument its text has no `{placeholder}` for, is a compile error here.
#[macro_export]
macro_rules! msg {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {{
        const _: () = $crate::message::table::check_use($id, &[$(stringify!($name)),*]);
        $crate::message::Message::new($id)$(.arg(stringify!($name), &$value))*
    }};
}

/// A text's id, checked when it compiles: `lang.tr(text_id!("nav.players"))`.
#[macro_export]
macro_rules! text_id {
    ($id:literal) => {{
        const _: () = $crate::message::table::check_use($id, &[]);
        $id
    }};
}

/// Place `n` of a ranking ("1°" in Italian, "1st" in English). The locale files write a form for each of the
/// ordinal forms English needs (CLDR's one, two, few, other: 1st, 2nd, 3rd, 4th; 11th–13th; 21st); Italian writes
/// the same "°" in all four.
pub fn ordinal(n: u64) -> Message {
    match (n % 10, n % 100) {
        (1, last_two) if last_two != 11 => msg!("common.ordinal.one", n = n),
        (2, last_two) if last_two != 12 => msg!("common.ordinal.two", n = n),
        (3, last_two) if last_two != 13 => msg!("common.ordinal.few", n = n),
        _ => msg!("common.ordinal.other", n = n),
    }
}

/// Why a file operation failed, in words (the operating system's own text for the rare kinds).
pub fn io_reason(error: &std::io::Error) -> Message {
    use std::io::ErrorKind;
    match error.kind() {
        ErrorKind::NotFound => msg!("error.io.not_found"),
        ErrorKind::PermissionDenied => msg!("error.io.permission"),
        ErrorKind::AlreadyExists => msg!("error.io.exists"),
        ErrorKind::StorageFull => msg!("error.io.full"),
        ErrorKind::ReadOnlyFilesystem => msg!("error.io.read_only"),
        ErrorKind::IsADirectory => msg!("error.io.directory"),
        _ => msg!("error.io.other", detail = error),
    }
}

#[cfg(test)]
mod tests;
