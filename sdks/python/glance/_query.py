"""Options → query pairs as the API reads them: OG ``variables`` become parameters of their own."""

from __future__ import annotations

import json
from typing import Any, List, Mapping, Tuple


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        # A JSON-valued parameter (headers, cookies) given as an object: the query carries JSON.
        return json.dumps(value, separators=(",", ":"))
    return str(value)


def query_pairs(options: Mapping[str, Any]) -> List[Tuple[str, str]]:
    pairs: List[Tuple[str, str]] = []
    for name, value in options.items():
        if value is None:
            continue
        if name == "variables" and isinstance(value, Mapping):
            pairs.extend((k, _text(v)) for k, v in value.items() if v is not None)
        else:
            pairs.append((name, _text(value)))
    return pairs
