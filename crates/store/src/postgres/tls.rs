//! TLS to the server, the way libpq's settings read: `sslmode=require` by default (encrypted, any certificate),
//! `sslrootcert=FILE` to verify the server's certificate against a CA file (chain and host name), or
//! `sslfingerprint=AB:CD:…` to accept only the certificate whose SHA-256 fingerprint the hall's script printed.
//! `sslmode=disable` and `prefer` are honoured as libpq does, for servers of one's own.
//!
//! rustls (with ring) rather than OpenSSL: nothing to install for a newcomer's first build, and a verifier of our
//! own for the pinned fingerprint, which OpenSSL bindings would need a callback for too.

use std::path::PathBuf;
use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{WebPkiSupportedAlgorithms, verify_tls12_signature, verify_tls13_signature};
use rustls::pki_types::{CertificateDer, ServerName, UnixTime, pem::PemObject};
use rustls::{DigitallySignedStruct, SignatureScheme};
use tokio_postgres_rustls::MakeRustlsConnect;

use crate::message::Message;
use crate::msg;

/// How the server's certificate is checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Verify {
    /// Encrypted, any certificate (`sslmode=require`, libpq's default meaning).
    Any,
    /// Only the certificate with this SHA-256 fingerprint.
    Fingerprint([u8; 32]),
    /// Signed by a CA of this file, for the host connected to.
    Roots(PathBuf),
}

/// A server address split into what the `postgres` crate reads and the certificate check it does not know.
pub(super) struct Split {
    /// The address without Stecca's own parameters, with `sslmode=require` unless one was given.
    pub url: String,
    /// The certificate check.
    pub verify: Verify,
}

/// Takes `sslrootcert` and `sslfingerprint` out of `url` and sets `sslmode` (`verify-ca` and `verify-full`, which
/// the `postgres` crate does not know, become `require` with the CA file's check).
pub(super) fn split(url: &str) -> Result<Split, Message> {
    let (base, query) = url.split_once('?').unwrap_or((url, ""));
    let mut kept = Vec::new();
    let (mut roots, mut fingerprint, mut mode) = (None, None, None);
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "sslrootcert" => roots = Some(PathBuf::from(value)),
            "sslfingerprint" => fingerprint = Some(parse_fingerprint(value)?),
            "sslmode" => mode = Some(value.to_owned()),
            _ => kept.push(pair.to_owned()),
        }
    }
    let mode = match mode.as_deref() {
        None | Some("require" | "verify-ca" | "verify-full") => "require",
        Some(other @ ("disable" | "prefer")) => other,
        Some(other) => {
            return Err(msg!("error.store.tls.mode", mode = other));
        }
    };
    kept.push(format!("sslmode={mode}"));
    let verify = match (fingerprint, roots) {
        (Some(_), Some(_)) => return Err(msg!("error.store.tls.both")),
        (Some(fingerprint), None) => Verify::Fingerprint(fingerprint),
        (None, Some(roots)) => Verify::Roots(roots),
        (None, None) => Verify::Any,
    };
    Ok(Split { url: format!("{base}?{}", kept.join("&")), verify })
}

/// `AB:CD:…` (as `openssl x509 -fingerprint -sha256` prints it, with or without the colons and a `SHA256:` or
/// `sha256=` prefix) as 32 bytes.
fn parse_fingerprint(text: &str) -> Result<[u8; 32], Message> {
    // `%3A` is a colon written for a URL.
    let lower = text.to_ascii_lowercase().replace("%3a", ":");
    let body = lower.strip_prefix("sha256:").or_else(|| lower.strip_prefix("sha256=")).unwrap_or(&lower);
    let hex: String = body.chars().filter(|c| *c != ':' && !c.is_whitespace()).collect();
    let bad = || msg!("error.store.tls.fingerprint", text = text);
    if hex.len() != 64 || !hex.is_ascii() {
        return Err(bad());
    }
    let mut bytes = [0u8; 32];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
    }
    Ok(bytes)
}

