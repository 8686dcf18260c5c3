"""The address of a Dask scheduler given to `--scheduler`, checked before any connection.

Dask takes many strings as addresses and fails late and obscurely on the odd ones (a path, a
port past 65535, a user name); here anything but `tcp://HOST[:PORT]` or `tls://HOST[:PORT]`
is a usage error naming the option.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

from toolkit.errors import UsageError

DEFAULT_PORT = 8786
"""Dask's scheduler port, when the address gives none."""
HOST_NAME = re.compile(
    r"^(?=.{1,253}$)[A-Za-z0-9_]([A-Za-z0-9_-]*[A-Za-z0-9_])?(\.[A-Za-z0-9_]([A-Za-z0-9_-]*[A-Za-z0-9_])?)*\.?$"
)
FORMS = "give tcp://HOST:8786 or local:N (N workers here)"


def scheduler_address(text: str) -> str:
    """`tcp://HOST:PORT` or `tls://HOST:PORT` (the port 8786 when left out)."""
    scheme, separator, _ = text.partition("://")
    if not separator or scheme.lower() not in ("tcp", "tls"):
        raise UsageError(f"--scheduler '{text}': {FORMS}")
    parts = urlsplit(text)
    if parts.path not in ("", "/") or parts.query or parts.fragment or "@" in parts.netloc:
        raise UsageError(f"--scheduler '{text}': only {scheme}://HOST:PORT, nothing after it")
    try:
        port = parts.port
    except ValueError:
        port = 0
    host = parts.hostname or ""
    if port == 0 or not _host(host):
        raise UsageError(f"--scheduler '{text}': not a host and port (ports are 1-65535); {FORMS}")
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme.lower()}://{shown}:{port or DEFAULT_PORT}"


def _host(host: str) -> bool:
    if ":" in host:
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            return False
        return True
    return bool(HOST_NAME.match(host))
