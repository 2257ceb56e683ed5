/* Adapter for libcurl's URL API (see PROTOCOL.md).
 * Validity: curl_url_set(h, CURLUPART_URL, input, CURLU_NON_SUPPORT_SCHEME)
 * returning CURLUE_OK; components come from curl_url_get, raw (no URLDECODE).
 * Build: cc -O2 -o OUT lab/adapters/curl_url.c $(pkg-config --cflags --libs libcurl) */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonline.h"

static void put_opt(const char *s) {
  if (s) put_string(s, strlen(s));
  else fputs("null", stdout);
}

/* ---- the call ---- */

static char *get_part(CURLU *h, CURLUPart what, unsigned flags) {
  char *s = NULL;
  if (curl_url_get(h, what, &s, flags) != CURLUE_OK) return NULL;
  return s;
}

static void answer(const char *input, long n) {
  /* curl_url_set takes a C string: an embedded NUL would cut the input short,
   * so such an input cannot be passed honestly and is refused here. */
  if ((long)strlen(input) != n) {
    put_error("embedded NUL: not passable to the C API", -1);
    return;
  }
  CURLU *h = curl_url();
  if (!h) { put_error("curl_url() failed", -1); return; }
  CURLUcode rc = curl_url_set(h, CURLUPART_URL, input, CURLU_NON_SUPPORT_SCHEME);
  if (rc != CURLUE_OK) {
    put_error(curl_url_strerror(rc), -1);
    curl_url_cleanup(h);
    return;
  }
  char *scheme = get_part(h, CURLUPART_SCHEME, 0);
  char *user = get_part(h, CURLUPART_USER, 0);
  char *password = get_part(h, CURLUPART_PASSWORD, 0);
  char *host = get_part(h, CURLUPART_HOST, 0);
  char *zone = get_part(h, CURLUPART_ZONEID, 0);
  /* Without CURLU_DEFAULT_PORT, a port is returned only when one was written. */
  char *port = get_part(h, CURLUPART_PORT, 0);
  char *path = get_part(h, CURLUPART_PATH, 0);
  char *query = get_part(h, CURLUPART_QUERY, 0);
  char *fragment = get_part(h, CURLUPART_FRAGMENT, 0);

  fputs("{\"valid\":true,\"components\":{\"scheme\":", stdout);
  put_opt(scheme);
  fputs(",\"userinfo\":", stdout);
  if (!user && !password) fputs("null", stdout);
  else {
    size_t ul = user ? strlen(user) : 0, pl = password ? strlen(password) : 0;
    char *ui = malloc(ul + pl + 2);
    if (ui) {
      memcpy(ui, user ? user : "", ul);
      if (password) { ui[ul] = ':'; memcpy(ui + ul + 1, password, pl); }
      put_string(ui, ul + (password ? pl + 1 : 0));
      free(ui);
    } else fputs("null", stdout);
  }
  fputs(",\"host\":", stdout);
  if (host && zone && host[0] == '[' && host[strlen(host) - 1] == ']') {
    /* curl keeps an IPv6 zone apart from the host: put it back as written
     * by RFC 6874 ("%25" + zone) so the host reads as one IP literal. */
    size_t hl = strlen(host), zl = strlen(zone);
    char *full = malloc(hl + zl + 4);
    if (full) {
      memcpy(full, host, hl - 1);
      memcpy(full + hl - 1, "%25", 3);
      memcpy(full + hl + 2, zone, zl);
      full[hl + 2 + zl] = ']';
      put_string(full, hl + zl + 3);
      free(full);
    } else put_opt(host);
  } else put_opt(host);
  fputs(",\"port\":", stdout);
  put_opt(port);
  fputs(",\"path\":", stdout);
  put_opt(path);
  fputs(",\"query\":", stdout);
  put_opt(query);
  fputs(",\"fragment\":", stdout);
  put_opt(fragment);
  fputs("}}\n", stdout);

  curl_free(scheme); curl_free(user); curl_free(password); curl_free(host);
  curl_free(zone); curl_free(port); curl_free(path); curl_free(query);
  curl_free(fragment);
  curl_url_cleanup(h);
}

int main(void) {
  curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
  fputs("{\"peer\":\"curl-url\",\"version\":", stdout);
  put_opt(info->version);
  fputs(",\"call\":\"curl_url_set(CURLUPART_URL, CURLU_NON_SUPPORT_SCHEME)\","
        "\"claims\":\"RFC 3986 (plus browser habits)\",\"components\":\"raw\","
        "\"normalizes\":[\"scheme-case\",\"percent-encoding\",\"dot-segments\",\"empty-path\"],\"positions\":false}\n", stdout);
  fflush(stdout);

  return serve(answer);
}
