// The page's service worker: every file the page needs, kept in the browser, so that the
// page loads again with no network (a party's wifi gone). Online, files come from the
// server as usual (a new build at once); offline, from the copy. make web fills in FILES
// and VERSION (build.py); a new build's worker drops the older copies.
const VERSION = "@VERSION@";
const FILES = @FILES@;
const CACHE = "slapstack-" + VERSION;

self.addEventListener("install", (ev) => {
  ev.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (ev) => {
  ev.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("slapstack-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (ev) => {
  if (ev.request.method !== "GET") return;
  ev.respondWith(fetch(ev.request).then((r) => {
    if (r.ok) { const copy = r.clone(); caches.open(CACHE).then((c) => c.put(ev.request, copy)); }
    return r;
  }).catch(() => caches.open(CACHE).then((c) => c.match(ev.request, { ignoreSearch: true }))
    .then((r) => r || Response.error())));
});
