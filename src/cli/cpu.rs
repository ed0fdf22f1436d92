//! The CPU check that runs before anything else: the build may use CPU
//! features (`.cargo/config.toml`) that an older CPU lacks, and would stop
//! with an illegal instruction there.
//!
//! The check reads the CPU with `cpuid` itself: the standard library's
//! `is_x86_feature_detected!` answers "yes" without asking for any feature
//! the build was compiled for. It runs before those features may be used,
//! so it is kept to plain scalar code: constant masks and calls, no
//! shifts by a variable, no formatting (the disassembly of
//! `cpu::x86_64::missing` and `cpu::x86_64::has_what_the_build_needs` has
//! no VEX or BMI instruction).
//!
//! On other architectures there is no check: the build uses the target's
//! baseline.

#[cfg(target_arch = "x86_64")]
mod x86_64 {
    use std::arch::x86_64::{__cpuid, __cpuid_count, _xgetbv};
    use std::io::Write;

    /// A feature: its name, whether the build uses it, where `cpuid` shows
    /// it (register, as `Leaf`, and bit mask), and whether it also needs
    /// the operating system to save the AVX registers.
    struct Feature {
        name: &'static [u8],
        built: bool,
        leaf: Leaf,
        mask: u32,
        avx: bool,
    }

    /// The `cpuid` registers the features are read from.
    #[derive(Clone, Copy)]
    enum Leaf {
        /// Leaf 1, ECX.
        One,
        /// Leaf 7, subleaf 0, EBX.
        Seven,
        /// Leaf 0x8000_0001, ECX.
        Extended,
    }

    macro_rules! feature {
        ($name:tt, $leaf:ident, $bit:expr, $avx:expr) => {
            Feature {
                name: $name.as_bytes(),
                built: cfg!(target_feature = $name),
                leaf: Leaf::$leaf,
                mask: 1 << $bit,
                avx: $avx,
            }
        };
    }

    /// The features of x86-64-v2 and v3 beyond the baseline (name, leaf,
    /// bit, needs the AVX state).
    static FEATURES: [Feature; 13] = [
        feature!("sse3", One, 0, false),
        feature!("ssse3", One, 9, false),
        feature!("sse4.1", One, 19, false),
        feature!("sse4.2", One, 20, false),
        feature!("popcnt", One, 23, false),
        feature!("movbe", One, 22, false),
        feature!("avx", One, 28, true),
        feature!("fma", One, 12, true),
        feature!("f16c", One, 29, true),
        feature!("avx2", Seven, 5, true),
        feature!("bmi1", Seven, 3, false),
        feature!("bmi2", Seven, 8, false),
        feature!("lzcnt", Extended, 5, false),
    ];

    /// What `cpuid` says, in the registers the features are read from.
    struct Cpu {
        one: u32,
        seven: u32,
        extended: u32,
        avx_saved: bool,
    }

    impl Cpu {
        /// The CPU running this.
        #[inline(never)]
        fn this() -> Cpu {
            let one = __cpuid(1).ecx;
            let seven = if __cpuid(0).eax >= 7 {
                __cpuid_count(7, 0).ebx
            } else {
                0
            };
            let extended = if __cpuid(0x8000_0000).eax >= 0x8000_0001 {
                __cpuid(0x8000_0001).ecx
            } else {
                0
            };
            // The OS saves the AVX registers: OSXSAVE, then XCR0's SSE and
            // AVX state bits.
            let avx_saved = one & 1 << 27 != 0
                // SAFETY: `xgetbv` exists where OSXSAVE is set.
                && unsafe { _xgetbv(0) } & 6 == 6;
            Cpu {
                one,
                seven,
                extended,
                avx_saved,
            }
        }

        /// Whether the CPU has `f`.
        fn has(&self, f: &Feature) -> bool {
            let register = match f.leaf {
                Leaf::One => self.one,
                Leaf::Seven => self.seven,
                Leaf::Extended => self.extended,
            };
            register & f.mask != 0 && (self.avx_saved || !f.avx)
        }
    }

    /// Calls `each` with the name of every feature the build uses and
    /// `cpu` lacks; returns how many.
    #[inline(never)]
    fn missing(cpu: &Cpu, mut each: impl FnMut(&'static [u8])) -> usize {
        let mut n = 0;
        for f in &FEATURES {
            // Each feature looked at on its own: the compiler may not turn
            // this loop into vector code (with AVX, on a CPU that may lack
            // it), as it did once the table's fields allowed it.
            let f = std::hint::black_box(f);
            if f.built && !cpu.has(f) {
                each(f.name);
                n += 1;
            }
        }
        n
    }

    /// Whether this CPU has every feature the build uses; if not, says
    /// which it lacks on standard error.
    #[inline(never)]
    pub fn has_what_the_build_needs() -> bool {
        let cpu = Cpu::this();
        if missing(&cpu, |_| ()) == 0 {
            return true;
        }
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(b"slink: this build needs CPU features this machine lacks:");
        missing(&cpu, |name| {
            let _ = err.write_all(b" ");
            let _ = err.write_all(name);
        });
        let _ = err.write_all(
            b"; build for this machine with RUSTFLAGS=\"-C target-cpu=native\" cargo build --release\n",
        );
        false
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        fn names(cpu: &Cpu) -> Vec<&'static [u8]> {
            let mut names = Vec::new();
            missing(cpu, |name| names.push(name));
            names
        }

        #[test]
        fn a_cpu_without_features_lacks_every_one_the_build_uses() {
            let none = Cpu {
                one: 0,
                seven: 0,
                extended: 0,
                avx_saved: false,
            };
            let built: Vec<_> = FEATURES
                .iter()
                .filter(|f| f.built)
                .map(|f| f.name)
                .collect();
            assert_eq!(names(&none), built);
            // The AVX features also need the OS to save the registers.
            let no_os = Cpu {
                one: !0,
                seven: !0,
                extended: !0,
                avx_saved: false,
            };
            let avx: Vec<_> = FEATURES
                .iter()
                .filter(|f| f.built && f.avx)
                .map(|f| f.name)
                .collect();
            assert_eq!(names(&no_os), avx);
        }

        #[test]
        fn the_features_agree_with_the_kernels_flags() {
            // Linux names the same features in /proc/cpuinfo, some by
            // other names; it also hides the AVX ones where the registers
            // are not saved.
            let Ok(info) = std::fs::read_to_string("/proc/cpuinfo") else {
                eprintln!("no /proc/cpuinfo: the features are not compared");
                return;
            };
            let flags: Vec<&str> = info
                .lines()
                .find(|l| l.starts_with("flags"))
                .expect("a flags line")
                .split_whitespace()
                .collect();
            let cpu = Cpu::this();
            for f in &FEATURES {
                let name = std::str::from_utf8(f.name).unwrap();
                let linux = match name {
                    "sse3" => "pni",
                    "sse4.1" => "sse4_1",
                    "sse4.2" => "sse4_2",
                    "lzcnt" => "abm",
                    other => other,
                };
                assert_eq!(cpu.has(f), flags.contains(&linux), "{name}");
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
pub use x86_64::has_what_the_build_needs;

/// Always: nothing beyond the baseline is used.
#[cfg(not(target_arch = "x86_64"))]
pub fn has_what_the_build_needs() -> bool {
    true
}
