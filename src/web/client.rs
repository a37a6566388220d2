//! Who is on the other end of a request, for login throttling: the connection's peer address
//! (axum's `ConnectInfo`, given by `serve`), or, only when the operator names one with
//! `--client-address-header` because a reverse proxy sets it, the address in that header. A
//! client could send any header, so none is trusted by default.

use super::state::AppState;
use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;
use std::convert::Infallible;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};

/// The client's address as throttling keys it: an IPv4 address, or an IPv6 /64 network (what one
/// host usually gets, so that one host cannot rotate through its addresses).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClientAddress(pub String);

impl ClientAddress {
    pub fn of(ip: IpAddr) -> ClientAddress {
        match ip.to_canonical() {
            IpAddr::V4(v4) => ClientAddress(v4.to_string()),
            IpAddr::V6(v6) => {
                let s = v6.segments();
                let net = Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0);
                ClientAddress(format!("{net}/64"))
            }
        }
    }
}

/// The address in a proxy's header: the last valid entry of a comma-separated list (the one the
/// nearest proxy added; those before it came from the client and may be forged).
fn from_header(value: &str) -> Option<IpAddr> {
    let last = value.rsplit(',').next()?.trim();
    last.parse::<IpAddr>().ok().or_else(|| last.parse::<SocketAddr>().ok().map(|s| s.ip()))
}

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress
where
    AppState: FromRef<S>,
{
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        if let Some(name) = &state.config.client_address_header {
            let header = parts.headers.get(name.as_str()).and_then(|v| v.to_str().ok());
            if let Some(ip) = header.and_then(from_header) {
                return Ok(ClientAddress::of(ip));
            }
        }
        Ok(match parts.extensions.get::<ConnectInfo<SocketAddr>>() {
            Some(ConnectInfo(peer)) => ClientAddress::of(peer.ip()),
            // Only in-process tests drive the router without a connection.
            None => ClientAddress("unknown".into()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_are_keyed_by_their_64_network_and_mapped_ipv4_as_ipv4() {
        let a = ClientAddress::of("2001:db8:1:2:aaaa::1".parse().unwrap());
        let b = ClientAddress::of("2001:db8:1:2:bbbb::2".parse().unwrap());
        assert_eq!(a, b);
        assert_eq!(a.0, "2001:db8:1:2::/64");
        assert_eq!(ClientAddress::of("::ffff:10.0.0.7".parse().unwrap()).0, "10.0.0.7");
    }

    #[test]
    fn only_the_last_entry_of_a_forwarded_list_counts() {
        assert_eq!(from_header("6.6.6.6, 10.1.2.3"), Some("10.1.2.3".parse().unwrap()));
        assert_eq!(from_header("10.1.2.3"), Some("10.1.2.3".parse().unwrap()));
        assert_eq!(from_header("[2001:db8::1]:443"), Some("2001:db8::1".parse().unwrap()));
        assert_eq!(from_header("nonsense"), None);
    }
}
