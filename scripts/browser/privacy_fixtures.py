"""Feeds and pictures written for the privacy checks, served from 127.0.0.1 by a thread.

They reproduce what the worst feeds of the real-world corpus do (a 2011 news feed run
through FeedBurner: its ads from doubleclick, its FeedFlare share buttons, its 1x1 pixel,
WordPress.com's comment badges, tracking tags on every link, photos on another host), and
what can go wrong with pictures: missing, not a picture at all, an SVG with script, far too
large, a picture served under the wrong type. A podcast feed whose every episode picture is
gone stands for a list that must not turn into a column of empty boxes.

The server remembers every request with its User-Agent, so a check can tell Broadsheet's
own fetches from the browser's.
"""
import http.server
import struct
import threading
import time
import zlib
from xml.sax.saxutils import escape


def png(width, height, rgb):
    """A valid PNG of one colour (written here: no picture files in the repository)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\x00" + bytes(rgb) * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


GIF_PIXEL = (b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00"
             b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
SVG_WITH_SCRIPT = (b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
                   b'<script>document.title = "owned"</script><rect width="40" height="40" fill="red"/></svg>')
NOT_A_PICTURE = b"<!DOCTYPE html><html><head><title>Sign in</title></head><body>Sign in to see this photo.</body></html>"
HUGE_BYTES = 11 * 1024 * 1024


class PictureServer:
    """The publisher's site and its picture host, on one loopback port."""

    def __init__(self):
        self.requests = []
        self.lock = threading.Lock()
        self.files = {}
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                with server.lock:
                    server.requests.append((self.path, self.headers.get("User-Agent", "")))
                path = self.path.split("?", 1)[0]
                if path == "/photos/huge.png":
                    self.send_response(200)
                    self.send_header("Content-Type", "image/png")
                    self.send_header("Content-Length", str(HUGE_BYTES))
                    self.end_headers()
                    try:
                        self.wfile.write(png(1, 1, (0, 0, 0))[:16])
                        chunk = b"\x00" * 65536
                        for _ in range(HUGE_BYTES // 65536):
                            self.wfile.write(chunk)
                    except (BrokenPipeError, ConnectionResetError):
                        pass
                    return
                entry = server.files.get(path)
                if entry is None:
                    self.send_response(404)
                    self.send_header("Content-Type", "text/plain")
                    self.end_headers()
                    self.wfile.write(b"not here")
                    return
                content_type, body = entry
                self.send_response(200)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.files.update({
            "/photos/harbour.png": ("image/png", png(320, 200, (40, 96, 140))),
            "/photos/mislabelled": ("text/plain", png(320, 200, (170, 120, 40))),
            "/photos/not-a-picture.jpg": ("image/jpeg", NOT_A_PICTURE),
            "/photos/drawing.svg": ("image/svg+xml", SVG_WITH_SCRIPT),
            "/pixel.gif": ("image/gif", GIF_PIXEL),
            "/icon.png": ("image/png", png(64, 64, (200, 60, 40))),
        })
        self.files["/feeds/crunchy.xml"] = ("application/rss+xml", news_feed(self.base).encode())
        self.files["/feeds/harbour-radio.xml"] = ("application/rss+xml", podcast_feed(self.base).encode())

    def browser_requests(self):
        """Requests a browser made (not Broadsheet's fetcher)."""
        with self.lock:
            return [path for path, agent in self.requests if "Mozilla" in agent or "Chrome" in agent]

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def paragraphs(topic, count):
    return "".join(
        f"<p>{topic} Paragraph {n} goes on about the offering, its price and the people behind it at "
        f"some length, so that the article reads as a whole one and no reader view is needed.</p>"
        for n in range(1, count + 1))


def news_feed(base):
    """A 2011-style technology news feed, as FeedBurner delivered it."""
    date = time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime(time.time() - 3600))
    body = (
        f'<p><img width="100" height="62" src="{base}/photos/harbour.png" class="attachment wp-post-image" '
        f'alt="The harbour at dawn" style="float: left; margin: 0 10px 7px 0;" />The harbour company set the terms '
        f'of its offering today. In a <a href="{base}/filings/42?utm_source=feedburner&amp;utm_medium=feed&amp;id=42">new filing</a>, '
        f'it said it would raise as much as $131 million.</p>'
        + paragraphs("The offering is the year's largest.", 3)
        + f'<figure><img src="{base}/photos/missing.jpg" width="720" height="479" alt="The trading floor on the first day">'
        f'<figcaption>The trading floor on the first day.</figcaption></figure>'
        f'<p><img src="{base}/photos/not-a-picture.jpg" width="720" height="479"></p>'
        f'<p><a href="{base}/photos/drawing"><img src="{base}/photos/drawing.svg"></a></p>'
        f'<p><img src="{base}/photos/huge.png" alt="A chart of the share price"></p>'
        f'<p><img src="{base}/photos/mislabelled" alt="The new ferry terminal"></p>'
        + paragraphs("Analysts expect the shares to open higher.", 2)
        + '<br />  <a rel="nofollow" href="http://feeds.wordpress.com/1.0/gocomments/crunchy.wordpress.com/446154/">'
        '<img alt="" border="0" src="http://feeds.wordpress.com/1.0/comments/crunchy.wordpress.com/446154/" /></a> '
        '<a rel="nofollow" href="http://feeds.wordpress.com/1.0/gofacebook/crunchy.wordpress.com/446154/"></a>'
        '<p><a href="http://feedads.g.doubleclick.net/~at/qv0C7ycnV3JrFMT7HnFWNXc9uEY/0/da">'
        '<img src="http://feedads.g.doubleclick.net/~at/qv0C7ycnV3JrFMT7HnFWNXc9uEY/0/di" border="0" ismap="true"></img></a><br/>'
        '<a href="http://feedads.g.doubleclick.net/~at/qv0C7ycnV3JrFMT7HnFWNXc9uEY/1/da">'
        '<img src="http://feedads.g.doubleclick.net/~at/qv0C7ycnV3JrFMT7HnFWNXc9uEY/1/di" border="0" ismap="true"></img></a></p>'
        '<div class="feedflare"><a href="http://feeds.feedburner.com/~ff/CrunchyTech?a=kTeeGj4FnwU:ARydNZJ6SxI:2mJPEYqXBVI">'
        '<img src="http://feeds.feedburner.com/~ff/CrunchyTech?d=2mJPEYqXBVI" border="0"></img></a> '
        '<a href="https://twitter.com/intent/tweet?text=Harbour+IPO">Tweet this</a> '
        '<a href="https://www.facebook.com/sharer/sharer.php?u=x"><img src="http://s7.addthis.com/static/btn/facebook.png"></a></div>'
        '<img src="http://feeds.feedburner.com/~r/CrunchyTech/~4/kTeeGj4FnwU" height="1" width="1"/>'
        f'<img src="{base}/pixel.gif?article=1" height="1" width="1" alt=""/>'
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" '
        'xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0"><channel>'
        f'<title>Crunchy Tech</title><link>{base}/</link><description>Technology news, written for the privacy checks.</description>'
        f'<language>en</language><image><url>{base}/icon.png</url><title>Crunchy Tech</title><link>{base}/</link></image>'
        '<item><title>Harbour company sets the price of its offering</title>'
        '<link>http://feedproxy.google.com/~r/CrunchyTech/~3/kTeeGj4FnwU/</link>'
        f'<feedburner:origLink>{base}/2011/11/02/harbour-offering/?utm_source=feedburner&amp;utm_medium=feed&amp;utm_campaign=Feed%3A+CrunchyTech</feedburner:origLink>'
        '<guid isPermaLink="false">crunchy-446154</guid><dc:creator xmlns:dc="http://purl.org/dc/elements/1.1/">Leena Writer</dc:creator>'
        f'<pubDate>{date}</pubDate><description>The harbour company set the terms of its offering.</description>'
        f'<content:encoded>{escape(body)}</content:encoded></item>'
        '</channel></rss>\n'
    )


def podcast_feed(base):
    """A podcast whose every episode picture is gone."""
    items = []
    for number in range(12, 0, -1):
        date = time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime(time.time() - number * 86400))
        items.append(
            f'<item><title>Episode {number}: voices from the quay</title><guid isPermaLink="false">radio-{number}</guid>'
            f'<link>{base}/radio/{number}</link><pubDate>{date}</pubDate>'
            f'<description>{escape(paragraphs(f"Episode {number} of the harbour radio.", 4))}</description>'
            f'<itunes:image href="{base}/episodes/{number}.jpg"/>'
            f'<enclosure url="{base}/episodes/{number}.mp3" length="1000" type="audio/mpeg"/></item>')
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>'
        f'<title>Harbour Radio</title><link>{base}/radio/</link><description>A podcast, written for the privacy checks.</description>'
        '<language>en</language>' + "".join(items) + '</channel></rss>\n'
    )
