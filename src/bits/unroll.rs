//! Macros that write a rule out once per side, corner or arm, with the
//! item a constant in each copy: `unroll4!`, `unroll2!` and `map4!`.
//!
//! A rule written for one [`Side`](crate::grid::Side) or
//! [`Corner`](crate::grid::Corner) is applied to all four by copying it
//! four times, so that every edge offset, and with it every shift of a row,
//! is a constant. The other ways to say it (a `for` loop over the four
//! items, a closure called per item, even an `#[inline(always)]` one)
//! leave some of them run-time values and cost more instructions (the
//! figures: docs/bench-history.md). The macros are private to the crate.

/// Runs `$body` once per item of a four-item constant array, written out
/// four times, with `$n` the index and `$x` the item as constants: a loop
/// (or a closure) would leave the edge offsets as run-time values and make
/// every shift variable. Leave an item early with a labelled block.
macro_rules! unroll4 {
    ($items:expr, |$n:ident, $x:ident| $body:expr) => {{
        let items = $items;
        {
            let ($n, $x) = (0usize, items[0]);
            $body
        };
        {
            let ($n, $x) = (1usize, items[1]);
            $body
        };
        {
            let ($n, $x) = (2usize, items[2]);
            $body
        };
        {
            let ($n, $x) = (3usize, items[3]);
            $body
        };
    }};
}

/// [`unroll4!`] for a two-item array.
macro_rules! unroll2 {
    ($items:expr, |$x:ident| $body:expr) => {{
        let items = $items;
        {
            let $x = items[0];
            $body
        };
        {
            let $x = items[1];
            $body
        };
    }};
}

/// `items.map(|x| body)` for a four-item array, written out as [`unroll4!`] is.
macro_rules! map4 {
    ($items:expr, |$x:ident| $body:expr) => {{
        let items = $items;
        [
            {
                let $x = items[0];
                $body
            },
            {
                let $x = items[1];
                $body
            },
            {
                let $x = items[2];
                $body
            },
            {
                let $x = items[3];
                $body
            },
        ]
    }};
}

pub(crate) use {map4, unroll2, unroll4};
