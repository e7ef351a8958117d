"""Mixed games in the core (engine.mixed): a rotation changes game after an orbit of the button
or after hands_per_game hands, dealer's choice asks the button, a place stored and read again
goes on where it was, the stakes text is read for each game; and the words of a table
(splitpot.describe): street names for every game, each seat's draw, the dealer's lines."""

from __future__ import annotations

import random

import pytest

from splitpot.bots import random_action
from splitpot.describe import (
    choice_line,
    draw_words,
    game_line,
    next_game_line,
    street_label,
    waiting_line,
)
from splitpot.engine.events import Action
from splitpot.engine.hand import Hand
from splitpot.engine.mixed import Mix, MixPlace, stakes_for
from splitpot.engine.table import move_button
from splitpot.errors import GameSpecError
from splitpot.games import find_game
from splitpot.games.mixes import MIXES
from splitpot.games.registry import GAMES
from splitpot.games.streets import Structure

BADUGI, DRAWMAHA, DOOGIE = find_game("badugi"), find_game("drawmaha"), find_game("doogie")
BODIGIHA = find_game("bodigiha")


def deal_hands(mix: Mix, place: MixPlace, playing: list[int], seats: int, count: int) -> list[str]:
    """The games of ``count`` hands dealt in turn, the button moving over ``playing``; at
    dealer's choice the button picks the games in list order, one after the other."""
    games, button, picks = [], None, 0
    for _ in range(count):
        button = move_button(button, playing, seats)
        if place.needs_choice(mix, button):
            place.choose(mix, mix.games[picks % len(mix.games)].id)
            picks += 1
        games.append(place.dealt(mix, button).id)
    return games


# ---------------------------------------------------------------------- rotation


def test_a_rotation_changes_game_after_each_orbit_of_the_button() -> None:
    mix = Mix.build(["badugi", "drawmaha"], "rotation")
    games = deal_hands(mix, MixPlace(), [0, 1, 2], 3, 7)
    assert games == ["badugi"] * 3 + ["drawmaha"] * 3 + ["badugi"]


def test_an_orbit_follows_the_seats_dealt_in() -> None:
    mix = Mix.build(["badugi", "drawmaha"], "rotation")
    place = MixPlace()
    assert deal_hands(mix, place, [0, 2, 4], 6, 2) == ["badugi", "badugi"]  # buttons 0, 2
    # seat 2 leaves: the button goes 2 -> 4, then back to 0, which had it in Badugi
    assert deal_hands_from(mix, place, 2, [0, 4], 2) == ["badugi", "drawmaha"]


def deal_hands_from(
    mix: Mix, place: MixPlace, button: int, playing: list[int], count: int, *, seats: int = 6
) -> list[str]:
    games = []
    for _ in range(count):
        button = move_button(button, playing, seats)
        games.append(place.dealt(mix, button).id)
    return games


def test_a_rotation_with_hands_per_game() -> None:
    mix = Mix.build(["badugi", "drawmaha", "doogie"], "rotation", hands_per_game=2)
    games = deal_hands(mix, MixPlace(), [0, 1], 2, 7)
    assert games == ["badugi", "badugi", "drawmaha", "drawmaha", "doogie", "doogie", "badugi"]


def test_hands_left_and_the_next_game() -> None:
    mix = Mix.build(["badugi", "drawmaha"], "rotation")
    place = MixPlace()
    place.dealt(mix, 0)
    assert place.hands_left(mix, 0, [0, 1, 2, 3], 4) == 3  # buttons 1, 2, 3 still to come
    assert place.upcoming(mix) == DRAWMAHA
    place.dealt(mix, 1)
    assert place.hands_left(mix, 1, [0, 1, 2, 3], 4) == 2
    counted = Mix.build(["badugi", "drawmaha"], "rotation", hands_per_game=5)
    place = MixPlace()
    place.dealt(counted, 0)
    assert place.hands_left(counted, 0, [0, 1], 2) == 4


