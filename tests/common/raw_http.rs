//! Raw HTTP/1.1 over a TCP connection, for tests that talk to a real `botarena serve` process (or
//! a real listener) and need what a client on the wire sees: the status line and the headers as
//! sent.

use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One HTTP/1.1 exchange on a new connection (the request should say `Connection: close`):
/// status, head and body.
pub async fn http(addr: SocketAddr, request: impl AsRef<[u8]>) -> std::io::Result<(u16, String, String)> {
    let mut s = tokio::net::TcpStream::connect(addr).await?;
    s.write_all(request.as_ref()).await?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    Ok((status, head.to_string(), body.to_string()))
}

/// The value of header `name` (any case) in a response head.
pub fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.eq_ignore_ascii_case(name).then(|| v.trim())
    })
}
