"""Issue 26, the server's hosts: a request for a host the server does not serve (a name rebound
to this machine's address, DNS rebinding) is refused with 400, over HTTP and websocket alike;
a refused handshake is logged once at INFO with its reason, not as an ASGI error."""

from __future__ import annotations

import json
import socket
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketDenialResponse

from splitpot.web import create_app
from splitpot.web.guard import host_refusal, served_hosts

from .test_tables import config

EVIL = "evil.example:8102"
BODY = b'{"game": "badugi", "player": "X"}'


def json_headers(host: str, origin: str | None = None) -> dict[str, str]:
    headers = {"host": host, "content-type": "application/json"}
    if origin is not None:
        headers["origin"] = origin
    return headers


def test_served_hosts_are_the_loopback_names_the_bound_address_and_the_allowed_names() -> None:
    served = served_hosts("192.168.1.5", ["Poker.LAN"])
    for host in ("localhost", "localhost:8000", "127.0.0.1:8000", "[::1]:8000", "[::1]",
                 "192.168.1.5:8000", "poker.lan", "POKER.lan:443"):  # fmt: skip
        assert host_refusal(host, served) is None, host
    for host in (EVIL, "evil.example", "10.0.0.1", "", "localhost.evil.example", "[::2]:80"):
        assert host_refusal(host, served) is not None, host
    assert host_refusal(None, served) is not None
    why = host_refusal(EVIL, served)
    assert why is not None and "'evil.example:8102'" in why and "--allow-host" in why
    # Listening on every address: any address (a browser sends one only to that address), but a
    # name still needs --allow-host.
    anywhere = served_hosts("0.0.0.0")
    assert host_refusal("10.0.0.1:8000", anywhere) is None
    assert host_refusal("[fe80::1]:8000", anywhere) is None
    assert host_refusal(EVIL, anywhere) is not None


def test_a_foreign_host_with_its_own_origin_is_refused_over_http_and_websocket(
    tmp_path: Path,
) -> None:
    settings = config(tmp_path, allowed_hosts=served_hosts("127.0.0.1", ["poker.lan"]))
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as client:
        refused = client.post(
            "/api/tables", content=BODY, headers=json_headers(EVIL, f"http://{EVIL}")
        )
        assert refused.status_code == 400
        assert "host refused" in refused.json()["error"] and EVIL in refused.json()["error"]
        assert client.get("/api/tables", headers={"host": EVIL}).status_code == 400
        assert client.get("/api/tables").json()["tables"] == []  # nothing was created
        created = client.post("/api/tables", content=BODY, headers=json_headers("127.0.0.1:8000"))
        assert created.status_code == 201
        path = f"/ws/tables/{created.json()['table']['id']}"
        with (
            pytest.raises(WebSocketDenialResponse) as denied,
            client.websocket_connect(path, headers={"host": EVIL, "origin": f"http://{EVIL}"}),
        ):
            pass  # pragma: no cover - the handshake is refused
        assert denied.value.status_code == 400
        assert "host refused" in denied.value.json()["error"]
        for host in ("127.0.0.1:8000", "localhost:8000", "localhost", "[::1]:8000", "poker.lan"):
            origin = f"http://{host}"
            answer = client.post("/api/tables", content=BODY, headers=json_headers(host, origin))
            assert answer.status_code == 201, host
            with client.websocket_connect(path, headers={"host": host, "origin": origin}) as ws:
                assert ws.receive_json()["type"] == "state"


def handshake(port: int, host: str, path: str, origin: str | None = None) -> tuple[int, str]:
    """A websocket opening handshake sent by hand (the Host exactly as given): the status and
    the body of the answer."""
    lines = [
        f"GET {path} HTTP/1.1", f"Host: {host}", "Upgrade: websocket", "Connection: Upgrade",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
    ]  # fmt: skip
    if origin is not None:
        lines.append(f"Origin: {origin}")
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        data = b""
        while b"\r\n\r\n" not in data or (b"101" not in data[:13] and not _complete(data)):
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body.decode(errors="replace")


def _complete(data: bytes) -> bool:
    head, _, body = data.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return len(body) >= int(line.split(b":")[1])
    return False


def http(
    port: int, method: str, host: str, path: str, *, body: bytes = b"", origin: str = ""
) -> int:
    """An HTTP request sent by hand with this ``Host``: the status."""
    extra = f"Origin: {origin}\r\n" if origin else ""
    request = (
        f"{method} {path} HTTP/1.1\r\nHost: {host}\r\n{extra}Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode() + body
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        return int(sock.recv(65536).split()[1])


def test_serve_refuses_a_rebound_host_and_logs_a_refused_handshake_once_at_info(
    server_factory: Callable[..., Any],
) -> None:
    server = server_factory("--seed", "3", "--allow-host", "poker.lan", "--log-level", "info")
    port = int(server.url.rsplit(":", 1)[1])
    assert http(port, "POST", EVIL, "/api/tables", body=BODY, origin=f"http://{EVIL}") == 400
    assert http(port, "GET", EVIL, "/api/tables") == 400
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "localhost", "poker.lan:80"):
        assert http(port, "POST", host, "/api/tables", body=BODY, origin=f"http://{host}") == 201, (
            host
        )
    with urllib.request.urlopen(server.url + "/api/tables") as answer:
        tables = json.loads(answer.read())["tables"]
    path = f"/ws/tables/{tables[0]['id']}"
    status, body = handshake(port, EVIL, path, f"http://{EVIL}")
    assert status == 400 and "host refused" in json.loads(body)["error"]
    status, body = handshake(port, f"127.0.0.1:{port}", path, "http://evil.example")
    assert status == 403 and "cross-site request refused" in json.loads(body)["error"]
    assert handshake(port, "poker.lan", path, "http://poker.lan")[0] == 101
    assert handshake(port, f"[::1]:{port}", path)[0] == 101
    time.sleep(0.5)  # the log is written by the server process
    log = server.log.read_text()
    assert "ASGI callable returned without completing handshake" not in log
    assert "ERROR" not in log and "Traceback" not in log
    refusals = [line for line in log.splitlines() if f"websocket {path} refused" in line]
    assert len(refusals) == 2, log
    assert refusals[0].startswith("INFO") and "(400): host refused" in refusals[0]
    assert "(403): cross-site request refused" in refusals[1]
