"""``chutes-tui serve`` in a real browser (issue 16): headless Chromium opens the page, the
visitor's own game starts and the board is drawn, 's' sends the save as a download that loads,
and Ctrl-C stops the server cleanly with the visitor still connected; a page of another site
cannot open a game (issue 23).

Skipped when no Chromium is installed (``.ci/run`` installs Debian's ``chromium`` first)."""

import asyncio
import base64
import contextlib
import http.server
import os
import re
import signal
import threading

import pytest

from chutes_tui.engine.game import Game
from tests.serve import browser

BINARY = browser.find_browser()
pytestmark = pytest.mark.skipif(
    BINARY is None,
    reason="no Chromium to drive (install Debian's chromium: apt-get install chromium; .ci/run does)",
)
# Colours that each cover at least 200 pixels of a screenshot: the page before the app starts
# (its intro dialog) has 5; the drawn board's cells, jumps, tokens and panels have dozens.
COLOURS_JS = """
(async () => {
  const image = new Image();
  image.src = "data:image/png;base64,%s";
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data;
  const counts = new Map();
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  return [...counts.values()].filter((n) => n >= 200).length;
})()
"""


def numbers_shown(text):
    """The whole numbers in the terminal's text (not the parts of 39.6 or 50.8%)."""
    return {int(n) for n in re.findall(r"(?<![\d.])\d{1,3}(?![\d.%])", text)}


async def colours_in(page, picture):
    reply = await page.send(
        "Runtime.evaluate",
        expression=COLOURS_JS % base64.b64encode(picture).decode(),
        awaitPromise=True,
        returnByValue=True,
    )
    return reply["result"]["value"]


# A page of another site opening a websocket to the server: refused before any game starts.
FOREIGN_PAGE_JS = """
new Promise((done) => {
  const socket = new WebSocket("ws://127.0.0.1:%d/ws");
  socket.onopen = () => done("opened");
  socket.onerror = () => done("refused");
})
"""


class AnotherSite(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = b"<!DOCTYPE html><p>another site</p>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_):
        pass


@contextlib.contextmanager
def another_site(port):
    """A web page on another port: another origin, as any page the teacher visits."""
    site = http.server.ThreadingHTTPServer(("127.0.0.1", port), AnotherSite)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        site.shutdown()
        site.server_close()


async def visit(devtools, port, downloads, server, other_port):
    """One visitor's session, then Ctrl-C to the server; the page's classes at the end."""
    async with browser.Page.open(devtools) as page:
        await page.send("Browser.setDownloadBehavior", behavior="allow", downloadPath=str(downloads))
        with another_site(other_port) as elsewhere:
            await page.send("Page.navigate", url=elsewhere)
            for _ in range(100):
                if (
                    await page.evaluate("document.readyState + ' ' + location.href")
                    == f"complete {elsewhere}"
                ):
                    break
                await asyncio.sleep(0.05)
            reply = await page.send(
                "Runtime.evaluate", expression=FOREIGN_PAGE_JS % port, awaitPromise=True, returnByValue=True
            )
        assert reply["result"]["value"] == "refused"
        await page.send("Page.navigate", url=f"http://127.0.0.1:{port}/")

        # The visitor's game starts by itself, and the whole board reaches the page's terminal.
        def board_sent():
            text = page.screen_text()
            words = ("chutes-tui", "Zoë", "Robo", "standard · 2 players · seed 1")
            return all(word in text for word in words) and set(range(1, 101)) <= numbers_shown(text)

        await page.wait_until(board_sent, "the board in the page's terminal")
        # ... and the page shows it: the intro has gone, and the terminal is drawn in colour.
        await asyncio.sleep(0.5)  # xterm.js draws on the next animation frames
        assert "-first-byte" in await page.evaluate("document.body.className")
        picture = await page.screenshot()
        assert picture.startswith(b"\x89PNG")
        assert await colours_in(page, picture) >= 20

        # 's' saves: the browser downloads the save (nothing is written on the server); it loads.
        await page.click(900, 300)  # focus the terminal, beside the board (no square is chosen)
        await page.type_text("s")
        await page.wait_until(lambda: any(downloads.glob("*.json")), "the save's download", 30)
        saved = next(downloads.glob("*.json"))
        assert saved.name.startswith("Zoe-vs-Robo-")  # a download's name: plain letters
        game = Game.load(saved)
        assert [p.spec.name for p in game.players] == ["Zoë", "Robo"] and game.seed == 1

        # Ctrl-C with the visitor connected: their game ends, the page says so, the server stops.
        server.send_signal(signal.SIGINT)
        await page.wait_until(lambda: server.poll() is not None, "the server to stop", 30)
        for _ in range(50):
            classes = await page.evaluate("document.body.className")
            if "-closed" in classes:
                break
            await asyncio.sleep(0.1)
        return classes


def test_the_app_served_to_headless_chromium(tmp_path):
    port, other_port = browser.free_port(), browser.free_port()
    log = tmp_path / "serve.log"
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    with log.open("w") as output:
        server = browser.serve(port, "standard", "--players", "Zoë,cpu:Robo", "--seed", "1", stdout=output)
    chrome = None
    try:
        browser.wait_for_port(port, server, timeout=20)
        chrome = browser.launch_browser(BINARY, tmp_path / "profile")
        devtools = browser.devtools_port(tmp_path / "profile", chrome)
        classes = asyncio.run(asyncio.wait_for(visit(devtools, port, downloads, server, other_port), 45))
        with pytest.raises(ProcessLookupError):  # no game process outlived the server
            os.killpg(server.pid, 0)
    finally:
        if chrome is not None:
            browser.stop(chrome)
        browser.stop(server)
    printed = log.read_text()
    assert server.returncode == 0, printed
    assert "-closed" in classes  # the page's "Session ended"
    assert printed.splitlines() == [
        f"chutes-tui: serving on http://127.0.0.1:{port} -- Ctrl-C stops",
        f"chutes-tui serve: refused 127.0.0.1: a websocket from the page 'http://127.0.0.1:{other_port}': "
        f"not this server's ('127.0.0.1:{port}')",
        "chutes-tui: stopped serving",
    ]
