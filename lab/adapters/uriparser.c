/* Adapter for uriparser (see PROTOCOL.md).
 * Validity: uriParseSingleUriExA(&uri, first, afterLast, &errorPos) returning
 * URI_SUCCESS and a scheme; components are raw ranges of the input.
 * Build: cc -O2 -o OUT lab/adapters/uriparser.c $(pkg-config --cflags --libs liburiparser) */
#include <uriparser/Uri.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STR2(x) #x
#define STR(x) STR2(x)

#include "jsonline.h"

/* ---- the call ---- */

static void put_range(UriTextRangeA r) {
  if (!r.first) fputs("null", stdout);
  else put_string(r.first, (size_t)(r.afterLast - r.first));
}

static void answer(const char *input, long n) {
  UriUriA uri;
  const char *errorPos = NULL, *end = input + n;
  /* The explicit end pointer lets uriparser see any NUL byte in the input. */
  int rc = uriParseSingleUriExA(&uri, input, end, &errorPos);
  if (rc != URI_SUCCESS) {
    char msg[64];
    if (rc == URI_ERROR_SYNTAX) strcpy(msg, "syntax error");
    else snprintf(msg, sizeof msg, "uriparser error %d", rc);
    put_error(msg, errorPos ? (long)(errorPos - input) : -1);
    return;
  }
  /* uriparser parses URI references, so "a/b" succeeds as a relative one;
   * the lab's inputs are meant as absolute URIs, so no scheme means invalid. */
  if (!uri.scheme.first) {
    put_error("no scheme", -1);
    uriFreeUriMembersA(&uri);
    return;
  }
  /* The path is not kept as one range (empty segments point outside the
   * input), so take it from the input: it starts after the scheme's ':' and
   * the authority ("//" up to the first '/', '?' or '#'), and ends at the
   * first '?' or '#'. Neither can occur inside a path that parsed. */
  const char *p = uri.scheme.afterLast + 1;
  if (uri.hostText.first) {
    p += 2;
    while (p < end && *p != '/' && *p != '?' && *p != '#') p++;
  }
  const char *q = p;
  while (q < end && *q != '?' && *q != '#') q++;

  fputs("{\"valid\":true,\"components\":{\"scheme\":", stdout);
  put_range(uri.scheme);
  fputs(",\"userinfo\":", stdout);
  put_range(uri.userInfo);
  fputs(",\"host\":", stdout);
  /* hostText leaves out the brackets of an IP literal: put them back. */
  if (uri.hostText.first && (uri.hostData.ip6 || uri.hostData.ipFuture.first)) {
    size_t hl = (size_t)(uri.hostText.afterLast - uri.hostText.first);
    char *h = malloc(hl + 2);
    if (h) {
      h[0] = '[';
      memcpy(h + 1, uri.hostText.first, hl);
      h[hl + 1] = ']';
      put_string(h, hl + 2);
      free(h);
    } else put_range(uri.hostText);
  } else put_range(uri.hostText);
  fputs(",\"port\":", stdout);
  put_range(uri.portText);
  fputs(",\"path\":", stdout);
  put_string(p, (size_t)(q - p));
  fputs(",\"query\":", stdout);
  put_range(uri.query);
  fputs(",\"fragment\":", stdout);
  put_range(uri.fragment);
  fputs("}}\n", stdout);
  uriFreeUriMembersA(&uri);
}

int main(void) {
  fputs("{\"peer\":\"uriparser\",\"version\":\""
        STR(URI_VER_MAJOR) "." STR(URI_VER_MINOR) "." STR(URI_VER_RELEASE)
        URI_VER_SUFFIX_ANSI "\",\"call\":\"uriParseSingleUriExA\","
        "\"claims\":\"RFC 3986\",\"components\":\"raw\","
        "\"normalizes\":[],\"positions\":true}\n", stdout);
  fflush(stdout);

  return serve(answer);
}
