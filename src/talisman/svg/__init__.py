"""Pictures of Talisman positions: ``talisman.svg.board(state)`` is the position as a standalone
SVG (like python-chess's ``chess.svg.board``), and importing this module lets a
:class:`~talisman.state.GameState` draw itself in Jupyter (``_repr_svg_``).

>>> import talisman
>>> s = talisman.new_game(characters=["warrior", "wizard"], seed=7)
>>> talisman.svg.board(s).startswith("<svg")
True
"""
from __future__ import annotations

import sys

from .. import state as _model
from ..state import GameState
from .layout import Box, Layout, main_board, side_board
from .picture import board, board_layout, last_move, piece_spots, side_regions
from .page import replay_page
from .maze import maze
from ..triwizard import TriwizardState

_model.register_picture(GameState, board)


def register_in_ipython():
    """Teach a running IPython to draw Triwizard states (:func:`maze`).

    The Triwizard's state has no registration point of its own: when IPython is running,
    its SVG formatter learns to draw that state (the model stays unaware of pictures); call it
    again in a session that started IPython after importing talisman.

    Returns:
        None; without a running IPython shell it does nothing.

    Example:
        >>> import talisman.svg
        >>> talisman.svg.register_in_ipython()    # no IPython shell here: nothing to do
    """
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None:
        shell.display_formatter.formatters["image/svg+xml"].for_type(TriwizardState, maze)


register_in_ipython()

__all__ = ["board", "maze", "register_in_ipython", "replay_page", "board_layout", "main_board",
           "side_board", "last_move",
           "side_regions", "piece_spots", "Box", "Layout"]
