"""``GetGameData``: a game type's static data files (engine/gamedata.py) as the API serves them.

Public (no token needed: the components are printed, nobody's secret) and the same for every
caller, so each game type's response is built once. A client that sends the ``sha256`` it holds
(``known_sha256``) and is current gets ``not_modified`` and no files.
"""

from __future__ import annotations

import re
from functools import lru_cache

from carthago.v1 import carthago_pb2 as pb
from engine import gamedata

from .failures import HostError
from .newgame import game_type
from .limits import quote

BAD_SHA256 = "BAD_SHA256"
_SHA256 = re.compile(r"[0-9a-f]{64}")


@lru_cache(maxsize=None)
def _response(game_type: str) -> pb.GetGameDataResponse:
    data = gamedata.game_data(game_type)
    return pb.GetGameDataResponse(
        game_type=game_type, version=data.version, sha256=data.sha256,
        files=[pb.GameDataFile(name=f.name, media_type="application/json", content=f.content, sha256=f.sha256)
               for f in data.files])


def get_game_data(req: pb.GetGameDataRequest) -> pb.GetGameDataResponse:
    if req.known_sha256 and not _SHA256.fullmatch(req.known_sha256):
        raise HostError("INVALID_ARGUMENT", BAD_SHA256,
                        f"known_sha256 {quote(req.known_sha256)} is not 64 lowercase hex digits "
                        "(send a GetGameDataResponse.sha256, or nothing)")
    full = _response(game_type(req.game_type).info.id)
    if req.known_sha256 == full.sha256:
        return pb.GetGameDataResponse(game_type=full.game_type, version=full.version, sha256=full.sha256,
                                      not_modified=True)
    return full
