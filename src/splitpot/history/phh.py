"""Hands as PHH (the Poker Hand History format that PokerKit reads) and as readable text.

PHH (https://github.com/uoftcprg/phh-std) is TOML: a variant code, the forced bets, the
starting stacks and an ``actions`` list in PHH action notation. :func:`export_phh` writes one
hand from its full event log; :func:`import_phh` reads it back to an event log that
:meth:`Hand.replay` accepts, and export, import, export gives the same text.

Players. PHH lists players clockwise from the first seat left of the button (the small blind),
so the button is the last player: PHH player ``p{i+1}`` is splitpot's seat
``(button + 1 + i) % n``. Heads-up that makes ``p1`` the big blind and ``p2`` the button and
small blind (TDA 34): PHH writes the blinds as ``[small, big]`` and reverses them heads-up, as
PokerKit does. ``seats`` (1-based seat numbers, in PHH order) and ``players`` (the seat names)
say where everyone sat, so the button is the seat of the last player.

Variant codes. Fixed-limit Badugi is PHH's ``FB``; no-limit and fixed-limit hold'em are ``NT``
and ``FT`` (an ``FT`` record without ``_game`` imports as Limit Hold'em); pot-limit Omaha is
``PO``; fixed-limit 2-7 Triple Draw is ``F2L3D`` and no-limit 2-7 Single Draw ``N2L1D``.
Games and structures PHH lacks get codes of our own: an underscore (like PHH's user-defined
fields), the structure (``F`` fixed-limit, ``P`` pot-limit, ``N`` no-limit), then the game:

    ==================== ====== ===================== ======
    game                 code   game                  code
    ==================== ====== ===================== ======
    bodigiha             BDG    sviten-special        SVS
    badugi               B      badacey               BAC
    drawmaha             DRM    badeucy               BDC
    drawmaha-27          DRM27  doogie                DOOG
    drawmadugi           DRMB   holdem, limit-holdem  T
    triple-draw-dramaha  DRM3D  omaha, omaha-5, -6    O, O5, O6
    27-triple-draw       2L3D   a5-triple-draw        A5L3D
    27-single-draw       2L1D
    ==================== ====== ===================== ======

so pot-limit Bodigiha is ``_PBDG``, Drawmaha ``_PDRM``, Doogie ``_FDOOG``, pot-limit Badugi
``_PB``. Fixed-limit games have ``small_bet`` and ``big_bet``; pot- and no-limit ``min_bet``
(the big blind); Doogie has ``antes`` and zero blinds.

Actions. ``d dh p1 7c9dTcKh`` deals hole cards, ``d db 9h3h4h`` board cards; ``p1 f`` folds,
``p1 cc`` checks or calls, ``p1 cbr 8`` bets or raises to 8 (the round total), ``p1 sd Kh7c``
discards (``p1 sd`` stands pat), ``p1 sm 2s4c6d9h`` shows at the showdown. As PokerKit deals a
draw, every player's discard comes first and then the replacements (``d dh``) in the same
order; PokerKit's burn card before a draw is left to PokerKit (splitpot burns none). Where
splitpot does not ask a player who owes nothing and whom nobody could answer (every other
player is all-in) there is no action; PokerKit's ``HandHistory`` fills in the check.

Sviten Special deals each replacement at once, since a one-card draw is dealt face up: the
player keeps it (``d dh p1 Qs # face up, kept``) or takes the next card face down
(``d dh p1 7c # face down, Qs face up rejected``). Doogie's declarations are secret until all
are made and have no PHH action: a comment ``# declarations: p1 both, p2 low`` marks them.

User-defined fields (``_``-prefixed, which PHH readers ignore) carry what PHH has no field for:

- ``_game`` (splitpot's game id), ``_structure``, ``_stakes`` (blinds, ante, small and big
  bet), ``_options`` (the table options: odd chips, raise cap, reshuffle policy, ...);
- ``_deck``: the whole deck order as dealt (52 cards) and ``_seed``, the reshuffle seed: the
  hole cards alone do not say the undealt order, which a reshuffle deals from;
- ``_declarations`` (Doogie: each player's way, in PHH order, ``''`` for a folded player);
  ``_sviten`` (each face-up card and whether it was kept or rejected, in order);
- ``_awards``: each award of each pot, its chips, winners and winning hand.

Standard optional fields: ``hand`` (a number), ``time``, ``time_zone``, ``day``, ``month``,
``year`` (when the hand started, UTC), ``seats``, ``seat_count``, ``players``,
``finishing_stacks`` and ``winnings`` (chips collected from the pots).

Several hands (``.phhs``): one TOML table per hand, named by its number, as PokerKit's
``HandHistory.dumps_all`` and ``loads_all`` write and read them::

    [12]
    variant = 'FB'
    ...

    [13]
    variant = 'FB'
    ...

Importing a PHH written elsewhere: without ``_deck`` the deck is rebuilt from the dealt cards,
a reshuffle included (:mod:`splitpot.history.phh_redeal`); without ``_game``, ``_stakes`` and
``_options`` they come from the variant code and the standard fields, with the table options
PHH readers (PokerKit) play by (docs/phh.md "Real tables"). Every dealt and shown card in the PHH is
checked against the hand as the engine deals it, and the final stacks, winnings, awards and
declarations against the engine's result: a PHH that does not agree is refused.
"""

from splitpot.history.phh_export import export_phh, export_phhs, export_text
from splitpot.history.phh_import import RefusedHand, import_phh, read_phh, read_phh_report
from splitpot.history.phh_variants import STANDARD_VARIANTS, PhhHand, variant_code

__all__ = [
    "STANDARD_VARIANTS",
    "PhhHand",
    "RefusedHand",
    "export_phh",
    "export_phhs",
    "export_text",
    "import_phh",
    "read_phh",
    "read_phh_report",
    "variant_code",
]
