//! One self-contained HTML page of many pictures: no scripts, no fetches.
//!
//! Every data set is a `<figure id="dN">` (N its number) with a caption
//! (its name, status and time) and an inline SVG ([`super::svg`]); a data
//! set that could not be read shows its error instead. The page is
//! written as the data sets come ([`Page::add`], or [`head`], [`figure`]
//! and a [`Tally`] for a writer that has the figures made elsewhere), so
//! a run of any length is never held in memory; [`Page::finish`] then writes the summary
//! (counts per status, total time, and links to every data set that is
//! not solved uniquely), which the page's style shows first, above the
//! pictures. Unsolved figures are framed in red too. `content-visibility`
//! lets a browser lay out only the pictures in view, so a page of 10,000
//! puzzles opens in seconds.
//!
//! The page is well-formed XML as well as HTML (it parses with an XML
//! parser), and every text from outside (title, names, messages) is
//! escaped by the XML writer.

use super::svg::{self, clean, Picture};
use quick_xml::events::{BytesText, Event};
use quick_xml::Writer;
use std::io::{self, Write};
use std::time::Duration;

/// The page's style: the summary first, the pictures in rows, the ones
/// not solved uniquely in red.
const STYLE: &str = "\
body{display:flex;flex-direction:column;font:14px sans-serif;margin:1em;color:#111}\
h1{order:-2;font-size:1.3em;margin:0 0 .5em}\
nav{order:-1;margin-bottom:1em}\
nav ol{columns:16em;margin:.3em 0}\
main{display:flex;flex-wrap:wrap;gap:14px;align-items:flex-start}\
figure{margin:0;padding:4px;content-visibility:auto;contain-intrinsic-size:auto 240px}\
figcaption{font-size:12px;margin-bottom:2px}\
figure.unsure{outline:2px solid #d00000}\
figure.unsure figcaption{color:#d00000;font-weight:bold}\
figure:target{background:#fff3b0}\
.err{color:#d00000;white-space:pre-wrap;max-width:40em}";

/// One data set of the page.
#[derive(Clone, Copy, Debug)]
pub struct Figure<'a> {
    /// Position of its input among the inputs of the page, from 1.
    pub input: usize,
    /// Data set number (from 1): the figure's anchor is `#dN` (`#dI-N`
    /// for the data sets of input I after the first).
    pub number: usize,
    /// What the data set is, e.g. `puzzles.txt #7 (line 40)`.
    pub name: &'a str,
    /// The picture, or the reason there is none (an input error).
    pub content: Result<Picture<'a>, &'a str>,
    /// The time spent solving it, if known.
    pub time: Option<Duration>,
}

/// The anchor of data set `number` of input `input`.
fn anchor(input: usize, number: usize) -> String {
    if input <= 1 {
        format!("d{number}")
    } else {
        format!("d{input}-{number}")
    }
}

/// What the summary of a page says: counts per status, total time, the
/// data sets not solved uniquely.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Data sets per status, in the order the statuses first came.
    counts: Vec<(String, usize)>,
    /// The data sets not solved uniquely: anchor, number, name, status.
    unsure: Vec<(String, usize, String, String)>,
    total: usize,
    /// The time the summary gives.
    pub time: Duration,
}

/// A page being written.
pub struct Page<W: Write> {
    w: Writer<W>,
    tally: Tally,
}

/// A time as people read it: `850 µs`, `12.3 ms`, `4.56 s`.
pub fn human_time(t: Duration) -> String {
    let us = t.as_secs_f64() * 1e6;
    if us < 1000.0 {
        format!("{us:.0} µs")
    } else if us < 1e6 {
        format!("{:.1} ms", us / 1e3)
    } else {
        format!("{:.2} s", us / 1e6)
    }
}

/// Writes the start of a page titled `title`: everything up to the first
/// picture.
pub fn head<W: Write>(out: W, title: &str) -> io::Result<()> {
    let mut w = Writer::new(out);
    w.write_event(Event::DocType(BytesText::from_escaped("html")))?;
    w.get_mut().write_all(b"\n")?;
    w.write_event(Event::Start(
        quick_xml::events::BytesStart::new("html")
            .with_attributes([("xmlns", "http://www.w3.org/1999/xhtml"), ("lang", "en")]),
    ))?;
    let title = clean(title);
    w.create_element("head").write_inner_content(|w| {
        w.create_element("meta")
            .with_attribute(("charset", "utf-8"))
            .write_empty()?;
        w.create_element("title")
            .write_text_content(BytesText::new(&title))?;
        w.create_element("style")
            .write_text_content(BytesText::from_escaped(STYLE))?;
        Ok(())
    })?;
    w.get_mut().write_all(b"\n")?;
    w.write_event(Event::Start(quick_xml::events::BytesStart::new("body")))?;
    w.create_element("h1")
        .write_text_content(BytesText::new(&title))?;
    w.get_mut().write_all(b"\n")?;
    w.write_event(Event::Start(quick_xml::events::BytesStart::new("main")))?;
    w.get_mut().write_all(b"\n")
}

