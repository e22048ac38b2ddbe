//! The board over HTTPS: a certificate chain and its private key (PEM files, signed by the hall server's CA)
//! read with care — small regular files only, the key this user's own and closed to everyone else, its bytes
//! never printed — and made into rustls' server configuration, with ring as the store's TLS uses.

use std::fmt;
use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use stecca_core::message::{Explain, Message, io_reason};
use stecca_core::msg;

/// The largest certificate chain or key file read: a chain of three RSA certificates is under 8 KiB, a key
/// under 4 KiB; anything larger is not the file meant.
pub const MAX_PEM_BYTES: u64 = 64 * 1024;

/// The board's certificate and key, ready to serve HTTPS with. Its `Debug` says nothing of the key.
#[derive(Clone)]
pub struct Tls {
    pub(crate) config: Arc<rustls::ServerConfig>,
}

impl fmt::Debug for Tls {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Tls { .. }")
    }
}

/// Why the certificate or the key cannot serve: a message naming the file (never its contents).
#[derive(Debug)]
pub struct TlsError(Message);

impl fmt::Display for TlsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for TlsError {}

impl Explain for TlsError {
    fn message(&self) -> Message {
        self.0.clone()
    }
}

impl Tls {
    /// Reads the certificate chain at `cert` (the board's certificate first, then any intermediate) and the
    /// private key at `key`, both PEM, and checks that they go together.
    pub fn from_files(cert: &Path, key: &Path) -> Result<Tls, TlsError> {
        let chain = read_small(cert, false)?;
        let certificates = CertificateDer::pem_slice_iter(&chain)
            .collect::<Result<Vec<_>, _>>()
            .ok()
            .filter(|certificates| !certificates.is_empty())
            .ok_or_else(|| TlsError(msg!("board.tls.no_certificate", file = cert.display())))?;
        // The parser's error is not passed on: it could quote a line of the key.
        let private = PrivateKeyDer::from_pem_slice(&read_small(key, true)?)
            .map_err(|_| TlsError(msg!("board.tls.no_key", file = key.display())))?;
        let mismatch = |e: rustls::Error| {
            TlsError(msg!("board.tls.mismatch", cert = cert.display(), key = key.display(), detail = e))
        };
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let mut config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(mismatch)?
            .with_no_client_auth()
            .with_single_cert(certificates, private)
            .map_err(mismatch)?;
        // The board speaks HTTP/1.1 only: said in the handshake, a browser does not try HTTP/2.
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(Tls { config: Arc::new(config) })
    }

    /// The acceptor that makes a connection's handshake.
    pub(crate) fn acceptor(&self) -> tokio_rustls::TlsAcceptor {
        tokio_rustls::TlsAcceptor::from(self.config.clone())
    }
}

/// The bytes of `file`, a regular file of at most [`MAX_PEM_BYTES`]; a `key` must also be this user's own
/// and closed to the others.
fn read_small(file: &Path, key: bool) -> Result<Vec<u8>, TlsError> {
    let read_error =
        |e: std::io::Error| TlsError(msg!("board.tls.read", file = file.display()).arg_message("why", io_reason(&e)));
    // Looked at before it is opened: a FIFO or a device would block the opening or never end.
    let metadata = std::fs::metadata(file).map_err(read_error)?;
    if !metadata.is_file() {
        return Err(TlsError(msg!("board.tls.not_file", file = file.display())));
    }
    let too_large =
        |size: u64| TlsError(msg!("board.tls.too_large", file = file.display(), size = size, limit = MAX_PEM_BYTES));
    if metadata.len() > MAX_PEM_BYTES {
        return Err(too_large(metadata.len()));
    }
    if let Some(refusal) = key.then(|| not_private(file, &metadata)).flatten() {
        return Err(refusal);
    }
    let mut bytes = Vec::new();
    // Read with the limit too: the file may have grown since it was looked at.
    std::fs::File::open(file)
        .and_then(|opened| opened.take(MAX_PEM_BYTES + 1).read_to_end(&mut bytes))
        .map_err(read_error)?;
    if bytes.len() as u64 > MAX_PEM_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Why the key at `file` is not private: it belongs to another user than the one running Stecca, or others
/// may read or change it (`chmod 600` closes it). `None` when it is private.
#[cfg(unix)]
fn not_private(file: &Path, metadata: &std::fs::Metadata) -> Option<TlsError> {
    use std::os::unix::fs::MetadataExt;
    if metadata.uid() != rustix::process::geteuid().as_raw() {
        return Some(TlsError(msg!("board.tls.key_owner", file = file.display())));
    }
    (metadata.mode() & 0o077 != 0).then(|| TlsError(msg!("board.tls.key_open", file = file.display())))
}

/// Where files have no owner id and mode bits, the folder's access rules are the system's.
#[cfg(not(unix))]
fn not_private(_: &Path, _: &std::fs::Metadata) -> Option<TlsError> {
    None
}
