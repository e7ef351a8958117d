"""What machine a benchmark ran on: shared by the benchmark scripts."""

from __future__ import annotations

import os
import platform


def cpu_name() -> str:
    """The CPU's model name, as the kernel reports it."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def load_average() -> float | None:
    """The one-minute load average, where the system has one."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return None