/// The status a figure shows, and whether it is a unique solution.
fn status_of<'a>(item: &Figure<'a>) -> (&'a str, bool) {
    match &item.content {
        Ok(picture) => (picture.status, picture.solved),
        Err(_) => ("invalid", false),
    }
}

/// Writes one data set's figure (a line of its own).
pub fn figure<W: Write>(item: &Figure, out: W) -> io::Result<()> {
    let mut w = Writer::new(out);
    let (status, solved) = status_of(item);
    let name = clean(item.name);
    let id = anchor(item.input, item.number);
    let mut caption = format!("#{}", item.number);
    if !name.is_empty() {
        caption.push(' ');
        caption.push_str(&name);
    }
    caption.push_str(" · ");
    match &item.content {
        Ok(picture) => caption.push_str(&picture.stated_status()),
        Err(_) => caption.push_str(status),
    }
    if let Some(t) = item.time {
        caption.push_str(" · ");
        caption.push_str(&human_time(t));
    }
    let class = if solved { "solved" } else { "unsure" };
    w.create_element("figure")
        .with_attributes([("id", id.as_str()), ("class", class)])
        .write_inner_content(|w| {
            w.create_element("figcaption")
                .write_text_content(BytesText::new(&caption))?;
            match &item.content {
                Ok(picture) => svg::element(picture, w, false),
                Err(message) => {
                    w.create_element("p")
                        .with_attribute(("class", "err"))
                        .write_text_content(BytesText::new(&clean(message)))?;
                    Ok(())
                }
            }
        })?;
    w.get_mut().write_all(b"\n")
}

impl Tally {
    /// Counts data set `number` of input `input`, named `name`, of
    /// status `status` (`solved`: a unique solution), solved in `time`.
    pub fn note(
        &mut self,
        input: usize,
        number: usize,
        name: &str,
        (status, solved): (&str, bool),
        time: Option<Duration>,
    ) {
        self.total += 1;
        self.time += time.unwrap_or_default();
        match self.counts.iter_mut().find(|(s, _)| s == status) {
            Some((_, n)) => *n += 1,
            None => self.counts.push((status.to_string(), 1)),
        }
        if !solved {
            let name = clean(name).to_string();
            let unsure = (anchor(input, number), number, name, status.to_string());
            self.unsure.push(unsure);
        }
    }

    /// Writes the summary and closes the page.
    pub fn finish<W: Write>(&self, out: W) -> io::Result<()> {
        let mut w = Writer::new(out);
        w.write_event(Event::End(quick_xml::events::BytesEnd::new("main")))?;
        w.get_mut().write_all(b"\n")?;
        let mut summary = format!(
            "{} data set{}: ",
            self.total,
            if self.total == 1 { "" } else { "s" }
        );
        let counts: Vec<String> = self
            .counts
            .iter()
            .map(|(s, n)| format!("{n} {s}"))
            .collect();
        summary.push_str(&counts.join(", "));
        summary.push_str(&format!("; solving time {}.", human_time(self.time)));
        let unsure = &self.unsure;
        w.create_element("nav")
            .with_attribute(("id", "summary"))
            .write_inner_content(|w| {
                w.create_element("p")
                    .write_text_content(BytesText::new(&summary))?;
                if unsure.is_empty() {
                    w.create_element("p")
                        .write_text_content(BytesText::new("Every puzzle was solved uniquely."))?;
                    return Ok(());
                }
                w.create_element("p")
                    .with_attribute(("class", "err"))
                    .write_text_content(BytesText::new(&format!(
                        "Not solved uniquely: {}",
                        unsure.len()
                    )))?;
                w.create_element("ol").write_inner_content(|w| {
                    for (id, number, name, status) in unsure {
                        let href = format!("#{id}");
                        let text = if name.is_empty() {
                            format!("#{number}: {status}")
                        } else {
                            format!("#{number} {name}: {status}")
                        };
                        w.create_element("li").write_inner_content(|w| {
                            w.create_element("a")
                                .with_attribute(("href", href.as_str()))
                                .write_text_content(BytesText::new(&text))?;
                            Ok(())
                        })?;
                    }
                    Ok(())
                })?;
                Ok(())
            })?;
        w.get_mut().write_all(b"\n")?;
        w.write_event(Event::End(quick_xml::events::BytesEnd::new("body")))?;
        w.write_event(Event::End(quick_xml::events::BytesEnd::new("html")))?;
        w.get_mut().write_all(b"\n")
    }
}

impl<W: Write> Page<W> {
    /// Starts a page titled `title`: everything up to the first picture.
    pub fn new(mut out: W, title: &str) -> io::Result<Self> {
        head(&mut out, title)?;
        Ok(Page {
            w: Writer::new(out),
            tally: Tally::default(),
        })
    }

    /// Adds one data set's figure.
    pub fn add(&mut self, item: &Figure) -> io::Result<()> {
        let status = status_of(item);
        let (input, number) = (item.input, item.number);
        self.tally.note(input, number, item.name, status, item.time);
        figure(item, self.w.get_mut())
    }

    /// Writes the summary and closes the page; gives back the output.
    pub fn finish(mut self) -> io::Result<W> {
        self.tally.finish(self.w.get_mut())?;
        Ok(self.w.into_inner())
    }
}
