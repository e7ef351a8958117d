"""The showdown lab and the equity and discard advisor (routes filled in by their author)."""

from __future__ import annotations

from starlette.routing import BaseRoute

ROUTES: list[BaseRoute] = []
