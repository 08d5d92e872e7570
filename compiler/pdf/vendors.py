"""Print vendors as data: what each one's upload wants, read from
``templates/common/vendors/<name>.yaml``.

A vendor gives its bleed and safe zone (mm), the resolution of the files it takes,
their colour (``rgb``, or ``cmyk`` for a flattened PDF/X file with an ink limit),
whether it takes one image per face, the order of the faces in its PDF (fronts first
or each back before its front) and the card sizes it has products for. ``--print-ready
NAME`` builds for the file of that name.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass

from compiler.frontend.paths import schemas_root, templates_root

FOLDER = templates_root() / "common" / "vendors"
SCHEMA = schemas_root() / "common" / "vendor.schema.json"
IMAGE_NAME = "{game}-{deck}-{card}-{side}.png"


@dataclass(frozen=True)
class Vendor:
    """One print vendor's requirements."""

    name: str
    title: str
    bleed_mm: float
    safe_mm: float
    dpi: int
    colour: str                    # rgb | cmyk
    images: bool                   # takes one image file per card face
    back_first: bool               # its PDF holds each card's back before its front
    sizes: tuple[str, ...]         # the named card sizes it prints
    pdfx: str | None = None        # the PDF/X version of a CMYK file
    ink_limit: int | None = None   # most total ink (C+M+Y+K, per cent) it accepts
    image_name: str = IMAGE_NAME   # its face images' file names ({game} {deck} {card} {side})


def names() -> list[str]:
    """The vendors samizdat knows, by file name (no file is parsed)."""
    return sorted(p.stem for p in FOLDER.glob("*.yaml"))


@functools.cache
def vendor(name: str) -> Vendor:
    """The vendor of ``name``, read and checked against its schema."""
    import jsonschema
    import yaml

    data = yaml.safe_load((FOLDER / f"{name}.yaml").read_text(encoding="utf-8"))
    jsonschema.validate(data, json.loads(SCHEMA.read_text(encoding="utf-8")))
    spec = data["vendor"]
    return Vendor(name, spec["title"], float(spec["bleed_mm"]), float(spec["safe_mm"]),
                  int(spec["dpi"]), spec["colour"], bool(spec["images"]),
                  spec["page_order"] == "back-front", tuple(spec["sizes"]),
                  spec.get("pdfx"), spec.get("ink_limit"), spec.get("image_name", IMAGE_NAME))


def largest_bleed() -> float:
    """The widest bleed any vendor asks for (mm): how far a region may reach past the
    trim and still print somewhere."""
    return max(vendor(n).bleed_mm for n in names())
