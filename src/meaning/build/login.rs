//! The `login` and `hostport` of the IP-based schemes (§3.1), as the builders
//! hold and write them, and the setters the builders share for them.

use super::{BuildComponent, BuildError, check_host, encode};
use crate::syntax::charclass::user_char;
use crate::syntax::decode::percent_decode;
use crate::syntax::grammar::Node;
use crate::syntax::scheme::article;
use crate::syntax::spec::Spec;
use crate::url::schemes::login::{HostPort, Login};

/// The host and port of the IP-based schemes, with a user and password for
/// those whose rule has `login`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct LoginParts {
    pub(super) user: Option<Vec<u8>>,
    pub(super) password: Option<Vec<u8>>,
    pub(super) host: Option<Vec<u8>>,
    pub(super) port: Option<u16>,
}

impl LoginParts {
    /// The parts of a parsed `hostport`: the host as written (builders do
    /// not escape hosts), the port as a number.
    pub(super) fn of_hostport(
        hostport: HostPort<'_>,
        spec: Spec,
    ) -> Result<LoginParts, BuildError> {
        let port = hostport.port_number().map_err(|too_large| {
            BuildError::new(
                BuildComponent::Port,
                Node::port,
                spec,
                format!("{too_large}, and builders write a port as a `u16`"),
            )
        })?;
        Ok(LoginParts {
            user: None,
            password: None,
            host: Some(hostport.host().as_str().as_bytes().to_vec()),
            port,
        })
    }

    /// The parts of a parsed `login`: user and password decoded, the
    /// `hostport` as [`of_hostport`](Self::of_hostport) takes it.
    pub(super) fn of_login(login: Login<'_>, spec: Spec) -> Result<LoginParts, BuildError> {
        Ok(LoginParts {
            user: login.user().map(|user| percent_decode(user).into_owned()),
            password: login
                .password()
                .map(|password| percent_decode(password).into_owned()),
            ..LoginParts::of_hostport(login.hostport(), spec)?
        })
    }

    /// Writes `hostport = host [ ":" port ]`; a refusal names the host
    /// `host_part` and, in its reason, the URL `scheme`'s.
    pub(super) fn write_hostport(
        &self,
        out: &mut String,
        spec: Spec,
        scheme: &str,
        host_part: BuildComponent,
    ) -> Result<(), BuildError> {
        let Some(host) = &self.host else {
            return Err(BuildError::new(
                host_part,
                Node::hostport,
                spec,
                format!(
                    "{} {scheme} URL names a host: set one with `host`",
                    article(scheme)
                ),
            ));
        };
        out.push_str(check_host(host, spec, host_part)?);
        if let Some(port) = self.port {
            out.push(':');
            out.push_str(&port.to_string());
        }
        Ok(())
    }

    /// Writes `login = [ user [ ":" password ] "@" ] hostport`; a refusal
    /// names the password `password_part` and the host as `write_hostport`
    /// does.
    pub(super) fn write_login(
        &self,
        out: &mut String,
        spec: Spec,
        scheme: &str,
        host_part: BuildComponent,
        password_part: BuildComponent,
    ) -> Result<(), BuildError> {
        match (&self.user, &self.password) {
            (None, Some(_)) => {
                return Err(BuildError::new(
                    password_part,
                    Node::login,
                    spec,
                    "a password follows a user name: set a user (an empty one is allowed)",
                ));
            }
            (Some(user), password) => {
                out.push_str(&encode(user, spec, user_char));
                if let Some(password) = password {
                    out.push(':');
                    out.push_str(&encode(password, spec, user_char));
                }
                out.push('@');
            }
            (None, None) => {}
        }
        self.write_hostport(out, spec, scheme, host_part)
    }
}

/// Setters shared by the builders whose rule has a `hostport`.
macro_rules! hostport_setters {
    ($builder:ident, $scheme:literal, $sample:literal) => {
        impl $builder {
            #[doc = concat!(
                "The host: a `hostname` or `hostnumber` as written (hosts are not escaped).\n\n```\n",
                "let url = rfc1738::", stringify!($builder), "::default()", $sample,
                ".host(\"Host.Example\").build(rfc1738::Spec::Rfc1738).unwrap();\n",
                "assert!(url.as_str().starts_with(\"", $scheme, "://Host.Example\"));\n```"
            )]
            #[must_use]
            pub fn host(mut self, host: impl AsRef<[u8]>) -> Self {
                self.login.host = Some(host.as_ref().to_vec());
                self
            }

            #[doc = concat!(
                "The port, written in decimal.\n\n```\n",
                "let url = rfc1738::", stringify!($builder), "::default()", $sample,
                ".host(\"h\").port(8001).build(rfc1738::Spec::Rfc1738).unwrap();\n",
                "assert!(url.as_str().starts_with(\"", $scheme, "://h:8001\"));\n```"
            )]
            #[must_use]
            pub fn port(mut self, port: u16) -> Self {
                self.login.port = Some(port);
                self
            }
        }
    };
}

/// Setters shared by the builders whose rule has a `login`.
macro_rules! login_setters {
    ($builder:ident, $scheme:literal, $sample:literal) => {
        hostport_setters!($builder, $scheme, $sample);

        impl $builder {
            #[doc = concat!(
                "The user name (`user`); an empty one is written as `@host`.\n\n```\n",
                "let url = rfc1738::", stringify!($builder), "::default()", $sample,
                ".user(\"a@b\").host(\"h\").build(rfc1738::Spec::Rfc1738).unwrap();\n",
                "assert!(url.as_str().starts_with(\"", $scheme, "://a%40b@h\"));\n```"
            )]
            #[must_use]
            pub fn user(mut self, user: impl AsRef<[u8]>) -> Self {
                self.login.user = Some(user.as_ref().to_vec());
                self
            }

            #[doc = concat!(
                "The password (`password`); it needs a user.\n\n```\n",
                "let url = rfc1738::", stringify!($builder), "::default()", $sample,
                ".user(\"me\").password(\"p:w\").host(\"h\").build(rfc1738::Spec::Rfc1738).unwrap();\n",
                "assert!(url.as_str().starts_with(\"", $scheme, "://me:p%3Aw@h\"));\n```"
            )]
            #[must_use]
            pub fn password(mut self, password: impl AsRef<[u8]>) -> Self {
                self.login.password = Some(password.as_ref().to_vec());
                self
            }
        }
    };
}