def test_rotation_hands_left_counts_the_players_dealt_in_when_the_buttons_player_sits_out() -> None:
    # Six seats, three players (0, 2, 4); hand 1 is dealt on seat 0's button, then seat 0's
    # player sits out. The button moves over seats 2 and 4 only, so the orbit ends after two
    # more hands (buttons 2 and 4), not after the six seats of the table.
    mix = Mix.build(["drawmaha", "bodigiha"], "rotation")
    place = MixPlace()
    place.dealt(mix, 0)
    assert place.hands_left(mix, 0, [2, 4], 6) == 2
    assert next_game_line(DRAWMAHA, place.hands, 2, BODIGIHA, False).endswith(
        "next: Bodigiha after 2 more hands"
    )
    # the hands dealt agree: two more of Drawmaha, then Bodigiha
    assert deal_hands_from(mix, place, 0, [2, 4], 3) == ["drawmaha", "drawmaha", "bodigiha"]
    # one hand in: one to come; all three still dealt in: buttons 2 and 4 as well
    place = MixPlace()
    place.dealt(mix, 0)
    place.dealt(mix, 2)
    assert place.hands_left(mix, 2, [2, 4], 6) == 1
    assert place.hands_left(mix, 2, [0, 2, 4], 6) == 1


def test_a_place_stored_and_read_again_goes_on_where_it_was() -> None:
    mix = Mix.build(["badugi", "drawmaha", "doogie"], "rotation", hands_per_game=3)
    place = MixPlace()
    deal_hands(mix, place, [0, 1], 2, 4)  # Badugi x3, Drawmaha x1
    again = MixPlace.from_json(place.to_json())
    assert again == place
    assert Mix.from_json(mix.to_json()) == mix
    assert deal_hands_from(mix, again, 1, [0, 1], 3, seats=2) == ["drawmaha", "drawmaha", "doogie"]


# ---------------------------------------------------------------------- dealer's choice


def test_dealers_choice_asks_the_button_before_each_deal() -> None:
    mix = Mix.build(["badugi", "drawmaha", "doogie"], "dealers-choice")
    place = MixPlace()
    assert place.needs_choice(mix, 0)
    with pytest.raises(GameSpecError, match="has not chosen"):
        place.dealt(mix, 0)
    assert place.choose(mix, "dramaha") == DRAWMAHA  # an alias is read
    assert not place.needs_choice(mix, 0)
    assert place.dealt(mix, 0) == DRAWMAHA
    assert place.needs_choice(mix, 1)  # the next button chooses again
    with pytest.raises(GameSpecError, match="not one of this table's games"):
        place.choose(mix, "badacey")
    picked = place.choose_at_random(mix, random.Random(3))
    assert picked in mix.games and place.dealt(mix, 1) == picked


def test_dealers_choice_with_hands_per_game_keeps_the_pick() -> None:
    mix = Mix.build(["badugi", "drawmaha"], "dealers-choice", hands_per_game=2)
    games = deal_hands(mix, MixPlace(), [0, 1, 2], 3, 5)
    assert games == ["badugi", "badugi", "drawmaha", "drawmaha", "badugi"]


# ---------------------------------------------------------------------- the mix itself


def test_each_game_keeps_its_structure() -> None:
    mix = Mix.build(["badugi", "drawmaha"], "rotation", structures={"drawmaha": "no-limit"})
    assert mix.structure_of(BADUGI) is Structure.FIXED_LIMIT  # the game's own
    assert mix.structure_of(DRAWMAHA) is Structure.NO_LIMIT


@pytest.mark.parametrize(
    ("games", "mode", "hands", "message"),
    [
        (["badugi"], "rotation", None, "a mix needs two or more games"),
        (["badugi", "drawmaha"], None, None, "several games need a mixed mode"),
        (["badugi", "badugi"], "rotation", None, "badugi is in the list twice"),
        (["badugi", "drawmaha"], "random", None, "mixed 'random'"),
        (["badugi", "drawmaha"], "rotation", 0, "hands_per_game: a whole number of hands"),
        (["badugi", "go-fish"], "rotation", None, "unknown game 'go-fish'"),
    ],
)
def test_a_bad_mix_is_refused_with_the_reason(
    games: list[str], mode: str | None, hands: int | None, message: str
) -> None:
    with pytest.raises(GameSpecError, match=message):
        Mix.build(games, mode, hands)


