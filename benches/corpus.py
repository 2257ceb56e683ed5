#!/usr/bin/env python3
"""Writes N generated URLs, one per line, to standard output: a realistic mix of
the RFC 1738 schemes (about 37 bytes each), with about one in twenty invalid.
Deterministic: the same N gives the same lines."""
import random
import sys

count = int(sys.argv[1])
rng = random.Random(1738)
words = ["pub", "doc", "rfc", "gopher", "www", "index", "misc", "archive", "src", "README", "motd", "etc",
         "files", "images", "data", "notes", "v2", "old", "new", "users", "info", "lists"]
hosts = ["ftp.example.com", "www.ietf.org", "gopher.umn.edu", "news.example.net", "host.dom",
         "archive.example.org", "192.0.2.17", "mirror.cs.example.edu"]

def path(n):
    return "/".join(rng.choice(words) for _ in range(n))

def url():
    host = rng.choice(hosts)
    kind = rng.randrange(20)
    if kind < 6:
        return f"http://{host}/{path(rng.randrange(1, 5))}.html"
    if kind < 10:
        return f"ftp://{host}/{path(rng.randrange(1, 5))}.txt"
    if kind < 12:
        return f"gopher://{host}:70/1{path(2)}%09search"
    if kind < 13:
        return f"news:comp.{rng.choice(words)}.{rng.choice(words)}"
    if kind < 14:
        return f"mailto:{rng.choice(words)}@{host}"
    if kind < 15:
        return f"file://{host}/{path(3)}"
    if kind < 16:
        return f"wais://{host}:210/{rng.choice(words)}?{rng.choice(words)}"
    if kind < 17:
        return f"telnet://{rng.choice(words)}@{host}/"
    if kind < 18:
        return f"prospero://{host}/{path(2)};version=1"
    if kind < 19:
        return f"x-archive://{host}/{path(2)}"
    # About one in twenty: a near miss.
    return rng.choice([f"http://{host}/~{rng.choice(words)}", f"ftp://{host}:/x", f"http://u@{host}/",
                       f"http://{host}/a b", f"news:{rng.choice(words)}/x"])

out = sys.stdout
for _ in range(count):
    out.write(url())
    out.write("\n")
