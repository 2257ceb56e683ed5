/* The JSON lines of PROTOCOL.md for the C adapters: a reader for the
 * request {"input": "..."}, a writer of JSON strings and refusals, and the
 * loop that answers each request. Included by each. */
#ifndef JSONLINE_H
#define JSONLINE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a small reader for {"input": "..."} ---- */

static const char *skip_ws(const char *p, const char *end) {
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++;
  return p;
}

static int hex4(const char *p, const char *end, unsigned *out) {
  unsigned v = 0;
  if (end - p < 4) return 0;
  for (int i = 0; i < 4; i++) {
    char c = p[i];
    v <<= 4;
    if (c >= '0' && c <= '9') v |= c - '0';
    else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
    else return 0;
  }
  *out = v;
  return 1;
}

/* Reads a JSON string at *pp (at its opening quote) into out (which has room
 * for at least end - *pp bytes); returns its length, or -1 if malformed. */
static long read_string(const char **pp, const char *end, char *out) {
  const char *p = *pp;
  long n = 0;
  if (p >= end || *p != '"') return -1;
  p++;
  while (p < end && *p != '"') {
    unsigned char c = (unsigned char)*p++;
    if (c < 0x20) return -1;
    if (c != '\\') { out[n++] = (char)c; continue; }
    if (p >= end) return -1;
    c = (unsigned char)*p++;
    switch (c) {
    case '"': case '\\': case '/': out[n++] = (char)c; break;
    case 'b': out[n++] = '\b'; break;
    case 'f': out[n++] = '\f'; break;
    case 'n': out[n++] = '\n'; break;
    case 'r': out[n++] = '\r'; break;
    case 't': out[n++] = '\t'; break;
    case 'u': {
      unsigned cp, lo;
      if (!hex4(p, end, &cp)) return -1;
      p += 4;
      if (cp >= 0xD800 && cp <= 0xDBFF) {
        if (end - p < 6 || p[0] != '\\' || p[1] != 'u' || !hex4(p + 2, end, &lo) ||
            lo < 0xDC00 || lo > 0xDFFF)
          return -1;
        p += 6;
        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
      } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
        return -1;
      }
      if (cp < 0x80) out[n++] = (char)cp;
      else if (cp < 0x800) {
        out[n++] = (char)(0xC0 | cp >> 6);
        out[n++] = (char)(0x80 | (cp & 0x3F));
      } else if (cp < 0x10000) {
        out[n++] = (char)(0xE0 | cp >> 12);
        out[n++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[n++] = (char)(0x80 | (cp & 0x3F));
      } else {
        out[n++] = (char)(0xF0 | cp >> 18);
        out[n++] = (char)(0x80 | ((cp >> 12) & 0x3F));
        out[n++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[n++] = (char)(0x80 | (cp & 0x3F));
      }
      break;
    }
    default: return -1;
    }
  }
  if (p >= end) return -1;
  *pp = p + 1;
  return n;
}

/* Parses one request line; returns the input's length (in out), or -1. */
static long read_request(const char *line, long len, char *out) {
  const char *p = line, *end = line + len;
  long found = -1;
  char *scratch = malloc(len + 1);
  if (!scratch) return -1;
  p = skip_ws(p, end);
  if (p >= end || *p++ != '{') goto bad;
  p = skip_ws(p, end);
  if (p < end && *p == '}') goto bad;
  for (;;) {
    long klen = read_string(&p, end, scratch);
    if (klen < 0) goto bad;
    int is_input = klen == 5 && memcmp(scratch, "input", 5) == 0;
    p = skip_ws(p, end);
    if (p >= end || *p++ != ':') goto bad;
    p = skip_ws(p, end);
    long vlen = read_string(&p, end, is_input ? out : scratch);
    if (vlen < 0) goto bad;
    if (is_input) found = vlen;
    p = skip_ws(p, end);
    if (p < end && *p == ',') { p = skip_ws(p + 1, end); continue; }
    if (p < end && *p == '}') { p++; break; }
    goto bad;
  }
  if (skip_ws(p, end) != end) goto bad;
  free(scratch);
  return found;
bad:
  free(scratch);
  return -1;
}

/* ---- writer ---- */

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n) {
  size_t len = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : 2;
  unsigned cp;
  if (s[0] < 0xC2 || s[0] > 0xF4 || n < len) return 0;
  cp = s[0] & (0x7F >> len);
  for (size_t i = 1; i < len; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    cp = cp << 6 | (s[i] & 0x3F);
  }
  if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10FFFF ||
      (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return len;
}

/* Writes s as a JSON string; a byte that is not valid UTF-8 (which the
 * library can make by decoding an escape) is written as its escape, %XX,
 * so that the lab sees which byte it was. */
static void put_string(const char *s, size_t n) {
  const unsigned char *u = (const unsigned char *)s;
  putchar('"');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = u[i];
    if (c == '"' || c == '\\') { putchar('\\'); putchar(c); }
    else if (c < 0x20) printf("\\u%04x", c);
    else if (c < 0x80) putchar(c);
    else {
      size_t len = utf8_len(u + i, n - i);
      if (len == 0) { printf("%%%02X", c); continue; }
      fwrite(u + i, 1, len, stdout);
      i += len - 1;
    }
  }
  putchar('"');
}

/* Writes a refusal: the message, and the byte offset of the error, or null
 * for a negative offset. */
static void put_error(const char *msg, long offset) {
  fputs("{\"valid\":false,\"error\":", stdout);
  put_string(msg, strlen(msg));
  if (offset < 0) fputs(",\"offset\":null}\n", stdout);
  else printf(",\"offset\":%ld}\n", offset);
}

/* Reads the requests, one a line of any length, and answers each with
 * `answer` (the input, NUL-terminated, and its length), or a line that is
 * no request with a refusal; flushes after each. Returns the exit status. */
static int serve(void (*answer)(const char *input, long n)) {
  size_t cap = 1 << 16;
  char *line = malloc(cap), *input = NULL;
  if (!line) return 1;
  for (;;) {
    size_t len = 0;
    int c;
    while ((c = getchar()) != EOF && c != '\n') {
      if (len + 1 >= cap) {
        char *bigger = realloc(line, cap * 2);
        if (!bigger) return 1;
        line = bigger;
        cap *= 2;
      }
      line[len++] = (char)c;
    }
    if (c == EOF && len == 0) break;
    line[len] = '\0';
    free(input);
    input = malloc(len + 1);
    if (!input) return 1;
    long n = read_request(line, (long)len, input);
    if (n < 0) put_error("bad request", -1);
    else { input[n] = '\0'; answer(input, n); }
    fflush(stdout);
    if (c == EOF) break;
  }
  free(line);
  free(input);
  return 0;
}

#endif