def test_the_stakes_text_maps_between_blinds_and_antes() -> None:
    # blinds 5/10, bets 10/20 in a blinds game; ante 5, bets 10/20 in Doogie
    blinds, antes = stakes_for("5/10", DRAWMAHA), stakes_for("5/10", DOOGIE)
    assert (blinds.small_blind, blinds.big_blind, blinds.ante) == (5, 10, 0)
    assert (antes.ante, antes.small_bet, antes.big_bet) == (5, 10, 20)
    assert (blinds.small_bet, blinds.big_bet) == (antes.small_bet, antes.big_bet) == (10, 20)
    # an ante added to the blinds is the blind games': Doogie's ante stays the first number
    with_ante = stakes_for("5/10 ante 2", DRAWMAHA)
    assert (with_ante.small_blind, with_ante.big_blind, with_ante.ante) == (5, 10, 2)
    assert stakes_for("5/10 ante 2", DOOGIE) == antes


def test_the_lobby_presets_name_registry_games() -> None:
    by_id = {m.id: m for m in MIXES}
    # docs/rules.md "The mixed-game menu": the seed games widened with Omaha hi-lo (issue 22)
    assert by_id["split-pot-mix"].games == (
        "drawmaha", "bodigiha", "badugi", "doogie", "omaha-8", "big-o", "stud-8", "razzdugi",
    )  # fmt: skip
    assert by_id["stud-mix"].games == ("stud", "razz", "stud-8", "razzdugi")
    horse = by_id["horse"]  # HORSE: every game fixed-limit, hold'em as Limit Hold'em
    assert horse.games == ("limit-holdem", "omaha-8", "razz", "stud", "stud-8")
    built = Mix.build(list(horse.games), horse.mixed, structures=horse.structures)
    assert {built.structure_of(GAMES[g]).value for g in horse.games} == {"fixed-limit"}
    assert {len(GAMES[g].awards) for g in by_id["split-pot-mix"].games} == {1, 2}
    assert by_id["badugi-mix"].games == ("badugi", "badacey", "badeucy")
    assert by_id["triple-draw-mix"].games == (
        "27-triple-draw", "a5-triple-draw", "badugi", "badacey", "badeucy",
    )  # fmt: skip
    assert {len(GAMES[g].draws) for g in by_id["triple-draw-mix"].games} == {3}
    assert by_id["dramaha-family"].games == (
        "drawmaha", "drawmaha-27", "drawmadugi", "triple-draw-dramaha", "sviten-special",
    )  # fmt: skip
    every = by_id["dealers-choice"]
    assert every.mixed == "dealers-choice"
    assert set(every.games) == set(GAMES)  # every game, hold'em and the Omahas too
    for preset in MIXES:
        Mix.build(list(preset.games), preset.mixed, structures=preset.structures)  # each valid


# The WSOP's 8-game (issue 22): 2-7 Triple Draw and HORSE fixed-limit, then No-limit Hold'em
# and Pot-limit Omaha; hold'em twice, as two games (a mix holds each game once).
EIGHT_GAME = {
    "27-triple-draw": "fixed-limit",
    "limit-holdem": "fixed-limit",
    "omaha-8": "fixed-limit",
    "razz": "fixed-limit",
    "stud": "fixed-limit",
    "stud-8": "fixed-limit",
    "holdem": "no-limit",
    "omaha": "pot-limit",
}


def test_the_8_game_preset_lists_its_eight_games_in_order_with_their_structures() -> None:
    preset = next(m for m in MIXES if m.id == "eight-game")
    assert (preset.name, preset.mixed) == ("8-game", "rotation")
    assert preset.games == tuple(EIGHT_GAME)
    built = Mix.build(list(preset.games), preset.mixed, structures=preset.structures)
    assert [game.id for game in built.games] == list(EIGHT_GAME)
    assert {g.id: built.structure_of(g).value for g in built.games} == EIGHT_GAME
    assert built.to_json()["structures"] == EIGHT_GAME
    assert built.max_players() == 6  # 2-7 Triple Draw's six seats
    assert [m.id for m in MIXES].index("eight-game") == [m.id for m in MIXES].index("horse") + 1


