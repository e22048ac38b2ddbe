//! Words for the person at the desk. Every error a referee or treasurer can meet carries a [`Message`]: the id of a
//! text in the locale files (`assets/locales/<language>/*.ftl`) with its arguments, rendered in the desk's language when it is shown. The
//! errors' `Display` is the text in the process's language ([`set_display_language`]: English unless the command line
//! chose Italian by `--lang` or the locale), so each text is written once per language. Only texts that come as data in
//! Italian and English (a club's own yaku names, outcomes saved before texts were ids) are [`Message::Both`].

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU8, Ordering};

use crate::i18n::Lang;

/// A text in every language. Stored (in saved outcomes) as its id and arguments, `{"id": …, "args": [[name,
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
    /// A text that comes as data, by language code, not from the program's locale files: a club's own names
    /// in its scoring table (in Italian and English), the labels of outcomes saved before texts were ids
    /// (`{"it": …, "en": …}`), a notebook line made in each language.
    Both(BTreeMap<String, String>),
}

/// Hashes what tells messages apart, leaving out the arguments' names, which their text's id decides: equal
/// messages hash alike all the same. Bulk scoring looks up each line's label by its message, and the names were a
/// third of hashing it.
impl std::hash::Hash for Message {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match self {
            Message::Id { id, args } => {
                state.write(id.as_bytes());
                for (_, value) in args {
                    value.hash(state);
                }
            }
            Message::Both(texts) => texts.hash(state),
        }
    }
}

/// A placeholder's value: plain text (a name, a number) or another message, rendered in the same language.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arg {
    /// Shown as it is.
    Text(String),
    /// Translated like the message around it. Shared: a ruleset can keep a message it gives again and again
    /// (a club's yaku name) and give it without copying it.
    Message(Arc<Message>),
}

impl Message {
    /// The message `id` without arguments (add them with [`Message::arg`]). An id written in the code is
    /// better given through [`crate::msg!`], which checks it when the code compiles.
    #[inline]
    pub fn new(id: impl Into<Cow<'static, str>>) -> Message {
        Message::Id { id: id.into(), args: Vec::new() }
    }

    /// The message `id` with room for the `args` arguments [`crate::msg!`] adds next, and one more, for the message
    /// that is often given after them ([`Message::arg_message`]), which otherwise moved them all to a larger list.
    #[inline]
    pub fn with_room(id: &'static str, args: usize) -> Message {
        let room = if args == 0 { 0 } else { args + 1 };
        Message::Id { id: Cow::Borrowed(id), args: Vec::with_capacity(room) }
    }

    /// A text that comes as data in Italian and English (see [`Message::Both`]).
    pub fn both(it: impl Into<String>, en: impl Into<String>) -> Message {
        Message::Both(BTreeMap::from([
            (Lang::ITALIAN.code().to_owned(), it.into()),
            (Lang::ENGLISH.code().to_owned(), en.into()),
        ]))
    }

    /// A text made in each language of the desk by `make` (see [`Message::Both`]).
    pub fn each(make: impl Fn(Lang) -> String) -> Message {
        Message::Both(Lang::all().map(|lang| (lang.code().to_owned(), make(lang))).collect())
    }

    /// Fills `{name}` with `value`.
    #[must_use]
    pub fn arg(self, name: &'static str, value: impl fmt::Display) -> Message {
        self.with(name, Arg::Text(value.to_string()))
    }

    /// Fills `{name}` with `text` as it is: what [`crate::msg!`] gives, having made the text (see the `arg_text`
    /// module).
    #[must_use]
    #[inline]
    pub fn arg_text(self, name: &'static str, text: String) -> Message {
        self.with(name, Arg::Text(text))
    }

    /// Fills `{name}` with another message, translated too.
    #[must_use]
    #[inline]
    pub fn arg_message(self, name: &'static str, value: impl Into<Arc<Message>>) -> Message {
        self.with(name, Arg::Message(value.into()))
    }

    /// Adds the argument in place (a text given as data has none): taking the message apart and making it again
    /// moved it twice for every argument. Always inlined: called, it made the argument's pair on its stack and read
    /// it back at another offset, a stall of the processor's store forwarding (the function was 4 % of a Hanafuda
    /// run's samples; inlined, the run takes 1–4 % less CPU).
    #[inline(always)]
    fn with(mut self, name: &'static str, value: Arg) -> Message {
        if let Message::Id { args, .. } = &mut self {
            args.push((Cow::Borrowed(name), value));
        }
        self
    }

    /// The id, for tests and logs (`None` for a text given as data).
    pub fn id(&self) -> Option<&str> {
        match self {
            Message::Id { id, .. } => Some(id),
            Message::Both(_) => None,
        }
    }

