"""What the app tests share."""

import asyncio


async def wait_for(pilot, condition, timeout=20.0):
    """Let the app run until ``condition()`` holds (fail after ``timeout`` seconds)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "timed out waiting for the app"
        await pilot.pause(0.02)