def test_a_mix_built_from_the_8_game_preset_deals_a_full_rotation_with_chips_conserved() -> None:
    preset = next(m for m in MIXES if m.id == "eight-game")
    mix = Mix.build(list(preset.games), preset.mixed, structures=preset.structures)
    rng = random.Random("eight-game")
    seats, buy_in = 4, 300
    stacks = [buy_in] * seats
    place, button = MixPlace(), None
    dealt: list[str] = []
    for _ in range(len(mix.games) * seats):  # an orbit of each game, four seats dealt in
        stacks = [chips or buy_in for chips in stacks]  # a busted seat rebuys
        button = move_button(button, list(range(seats)), seats)
        game = place.dealt(mix, button)
        before = sum(stacks)
        hand = Hand(game, stacks=stacks, button=button, stakes=stakes_for("1/2", game),
                    structure=mix.structure_of(game), rng=rng)  # fmt: skip
        assert hand.structure.value == EIGHT_GAME[game.id]
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal is not None
            hand.apply(random_action(legal, rng))
            if not hand.is_over:
                assert sum(hand.stacks) + hand.pot == before
        assert sum(hand.stacks) == before
        stacks = list(hand.stacks)
        dealt.append(game.id)
    assert dealt == [game for game in EIGHT_GAME for _ in range(seats)]
    assert place.upcoming(mix) == GAMES["27-triple-draw"]  # and round again


# ---------------------------------------------------------------------- words


def streets_of(game: str) -> list[str]:
    """The street of every decision of a hand where everyone checks or calls, stands pat,
    keeps and declares both, without repeats."""
    hand = Hand(game, stacks=[500, 500], rng=random.Random(2))
    seen: list[str] = []
    while not hand.is_over:
        label = street_label(hand)
        if not seen or seen[-1] != label:
            seen.append(label)
        legal = hand.legal_actions()
        assert legal is not None
        if legal.phase == "draw":
            hand.apply(Action.stand_pat())
        elif legal.phase == "sviten":
            hand.apply(Action("keep"))
        elif legal.phase == "declare":
            hand.apply(Action.declare("both"))
        else:
            hand.apply(Action.check() if legal.check else Action("call"))
    seen.append(street_label(hand))
    return seen


@pytest.mark.parametrize(
    ("game", "streets"),
    [
        ("bodigiha", ["Preflop", "Flop", "Draw", "Turn", "River", "Showdown"]),
        ("badugi", [
            "Predraw", "Draw 1 of 3", "After draw 1 of 3", "Draw 2 of 3", "After draw 2 of 3",
            "Draw 3 of 3", "After draw 3 of 3", "Showdown",
        ]),
        ("triple-draw-dramaha", [
            "Preflop", "Draw 1 of 3", "Flop", "Draw 2 of 3", "Turn", "Draw 3 of 3", "River",
            "Showdown",
        ]),
        ("doogie", [
            "Before the board", "Card 1 of 4", "Card 2 of 4", "Card 3 of 4", "Card 4 of 4",
            "Declare", "Last round", "Showdown",
        ]),
    ],
)  # fmt: skip
def test_streets_are_named_in_words_for_every_game(game: str, streets: list[str]) -> None:
    assert streets_of(game) == streets


def test_a_hand_won_uncontested_is_over_not_shown_down() -> None:
    hand = Hand("badugi", stacks=[100, 100], rng=random.Random(1))
    hand.apply(Action.fold())
    assert street_label(hand) == "Hand over"


def test_the_table_words() -> None:
    assert draw_words(0) == "pat" and draw_words(3) == "drew 3"
    assert game_line(DOOGIE, Structure.FIXED_LIMIT, stakes_for("1/2", DOOGIE)) == (
        "Now playing Doogie (fixed-limit, ante 1, bets 2/4)"
    )
    assert choice_line("Ann", BADUGI) == "Ann chooses Badugi"
    assert choice_line("Ann", BADUGI, "ran out of time") == (
        "Ann ran out of time: the dealer picks Badugi at random"
    )
    assert next_game_line(BADUGI, 1, 2, DRAWMAHA, False) == (
        "Badugi, hand 1 of 3 - next: Drawmaha after 2 more hands"
    )
    assert (
        next_game_line(BADUGI, 3, 0, DRAWMAHA, False) == "Badugi, hand 3 of 3 - next hand: Drawmaha"
    )
    assert (
        next_game_line(BADUGI, 1, 0, None, True)
        == "Badugi, hand 1 of 1 - next hand: the button's choice"
    )
    assert waiting_line(busted=["Ann", "Bob"]) == "Waiting for Ann or Bob to rebuy or leave"
    assert waiting_line(busted=["Ann"], sitting_out=["Cy"]) == (
        "Waiting for Ann to rebuy or leave; Cy to sit in"
    )
    assert (
        waiting_line(players=1) == "Waiting for a second player: send a friend the table's address"
    )
    assert waiting_line(players=2) is None
    assert waiting_line(choosing="Ann", players=3) == "Waiting for Ann to choose the next game"
