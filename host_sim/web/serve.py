"""``make web-serve``: serve the page make web built (build/web) on this computer and print
its address; a phone or tablet on the same network opens the address with this computer's
name or IP instead of localhost.

    python -m host_sim.web.serve [--port 8000] [--bind 0.0.0.0] [--dir build/web]
"""
import argparse
import functools
import http.server
import os
import socket
import sys

from host_sim.web.build import OUT

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".pack": "application/octet-stream", ".json": "application/json", ".html": "text/html"}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format, *args):
        pass  # (one line per file is noise to a player)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # (a browser that stopped a download)
            super().handle_error(request, client_address)


def lan_address():
    """This computer's address on its network (the one a tablet beside it would use), or None.
    A UDP socket "connected" to a private address sends nothing; it only picks the route."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            address = s.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def server(folder, port=8000, bind="0.0.0.0"):
    return Server((bind, port), functools.partial(Handler, directory=folder))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim.web.serve", description=__doc__.split("\n\n")[0])
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--bind", default="0.0.0.0", help="the address to listen on (default: every one)")
    ap.add_argument("--dir", default=OUT, help="the built page (default build/web)")
    args = ap.parse_args(argv)
    if not os.path.isfile(os.path.join(args.dir, "index.html")):
        print("no page in %s: run make web first" % args.dir, file=sys.stderr)
        return 2
    try:
        httpd = server(args.dir, args.port, args.bind)
    except OSError as e:
        print("cannot listen on port %d: %s (choose another: make web-serve PORT=8080)" % (args.port, e.strerror),
              file=sys.stderr)
        return 2
    port = httpd.server_address[1]
    print("SlapStack is at http://localhost:%d/ (Ctrl+C stops)" % port, flush=True)
    lan = lan_address() if args.bind in ("0.0.0.0", "") else None
    if lan:
        print("a tablet or phone on this network: http://%s:%d/" % (lan, port), flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
