"""Pictures of Talisman positions: ``talisman.svg.board(state)`` is the position as a standalone
SVG (like python-chess's ``chess.svg.board``), and importing this module lets a
:class:`~talisman.state.GameState` draw itself in Jupyter (``_repr_svg_``).

>>> import talisman
>>> s = talisman.new_game(characters=["warrior", "wizard"], seed=7)
>>> talisman.svg.board(s).startswith("<svg")
True
"""
from __future__ import annotations

from .. import state as _model
from ..state import GameState
from .layout import Box, Layout, main_board, side_board
from .picture import board, board_layout, last_move, piece_spots, side_regions
from .page import replay_page

_model.register_picture(GameState, board)

__all__ = ["board", "replay_page", "board_layout", "main_board", "side_board", "last_move",
           "side_regions", "piece_spots", "Box", "Layout"]