/// The TLS connector for `verify`.
pub(super) fn connector(verify: &Verify) -> Result<MakeRustlsConnect, Message> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| msg!("error.store.tls.setup", detail = e))?;
    let config = match verify {
        Verify::Roots(file) => {
            let mut roots = rustls::RootCertStore::empty();
            let certificates = CertificateDer::pem_file_iter(file)
                .map_err(|e| msg!("error.store.tls.roots", file = file.display(), detail = e))?
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| msg!("error.store.tls.roots", file = file.display(), detail = e))?;
            let (added, _) = roots.add_parsable_certificates(certificates);
            if added == 0 {
                return Err(msg!("error.store.tls.no_certificate", file = file.display()));
            }
            builder.with_root_certificates(roots).with_no_client_auth()
        }
        Verify::Any | Verify::Fingerprint(_) => builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(Pinned {
                fingerprint: match verify {
                    Verify::Fingerprint(f) => Some(*f),
                    _ => None,
                },
                algorithms: provider.signature_verification_algorithms,
            }))
            .with_no_client_auth(),
    };
    Ok(MakeRustlsConnect::new(config))
}

/// Accepts the certificate whose SHA-256 fingerprint is pinned (or, for `sslmode=require`, any certificate), and
/// still checks that the server holds its key (the handshake's signatures).
#[derive(Debug)]
struct Pinned {
    fingerprint: Option<[u8; 32]>,
    algorithms: WebPkiSupportedAlgorithms,
}

/// The SHA-256 fingerprint of a certificate, as `AB:CD:…`.
pub(super) fn fingerprint_text(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(":")
}

impl ServerCertVerifier for Pinned {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let Some(pinned) = self.fingerprint else { return Ok(ServerCertVerified::assertion()) };
        let digest = ring::digest::digest(&ring::digest::SHA256, end_entity.as_ref());
        if digest.as_ref() == pinned {
            Ok(ServerCertVerified::assertion())
        } else {
            Err(rustls::Error::General(format!(
                "the server's certificate has the fingerprint {}, not the one given (sslfingerprint): this may not be \
                 the hall's server",
                fingerprint_text(digest.as_ref())
            )))
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_keeps_its_settings_and_asks_for_tls_by_default() {
        let plain = split("postgres://stecca@10.0.0.2:5432/stecca").expect("splits");
        assert_eq!(plain.url, "postgres://stecca@10.0.0.2:5432/stecca?sslmode=require");
        assert_eq!(plain.verify, Verify::Any);
        let full = split("postgres://h/db?connect_timeout=5&sslmode=verify-full&sslrootcert=/a/ca.crt").expect("ok");
        assert_eq!(full.url, "postgres://h/db?connect_timeout=5&sslmode=require");
        assert_eq!(full.verify, Verify::Roots(PathBuf::from("/a/ca.crt")));
        assert!(split("postgres://h/db?sslmode=disable").expect("ok").url.ends_with("sslmode=disable"));
        assert!(split("postgres://h/db?sslmode=sometimes").is_err());
    }

    #[test]
    fn a_fingerprint_is_read_as_openssl_prints_it() {
        let hex = "AB:".repeat(31) + "CD";
        let Verify::Fingerprint(bytes) = split(&format!("postgres://h/db?sslfingerprint={hex}")).expect("ok").verify
        else {
            panic!("a fingerprint");
        };
        assert_eq!(bytes[0], 0xAB);
        assert_eq!(bytes[31], 0xCD);
        assert_eq!(fingerprint_text(&bytes), hex);
        let encoded = hex.replace(':', "%3A");
        assert!(matches!(
            split(&format!("postgres://h/db?sslfingerprint={encoded}")).expect("ok").verify,
            Verify::Fingerprint(b) if b == bytes
        ));
        assert!(split("postgres://h/db?sslfingerprint=AB:CD").is_err());
    }
}
