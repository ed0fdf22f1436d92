//! Batch mode: many puzzle files, solved in parallel, written in input order.
