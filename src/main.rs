//! The `slink` command: a thin layer of argument parsing over the library.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    let missing = missing_cpu_features();
    if !missing.is_empty() {
        eprintln!(
            "slink: this build needs CPU features this machine lacks ({}); \
             build for this machine with RUSTFLAGS=\"-C target-cpu=native\" \
             cargo build --release",
            missing.join(", ")
        );
        return ExitCode::from(2);
    }
    cli::main()
}

/// The CPU features this build was compiled to use (`.cargo/config.toml`)
/// that the CPU running it lacks: it checks them before running any code
/// that may use them.
#[cfg(target_arch = "x86_64")]
fn missing_cpu_features() -> Vec<&'static str> {
    macro_rules! missing {
        ($($feature:tt),*) => {
            [$((cfg!(target_feature = $feature)
                && !std::arch::is_x86_feature_detected!($feature))
            .then_some($feature)),*]
        };
    }
    missing!(
        "sse3", "ssse3", "sse4.1", "sse4.2", "popcnt", "avx", "avx2", "bmi1", "bmi2", "fma",
        "lzcnt", "movbe", "f16c"
    )
    .into_iter()
    .flatten()
    .collect()
}

/// No features beyond the target's baseline are checked elsewhere.
#[cfg(not(target_arch = "x86_64"))]
fn missing_cpu_features() -> Vec<&'static str> {
    Vec::new()
}
