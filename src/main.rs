//! The `stecca` binary: everything lives in the library.

fn main() -> std::process::ExitCode {
    stecca::cli::run()
}
