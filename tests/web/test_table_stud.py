"""Stud at the web table (issue 22; docs/rules.md "The mixed-game menu"): the up cards are
public, in every seat's frame and every watcher's; the down cards reach their owner alone;
the bring-in is a choice of the action bar."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from splitpot.web.app import create_app

from .test_tables import Player, check_no_leaks, config, create, play_hands


@pytest.mark.parametrize("game", ["stud", "razz"])
def test_stud_up_cards_reach_everyone_and_down_cards_only_their_owner(
    tmp_path: Path, game: str
) -> None:
    with TestClient(create_app(config(tmp_path))) as client:
        answer = create(client, game=game, player="Ann", bots=["heuristic", "random", "caller"])
        table_id = answer["table"]["id"]
        with (
            client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a,
            client.websocket_connect(f"/ws/tables/{table_id}") as w,
        ):
            ann, watcher = Player(a, 0), Player(w, None)
            ann.receive()
            watcher.receive()
            play_hands([ann], hands=12, rng=random.Random(game))
            watcher.at_least(ann.messages[-1]["version"])
        assert check_no_leaks(ann, client, table_id) > 20
        assert check_no_leaks(watcher, client, table_id) > 20
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert table.chips_in_play() == table.chips_bought()
    others_up = mine_marked = bring_ins = 0
    for message in ann.messages:
        if message["type"] != "state" or message["hand"] is None:
            continue
        legal = message["hand"]["legal"]
        bring_ins += bool(legal and legal.get("bring_in"))
        for seat in message["seats"]:
            up = seat["up"]
            assert len(up) <= seat["card_count"]
            if seat["seat"] == 0 and seat["cards"]:
                assert set(up) <= set(seat["cards"])  # your own: every card, the up ones too
                mine_marked += bool(up)
            elif seat["seat"] != 0 and seat["in_hand"] and not seat["shown"]:
                assert seat["cards"] is None  # another seat's: its up cards, never its down
                others_up += bool(up)
    assert others_up and mine_marked
    for message in watcher.messages:
        if message["type"] == "state" and message["hand"] is not None:
            for seat in message["seats"]:
                assert seat["cards"] is None or seat["shown"]
    assert bring_ins  # Ann brought in (seeded decks: it falls to her on some deals)
