//! The progress bar of a batch run on a terminal: bytes read, the rate,
//! data sets written and the time left. Built with the `progress`
//! feature (indicatif); without it, a run shows none.

#[cfg(feature = "progress")]
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Without the `progress` feature: no bar is ever made.
#[cfg(not(feature = "progress"))]
enum ProgressBar {}

#[cfg(not(feature = "progress"))]
impl ProgressBar {
    fn suspend<R>(&self, _: impl FnOnce() -> R) -> R {
        match *self {}
    }
    fn set_position(&self, _: u64) {
        match *self {}
    }
    fn set_message(&self, _: String) {
        match *self {}
    }
    fn finish_and_clear(&self) {
        match *self {}
    }
}

/// The progress bar, when there is one.
pub(crate) struct Progress(Option<ProgressBar>);

impl Progress {
    /// A bar over `total` bytes (a spinner when unknown) if `enabled` and
    /// built with the `progress` feature; else none.
    pub(crate) fn new(enabled: bool, total: Option<u64>) -> Progress {
        #[cfg(feature = "progress")]
        if enabled {
            return Progress(Some(bar(total)));
        }
        let _ = (enabled, total);
        Progress(None)
    }

    pub(crate) fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.0 {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    pub(crate) fn update(&self, bytes: u64, data_sets: usize) {
        if let Some(bar) = &self.0 {
            bar.set_position(bytes);
            bar.set_message(format!("{data_sets} data sets"));
        }
    }

    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

/// The bar over `total` bytes (unknown: a spinner).
#[cfg(feature = "progress")]
fn bar(total: Option<u64>) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
    // The bar takes the terminal's width left over; the rate and the
    // time left come from indicatif's estimate.
    let template = if total.is_some() {
        "{wide_bar} {bytes}/{total_bytes} {binary_bytes_per_sec} {msg} [{elapsed}, {eta} left]"
    } else {
        "{spinner} {bytes} {binary_bytes_per_sec} {msg} [{elapsed}]"
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}