    /// The text in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        match self {
            // A text given as data but not in the reader's language is read in English, else in any it has.
            Message::Both(texts) => texts
                .get(lang.code())
                .or_else(|| texts.get(Lang::ENGLISH.code()))
                .or_else(|| texts.values().next())
                .cloned()
                .unwrap_or_default(),
            Message::Id { id, args } => {
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
                crate::i18n::texts::render(id, lang, &values).unwrap_or_else(|| id.to_string())
            }
        }
    }
}

/// The language `Display` renders messages in: a [`Lang`]'s index, or `u8::MAX` for English, the default.
static DISPLAY_LANGUAGE: AtomicU8 = AtomicU8::new(u8::MAX);

/// Sets the language every message's and error's `Display` speaks in this process. The command line sets it once
/// from `--lang` or the locale, before it does anything; the desk renders each text in the referee's language
/// explicitly and never relies on it.
pub fn set_display_language(lang: Lang) {
    DISPLAY_LANGUAGE.store(u8::try_from(lang.index()).unwrap_or(u8::MAX), Ordering::Relaxed);
}

/// The language `Display` speaks (English unless [`set_display_language`] chose another).
pub fn display_language() -> Lang {
    let index = usize::from(DISPLAY_LANGUAGE.load(Ordering::Relaxed));
    Lang::all().nth(index).unwrap_or(Lang::ENGLISH)
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
    ($($message:tt)*) => {
        $crate::msg_in!($crate::i18n::texts::NO_TEXTS; $($message)*)
    };
}

/// A text's id, checked when it compiles: `lang.tr(text_id!("nav.players"))`.
#[macro_export]
macro_rules! text_id {
    ($id:literal) => {
        $crate::text_id_in!($crate::i18n::texts::NO_TEXTS; $id)
    };
}

/// [`msg!`] for a crate with texts of its own (a ruleset): the id is looked for in `table` (the crate's compiled
/// texts), then in the seam's. A ruleset crate's build script defines its `msg!` with it.
#[macro_export]
macro_rules! msg_in {
    ($table:path; $id:literal $(, $name:ident = $value:expr)* $(,)?) => {{
        const _: () = $crate::i18n::texts::check_use_in($table, $id, &[$(stringify!($name)),*]);
        $crate::message::Message::with_room($id, <[&str]>::len(&[$(stringify!($name)),*]))$(.arg_text(stringify!($name), {
            #[allow(unused_imports)]
            use $crate::message::arg_text::{ByDisplay as _, Direct as _};
            (&$crate::message::arg_text::Value(&$value)).text()
        }))*
    }};
}

/// [`text_id!`] for a crate with texts of its own (see [`msg_in!`]).
#[macro_export]
macro_rules! text_id_in {
    ($table:path; $id:literal) => {{
        const _: () = $crate::i18n::texts::check_use_in($table, $id, &[]);
        $id
    }};
}

/// Place `n` of a ranking ("1°" in Italian, "1st" in English, "1er" in French): each language's text chooses
/// its form by `NUMBER($n, type: "ordinal")`, Fluent's ordinal plural rules.
pub fn ordinal(n: u64) -> Message {
    msg!("common.ordinal", n = n)
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

/// How [`crate::msg!`] makes an argument's text: a string copied, a whole number written by the standard library's
/// own integer writer, anything else through its `Display`. Through `Display` every argument went through the
/// formatting machinery (a string padded, then grown into a new one): two in a hundred of a Hanafuda manche's
/// instructions. The macro picks by method resolution (`Direct` is implemented for the value itself and found first;
/// `ByDisplay` for a reference to it, found otherwise), which stable Rust allows where specialisation would not.
#[doc(hidden)]
pub mod arg_text {
    use std::fmt::Display;

    /// A value given to [`crate::msg!`].
    pub struct Value<'a, T: ?Sized>(pub &'a T);

    /// The text of a value that has a quicker way than `Display`.
    pub trait Direct {
        /// The value's text.
        fn text(&self) -> String;
    }

    /// The text of any other value, through `Display`.
    pub trait ByDisplay {
        /// The value's text.
        fn text(&self) -> String;
    }

    impl<T: Display + ?Sized> ByDisplay for &Value<'_, T> {
        #[inline]
        fn text(&self) -> String {
            self.0.to_string()
        }
    }

    macro_rules! direct_as_str {
        ($($type:ty),*) => {$(
            impl Direct for Value<'_, $type> {
                #[inline]
                fn text(&self) -> String {
                    let text: &str = self.0;
                    text.to_owned()
                }
            }
        )*};
    }
    direct_as_str!(str, &str, String, &String);

    // The standard library's `ToString` of a number itself (not of a reference to it) skips the formatter.
    macro_rules! direct_number {
        ($($type:ty),*) => {$(
            impl Direct for Value<'_, $type> {
                #[inline]
                fn text(&self) -> String {
                    <$type as ToString>::to_string(self.0)
                }
            }
        )*};
    }
    direct_number!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);
}
