//! The addresses of puzz.link URLs: which pzprjs players slink knows, and
//! the URLs of an input whose address is none of them (a slip in a host,
//! `puz.link` or `htps://`), which are read all the same, as pzprjs reads
//! any address (by what follows the `?`), and named once per input.

use super::span::Place;
use super::text::excerpt;
use crate::util::counted;

/// Hosts of the pzprjs players whose URLs slink expects (any other is
/// read too, as pzprjs reads any address: by what follows the `?`).
const KNOWN_HOSTS: [&str; 4] = ["puzz.link", "www.puzz.link", "pzv.jp", "pzprxs.vercel.app"];

/// The address before the `?` of URL `line` (at most 60 bytes, escaped
/// for a message) when it is not a known
/// pzprjs player's (`http://` or `https://`, then one of [`KNOWN_HOSTS`]):
/// `puz.link/p`, `htps://puzz.link/p`. `None` for a known one, a bare
/// `slither/...`, a line without a `?`, or an address with a byte that
/// is not printable ASCII.
///
/// Such a URL is read all the same (pzprjs reads what follows the `?`
/// whatever comes before it), but a typing slip in a host is worth a word.
fn odd_address(line: &[u8]) -> Option<String> {
    let address = &line[..memchr::memchr(b'?', line)?];
    let rest = address
        .strip_prefix(b"https://")
        .or_else(|| address.strip_prefix(b"http://"));
    let known = rest.is_some_and(|rest| {
        let host = rest.split(|&b| b == b'/').next().unwrap_or(rest);
        KNOWN_HOSTS
            .iter()
            .any(|k| host.eq_ignore_ascii_case(k.as_bytes()))
    });
    let relative = matches!(address, b"" | b"p" | b"p.html");
    // (A line of other bytes is no URL anyone typed: its errors say enough.)
    let typed = address.iter().all(u8::is_ascii_graphic);
    (!known && !relative && typed).then(|| excerpt(address, 0, address.len(), 60))
}

/// The URLs of one input whose address is not a known pzprjs player's
/// (`puz.link/p`, `htps://puzz.link/p`; a bare `slither/...` or `p?...`
/// is no address): read all the same, and named once, by the first.
/// The [`Reader`](super::Reader) notes them as it reads a list of URLs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OddAddresses {
    /// The first one: where it is, and its address.
    pub first: Option<(Place, String)>,
    /// How many.
    pub count: usize,
}

impl OddAddresses {
    /// Counts URL `line` (at `place`) if its address is odd.
    pub(super) fn note(&mut self, line: &[u8], place: Place) {
        if let Some(address) = odd_address(line) {
            self.count += 1;
            if self.first.is_none() {
                self.first = Some((place, address));
            }
        }
    }

    /// Adds those of a later piece of the same input.
    pub fn add(&mut self, later: OddAddresses) {
        self.count += later.count;
        if self.first.is_none() {
            self.first = later.first;
        }
    }

    /// The warning about them in input `name`, if there are any: the
    /// first placed (`name:line:col: data set N: warning: ...`), the
    /// others counted.
    pub fn warning(&self, name: &str) -> Option<String> {
        let (place, address) = self.first.as_ref()?;
        let others = match self.count - 1 {
            0 => String::new(),
            n => format!(" (and {} like it)", counted(n as u64, "more URL")),
        };
        Some(format!(
            "{name}:{}:{}: data set {}: warning: '{address}' is not the address of a \
             pzprjs player slink knows (puzz.link, pzv.jp, pzprxs.vercel.app): a slip? \
             Read all the same, as pzprjs reads any, by what follows the '?'{others}",
            place.line, place.col, place.number
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::formats::url::decode;

    #[test]
    fn odd_addresses_are_told_from_the_players_hosts() {
        for known in [
            "https://puzz.link/p?slither/1/1/0",
            "http://pzv.jp/p.html?slither/1/1/0",
            "https://PUZZ.LINK/p?slither/1/1/0",
            "https://pzprxs.vercel.app/p?slither/1/1/0",
            "p?slither/1/1/0",
            "slither/1/1/0",
            "\u{e9}/p?slither/1/1/0",
            "\u{e9}/p?slither/1/1/0",
        ] {
            assert_eq!(odd_address(known.as_bytes()), None, "{known}");
        }
        for (odd, address) in [
            ("puz.link/p?slither/1/1/0", "puz.link/p"),
            ("htps://puzz.link/p?slither/1/1/0", "htps://puzz.link/p"),
            (
                "https://example.com/p?slither/1/1/0",
                "https://example.com/p",
            ),
            ("it's/p?slither/1/1/0", "it\\'s/p"),
        ] {
            assert_eq!(
                odd_address(odd.as_bytes()).as_deref(),
                Some(address),
                "{odd}"
            );
            // Read all the same, as pzprjs reads them.
            assert!(decode(odd).is_ok(), "{odd}");
        }
    }
}
