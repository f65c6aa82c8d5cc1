"""A real Redis for `difftest.py --through-store`, and `burgee serve --store` writing a document into it."""
import os
import shutil
import socket
import subprocess
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    """Debian's redis-server on a free loopback port, without persistence, until stop()."""

    def __init__(self):
        executable = shutil.which("redis-server") or "/usr/bin/redis-server"
        if not os.path.exists(executable):
            raise SystemExit("difftest: --through-store needs redis-server (apt-get install redis-server)")
        self.port = free_port()
        self.process = subprocess.Popen(
            [executable, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.url = f"redis://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.02)
        self.stop()
        raise SystemExit("difftest: redis-server did not start")

    def stop(self):
        self.process.kill()
        self.process.wait()


def serve_into_store(burgee, fmt, text, url, prefix, workdir, written_key):
    """Runs `burgee serve --store` on the document until it has written the store (the key
    `written_key` exists), then stops it."""
    import redis
    definitions = os.path.join(workdir, "served.json")
    with open(definitions, "w") as f:
        f.write(text)
    client = redis.Redis.from_url(url)
    inited = written_key
    client.delete(inited)
    process = subprocess.Popen([burgee, "serve", "--format", fmt, "--definitions", definitions, "--port", "0",
                                "--store", url, "--store-prefix", prefix, "--summary-interval", "0"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while not client.exists(inited):
            if process.poll() is not None:
                raise SystemExit(f"difftest: burgee serve --store exited {process.returncode}: "
                                 f"{process.stderr.read().decode()[:2000]}")
            if time.monotonic() > deadline:
                raise SystemExit("difftest: burgee serve --store wrote nothing in 30 s")
            time.sleep(0.01)
    finally:
        process.terminate()
        process.wait()
        client.close()
