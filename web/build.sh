#!/usr/bin/env bash
# Builds slink's page into web/dist/: index.html, app.js, worker.js,
# style.css and slink.wasm (the library and the glue of web/src/, compiled
# for wasm32-unknown-unknown). Serve the folder with any static file
# server, e.g. `python3 -m http.server -d web/dist`.
#
# rustup's toolchain has no wasm32 standard library here, and rustup's
# servers cannot be reached; Debian's rustc-web (a current Rust, built for
# Firefox) comes with std's source, which `-Zbuild-std` compiles for the
# target (RUSTC_BOOTSTRAP=1 lets a stable rustc take that flag). What is
# missing of it is installed first: rustc-web, cargo-web, rust-web-src and
# lld-22 (the linker) from bookworm-security, once.
#
# Exit status 3, with the reason on standard error, when the toolchain is
# missing and cannot be installed (the browser test then says it skipped);
# 1 for any other failure. SLINK_WEB_SIMD=1 builds with wasm's 128-bit SIMD.
set -euo pipefail
cd "$(dirname "$0")"

packages=(rustc-web cargo-web rust-web-src lld-22)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  apt=(apt-get)
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
      apt=(sudo apt-get)
    else
      echo "web/build.sh: ${missing[*]} missing, and neither root nor sudo can install them" >&2
      exit 3
    fi
  fi
  echo "web/build.sh: installing ${missing[*]} from bookworm-security" >&2
  if ! "${apt[@]}" install -y -t bookworm-security "${missing[@]}" >&2; then
    if ! { "${apt[@]}" update >&2 && "${apt[@]}" install -y -t bookworm-security "${missing[@]}" >&2; }; then
      echo "web/build.sh: cannot install ${missing[*]} (apt-get failed)" >&2
      exit 3
    fi
  fi
fi

rustflags=()
if [ "${SLINK_WEB_SIMD:-0}" = 1 ]; then
  rustflags=(-C target-feature=+simd128)
fi
# Debian's rustc and cargo first on PATH (rustup's would answer otherwise).
PATH=/usr/bin:$PATH RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
  CARGO_ENCODED_RUSTFLAGS="$(IFS=$'\x1f'; echo "${rustflags[*]}")" \
  /usr/bin/cargo build --release --lib --target wasm32-unknown-unknown \
  -Zbuild-std=std,panic_abort

rm -rf dist
mkdir dist
cp site/index.html site/app.js site/worker.js site/style.css dist/
cp target/wasm32-unknown-unknown/release/slink_web.wasm dist/slink.wasm
size=$(stat -c %s dist/slink.wasm)
gzipped=$(gzip -9 -c dist/slink.wasm | wc -c)
echo "web/build.sh: web/dist/slink.wasm: $size bytes, $gzipped gzipped (-9)" >&2
if [ "$gzipped" -gt 1048576 ]; then
  echo "web/build.sh: slink.wasm is over 1 MB gzipped" >&2
  exit 1
fi
