"""A headless Chromium driven over the DevTools protocol, and a ``chutes-tui serve`` to point it
at: just enough to open the page, read what the server sends the terminal, type, and take a
screenshot. Both processes run in their own process groups and are always ended (no zombies)."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
# Escape sequences the app writes (cursor moves, colours, modes) and nothing else: what is left
# is the text the terminal shows, in the order it was drawn.
ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]"
)


def find_browser() -> str | None:
    for name in BROWSERS:
        path = shutil.which(name)
        if path is not None:
            return path
    return None


def free_port() -> int:
    """A loopback port nobody listens on now (the kernel's choice)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(command: list[str], **options) -> subprocess.Popen:
    """Start a process in its own group, so that :func:`stop` ends its children too."""
    return subprocess.Popen(command, start_new_session=True, **options)


def stop(process: subprocess.Popen, signal_number: int = signal.SIGTERM, timeout: float = 10.0) -> int:
    """Signal the process group, wait, and kill it if it lingers; its exit status."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal_number)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout)
    with contextlib.suppress(ProcessLookupError):  # anything left in the group (a game process)
        os.killpg(process.pid, signal.SIGKILL)
    return process.returncode


def wait_for_port(port: int, process: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server exited with status {process.returncode} before listening")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return
        time.sleep(0.1)
    raise AssertionError(f"nothing listened on port {port} within {timeout} s")


def serve(port: int, *play_arguments: str, **options) -> subprocess.Popen:
    """``chutes-tui serve`` on a loopback port (output to ``options``' stdout, else a pipe)."""
    command = [sys.executable, "-m", "chutes_tui", "serve", "--port", str(port)]
    options.setdefault("stdout", subprocess.PIPE)
    options.setdefault("stderr", subprocess.STDOUT)
    return start([*command, "--", *play_arguments] if play_arguments else command, text=True, **options)


def launch_browser(binary: str, profile: Path, size: tuple[int, int] = (1280, 800)) -> subprocess.Popen:
    return start(
        [
            binary,
            "--headless",
            "--no-sandbox",  # root in CI; the page is our own, on loopback
            "--disable-gpu",
            "--enable-unsafe-swiftshader",  # xterm.js's WebGL renderer, in software
            "--no-first-run",
            "--no-default-browser-check",
            "--remote-debugging-port=0",
            f"--user-data-dir={profile}",
            f"--window-size={size[0]},{size[1]}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def devtools_port(profile: Path, browser: subprocess.Popen, timeout: float = 15.0) -> int:
    """The port Chromium chose: the first line of DevToolsActivePort in its profile."""
    marker = profile / "DevToolsActivePort"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if browser.poll() is not None:
            raise AssertionError(f"the browser exited with status {browser.returncode}")
        with contextlib.suppress(FileNotFoundError, ValueError, IndexError):
            return int(marker.read_text().splitlines()[0])
        time.sleep(0.1)
    raise AssertionError("the browser did not open its DevTools port")


class Page:
    """One tab over the DevTools protocol: commands, and the terminal's websocket traffic."""

    def __init__(self, connection: aiohttp.ClientWebSocketResponse) -> None:
        self.connection = connection
        self.next_id = 0
        self.replies: dict[int, asyncio.Future] = {}
        self.terminal = bytearray()  # what the server sent the terminal (binary frames)
        self.messages: list[str] = []  # its other messages (text frames: downloads, pongs)
        self.reader = asyncio.create_task(self._read())

    @classmethod
    @contextlib.asynccontextmanager
    async def open(cls, port: int):
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port}/json/list") as response:
                targets = await response.json(content_type=None)
            target = next(t for t in targets if t["type"] == "page")
            async with session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as connection:
                page = cls(connection)
                try:
                    await page.send("Network.enable")
                    await page.send("Page.enable")
                    yield page
                finally:
                    page.reader.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await page.reader

    async def _read(self) -> None:
        async for message in self.connection:
            data = json.loads(message.data)
            if "id" in data:
                future = self.replies.pop(data["id"], None)
                if future is not None and not future.done():
                    future.set_result(data)
            elif data.get("method") == "Network.webSocketFrameReceived":
                frame = data["params"]["response"]
                if frame["opcode"] == 2:
                    self.terminal += base64.b64decode(frame["payloadData"])
                else:
                    self.messages.append(frame["payloadData"])

    async def send(self, method: str, **params) -> dict:
        self.next_id += 1
        future = asyncio.get_running_loop().create_future()
        self.replies[self.next_id] = future
        await self.connection.send_json({"id": self.next_id, "method": method, "params": params})
        reply = await asyncio.wait_for(future, 15)
        if "error" in reply:
            raise AssertionError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    async def evaluate(self, expression: str):
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        return result["result"].get("value")

    def screen_text(self) -> str:
        """The terminal's output so far with the escape sequences taken out."""
        return ESCAPES.sub("", self.terminal.decode("utf-8", "replace"))

    async def wait_until(self, condition, what: str, timeout: float = 60.0) -> None:
        """Wait for ``condition`` (a browser, a server and its app starting on a machine that
        runs other tests meanwhile: 20 s was not always enough at a load of 6 on 2 cores)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while not condition():
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"timed out after {timeout} s waiting for {what}")
            await asyncio.sleep(0.1)

    async def type_text(self, text: str) -> None:
        for character in text:
            await self.send("Input.dispatchKeyEvent", type="keyDown", text=character, key=character)
            await self.send("Input.dispatchKeyEvent", type="keyUp", key=character)

    async def click(self, x: float, y: float) -> None:
        for kind in ("mousePressed", "mouseReleased"):
            await self.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    async def screenshot(self) -> bytes:
        return base64.b64decode((await self.send("Page.captureScreenshot", format="png"))["data"])
