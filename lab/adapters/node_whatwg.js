// Adapter for Node's WHATWG URL class (see PROTOCOL.md).
// Valid: `new URL(input)` returns without throwing (no base URL).
// Components are the URL object's serialized, normalized fields.
'use strict';

function answer(s) {
  let u;
  try {
    u = new URL(s);
  } catch (e) {
    return { valid: false, error: String(e && e.message || e), offset: null };
  }
  // The search and hash getters give "" for an empty and for an absent
  // query or fragment alike ("http://h?" and "http://h"), so "" is reported
  // as absent; the same holds for userinfo and port.
  const userinfo = u.username || u.password
    ? u.username + (u.password ? ':' + u.password : '') : null;
  return { valid: true, components: {
    scheme: u.protocol.replace(/:$/, ''),
    userinfo,
    // The host is null (not "") when the serialization has no '//'.
    host: u.href.startsWith(u.protocol + '//') ? u.hostname : null,
    port: u.port === '' ? null : u.port,
    path: u.pathname,
    query: u.search === '' ? null : u.search.slice(1),
    fragment: u.hash === '' ? null : u.hash.slice(1),
  } };
}

function emit(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

emit({ peer: 'node-whatwg-url', version: process.version, call: 'new URL',
  claims: 'WHATWG URL', components: 'raw',
  normalizes: ['scheme-case', 'host-case', 'default-port', 'percent-encoding',
    'dot-segments', 'empty-path', 'empty-absent'], positions: false });

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
