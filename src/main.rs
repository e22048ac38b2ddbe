//! The `stecca` binary: everything lives in the library.

/// mimalloc instead of the C library's allocator: scoring a manche makes and frees hundreds of small strings and
/// vectors (the explanations' lines, the outcome's names, the JSON read and written), and in `stecca score
/// --jsonl` glibc's malloc and free were a quarter of the time. With mimalloc, 100,000 manches take 17–24 % less
/// CPU (FIMJ 1.80 → 1.41 s, Mayumi 4.71 → 3.63 s, one thread; `docs/measurements.md`, "Bulk scoring, round
/// two"). Only the binary: the library leaves the allocator to whoever links it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    stecca::cli::run()
}
