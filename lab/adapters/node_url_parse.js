// Adapter for Node's legacy url.parse (see PROTOCOL.md).
// Valid: url.parse(input) returns without throwing.
// Components are the Url object's fields; auth comes back percent-decoded.
'use strict';
process.noDeprecation = true;
const url = require('url');

function answer(s) {
  let u;
  try {
    u = url.parse(s);
  } catch (e) {
    return { valid: false, error: String(e && e.message || e), offset: null };
  }
  // hostname loses the brackets of an IP literal; host keeps them.
  const bracketed = u.host != null && u.host.startsWith('[');
  // Without "//", an empty hostname means no authority at all ("s:"); a
  // hostname that is not empty is what url.parse read as one ("mailto:a@b").
  const noAuthority = !u.slashes && !u.hostname;
  return { valid: true, components: {
    scheme: u.protocol == null ? null : u.protocol.replace(/:$/, ''),
    userinfo: u.auth,
    host: noAuthority ? null : bracketed ? '[' + u.hostname + ']' : u.hostname,
    port: u.port,
    // pathname is null when there is no path at all ("mailto:a@b" is
    // read as auth "a", host "b"); RFC 3986 always has a path, maybe "".
    path: u.pathname == null ? '' : u.pathname,
    query: u.search == null ? null : u.search.slice(1),
    fragment: u.hash == null ? null : u.hash.slice(1),
  } };
}

function emit(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

emit({ peer: 'node-url-parse', version: process.version, call: 'url.parse',
  claims: 'none (legacy)', components: 'raw',
  normalizes: ['scheme-case', 'host-case', 'percent-encoding', 'empty-path'],
  positions: false });

function handle(line) {
  let s;
  try {
    s = JSON.parse(line).input;
    if (typeof s !== 'string') throw new TypeError();
  } catch (e) {
    return emit({ valid: false, error: 'bad request' });
  }
  try {
    emit(answer(s));
  } catch (e) {
    emit({ valid: false, error: 'adapter: ' + String(e), offset: null });
  }
}

let buf = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buf += chunk;
  let i;
  while ((i = buf.indexOf('\n')) >= 0) {
    handle(buf.slice(0, i));
    buf = buf.slice(i + 1);
  }
});
process.stdin.on('end', () => { if (buf !== '') handle(buf); });
