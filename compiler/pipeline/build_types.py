"""What a build is asked to do and what it found: the types the command line and
the build share, in a module light enough to import before deciding whether the
build has anything to do (:mod:`compiler.pipeline.quick_rebuild`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules_engine.core.diagnostics import Diagnostic

if TYPE_CHECKING:
    from compiler.frontend.validate import ValidationResult
    from compiler.pdf.pdfx import Profile


@dataclass(frozen=True)
class BuildOptions:
    """What to build and how."""

    out_dir: Path
    paper: str = "a4"
    mode: str = "duplex"                       # duplex | gutterfold
    back_offset: tuple[float, float] = (0.0, 0.0)
    print_ready: str | None = None             # a vendor: templates/common/vendors/<name>.yaml
    png: bool = False
    proof: bool = False
    force: bool = False
    jobs: int = 1
    templates: Path | None = None              # a folder of layouts that override the shipped
    extras: bool = True                        # mats, rules reference and player aid too
    cut_marks: str | None = None               # silhouette | cricut: cutting-machine files
    icc_profile: Path | None = None            # --icc-profile: the CMYK vendors' profile
    preflight: bool = False                    # --preflight: report what would print badly
    min_text: float = 6.0                      # --min-text: preflight's smallest text (pt)
    cmyk_profile: Profile | None = None        # that profile (or the system's), once read
    instructions: bool = True                  # home sheets open with the print instructions
    stamp_date: str | None = None              # the date they print (SOURCE_DATE_EPOCH)
    langs: tuple[str, ...] = ()                # --lang: each into <game>/<code>/
    allow_fallback: bool = False               # a missing translation prints in English

    @property
    def drawing_key(self) -> tuple[Any, ...]:
        """The options that change what is drawn, for cache keys (not where it is written,
        nor how many processes draw it)."""
        return (self.paper, self.mode, self.back_offset, self.print_ready, self.png,
                self.proof, self.profile_digest, self.preflight, self.min_text,
                self.cut_marks, self.instructions, self.stamp_date, self.langs,
                self.allow_fallback)

    @property
    def profile_digest(self) -> str | None:
        """Names the CMYK profile in cache keys (None for RGB builds)."""
        return self.cmyk_profile.digest if self.cmyk_profile is not None else None


@dataclass
class BuildResult:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    validation: ValidationResult | None = None
    files: dict[str, list[dict[str, Any]]] = field(default_factory=dict)   # game -> entries
    cards: int = 0
    reused: int = 0
    written: bool = False
    dirty: set[tuple[str, str]] = field(default_factory=set)   # (game, deck) with findings
    # game -> the campaigns a campaign-sized rebuild drew again (compiler.pipeline.incremental)
    campaigns_drawn: dict[str, list[str]] = field(default_factory=dict)

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity.value == "error")
