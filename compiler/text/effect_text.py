"""Card rules text rendered from effect data, so what is printed is what was validated.

Each game's wording lives in ``templates/<game>/phrases.yaml``: one jinja2 template per
action, event, timing, condition, cost key, limit, rule and quantity of the effect
language (and per verb of a game whose cards print verbs). This module only picks the
template for each piece of an effect and renders it in jinja2's sandbox with
``StrictUndefined``; a vocabulary item without a phrase raises :class:`KeyError` naming
it. :func:`wording` hands a game's printing code these renderings as a
:class:`rules_engine.core.printed.Wording`.

The text uses the project's markup: ``**bold**`` lead-ins, ``*italic*`` and inline
icons such as ``:funds:``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import FileSystemBytecodeCache, FunctionLoader, StrictUndefined, Template
from jinja2.exceptions import UndefinedError
from jinja2.sandbox import SandboxedEnvironment

from compiler.frontend.paths import templates_root
from compiler.frontend.safe_read import UnreadableFile, read_file
from compiler.frontend.yaml_loader import load_yaml
from rules_engine.core.effects import Ability, Action, Effect, FrozenMap, Listener, Rule, thaw
from rules_engine.core.printed import Wording

# Parameters an action template may test; absent ones are None (count defaults to 1).
# Parameters named like jinja keywords get a trailing underscore (``from`` -> ``from_``).
_ACTION_PARAMS = ("count", "up_to", "kind", "whose", "majority", "zone", "per_zone",
                  "same_zone", "adjacent", "discount", "interchangeable", "extra_voters",
                  "from", "with", "give", "get", "to", "source", "free",
                  "ignore_eligibility", "areas", "resources")
# Fields an event filter (a listener's or a task's ``where``) may carry.
_EVENT_FIELDS = ("whose", "who", "majority", "zone", "volatile", "kind", "voters",
                 "ideologue", "by")
_JINJA_KEYWORDS = frozenset({"from", "with", "in", "is", "not", "and", "or", "if", "else",
                             "import", "as", "for", "true", "false", "none"})
_NUMBER_WORDS = {1: "one", 2: "two", 3: "three"}
_TIMES_WORDS = {1: "once", 2: "twice", 3: "three times"}


def _plain(value: Any) -> Any:
    """Frozen effect data (FrozenMap, tuples) as plain dicts and lists."""
    if isinstance(value, FrozenMap):
        return value.to_dict()
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return thaw(value)


def _name(key: str) -> str:
    return f"{key}_" if key in _JINJA_KEYWORDS else key


def _is_many(n: Any) -> bool:
    if isinstance(n, bool):
        return n
    if isinstance(n, int):
        return n != 1
    return str(n) != "1"


# ----------------------------------------------------------------------------- filters
def plural(word: str, n: Any = 2) -> str:
    """``word`` with an "s" unless ``n`` is one (``n`` may be a count, a string or a bool
    meaning "many")."""
    return f"{word}s" if _is_many(n) else word


def _as_int(n: Any) -> int | None:
    if isinstance(n, bool):
        return None
    if isinstance(n, int):
        return n
    return int(n) if isinstance(n, str) and n.isdigit() else None


def number_word(n: Any) -> str:
    """1-3 as words ("one", "two", "three"); anything else as written."""
    value = _as_int(n)
    return _NUMBER_WORDS.get(value, str(n)) if value is not None else str(n)


def times_word(n: Any) -> str:
    """How often: "once", "twice", "three times", "4 times"."""
    value = _as_int(n)
    return _TIMES_WORDS.get(value, f"{n} times") if value is not None else f"{n} times"


def capfirst(text: str) -> str:
    return text[:1].upper() + text[1:]


def lcfirst(text: str) -> str:
    return text[:1].lower() + text[1:]


def article(phrase: str) -> str:
    """``phrase`` with "a" or "an" in front."""
    return f"{'an' if phrase[:1].lower() in 'aeiou' and phrase else 'a'} {phrase}"


def agree(verb: str, subject: str) -> str:
    """The present tense of ``verb`` for ``subject`` ("you gain", "a rival gains")."""
    if subject == "you":
        return verb
    return f"{verb}es" if verb.endswith(("s", "sh", "ch", "x", "z")) else f"{verb}s"


# -------------------------------------------------------------------------- phrasebook
class Literal:
    """A phrase without jinja2 syntax: it renders as itself, whatever the context."""

    def __init__(self, text: str) -> None:
        self.text = text

    def render(self, **context: Any) -> str:
        return self.text


# A phrase a language lacks is rendered from the default language's, wrapped in these
# private-use marks naming it (MARK_OPEN section.name MARK_NAMED text MARK_CLOSE), so
# that the build can tell which printed field it reached (compiler.i18n.translate).
MARK_OPEN, MARK_NAMED, MARK_CLOSE = "\ue000", "\ue001", "\ue002"
_LETTER = re.compile(r"[^\W\d_]")
_ICON = re.compile(r":[a-z][a-z0-9_]*:")


def neutral(text: str) -> bool:
    """True for text that reads the same in every language: no letters once inline
    icons (``:name:``) are left out (numbers, signs, icons)."""
    return _LETTER.search(_ICON.sub("", text)) is None


class Phrasebook:
    """One game's phrase templates, compiled on first use in a sandboxed environment.

    A language's phrasebook has its own ``data`` and the default language's as
    ``base``: a phrase it lacks comes from ``base``, marked (see :data:`MARK_OPEN`)."""

    def __init__(self, data: Mapping[str, Any], name: str = "phrases",
                 bytecode_dir: Path | None = None,
                 base: Mapping[str, Any] | None = None) -> None:
        self.data = data
        self.base = base
        self.name = name
        self._borrowed: set[tuple[str, ...]] = set()     # keys rendered from ``base``
        words: dict[str, Any] = dict(base.get("words") or {}) if base is not None else {}
        words.update(data.get("words") or {})
        self.words: Mapping[str, Any] = words
        self._compiled: dict[tuple[str, ...], Template | Literal] = {}
        self._rendered: dict[tuple[tuple[str, ...], str], str] = {}
        env = SandboxedEnvironment(autoescape=False, undefined=StrictUndefined,
                                   trim_blocks=True, keep_trailing_newline=False,
                                   loader=FunctionLoader(self._source),
                                   bytecode_cache=_bytecode_cache(bytecode_dir))
        self._syntax = (env.block_start_string, env.variable_start_string,
                        env.comment_start_string)
        # compiled code depends on these too, so they are part of the bytecode cache key
        self._settings = hashlib.sha1(repr((
            jinja2.__version__, type(env).__name__, env.trim_blocks, env.lstrip_blocks,
            env.keep_trailing_newline, env.newline_sequence, env.autoescape,
            self._syntax)).encode()).hexdigest()[:12]
        env.filters.update({
            "plural": plural, "word": number_word, "times": times_word,
            "capfirst": capfirst, "lcfirst": lcfirst, "a": article, "agree": agree,
            "amount": self.amount, "each": self.each, "many": self.many,
            "resources": self.resources, "ideologue": self.ideologue,
        })
        env.globals.update({"words": self.words, "part": self.part})
        self.env = env

    # -- lookup and rendering
    def phrase(self, section: str, name: str, field: str | None = None) -> str:
        """The template source for ``name`` in ``section``; KeyError names what is missing.
        A language's book takes a phrase it lacks from its base (and remembers it)."""
        entries = self.data.get(section)
        if self.base is not None and (not isinstance(entries, Mapping) or name not in
                                      entries or field is not None and (
                                          not isinstance(entries[name], Mapping)
                                          or field not in entries[name])):
            base = self.base.get(section)
            if isinstance(base, Mapping) and name in base:
                self._borrowed.add((section, name) if field is None
                                   else (section, name, field))
                entries = base
        if not isinstance(entries, Mapping) or name not in entries:
            raise KeyError(f"no phrase for {section}.{name}")
        found = entries[name]
        if field is not None:
            if not isinstance(found, Mapping) or field not in found:
                raise KeyError(f"no phrase for {section}.{name}.{field}")
            found = found[field]
        if not isinstance(found, str):
            raise KeyError(f"the phrase for {section}.{name} is not a template string")
        return found

    def _compile(self, name: str, source: str) -> Template | Literal:
        """A phrase ready to render: a jinja2 template, or a :class:`Literal` for a
        phrase with no jinja2 syntax in it (about half of them, and compiling is the
        slow part of rendering a deck's text). Compiled templates are kept in the
        bytecode cache, when there is one, as Python keeps ``.pyc`` files."""
        if any(mark in source for mark in self._syntax):
            return self.env.get_template(name)
        return Literal(source.removesuffix("\n"))   # as keep_trailing_newline=False

    def _source(self, name: str) -> tuple[str, str, Callable[[], bool]]:
        """The jinja2 loader's view of a phrase: ``section/name[/field]``."""
        return self.phrase(*name.split("/")), f"{self.name}-{self._settings}/{name}", \
            lambda: True

    def has(self, section: str, name: str) -> bool:
        entries = self.data.get(section)
        return isinstance(entries, Mapping) and name in entries

    def render(self, section: str, name: str, field: str | None = None, *,
               strip: bool = True, **context: Any) -> str:
        """Render the phrase for ``name`` in ``section`` (surrounding whitespace removed
        unless ``strip`` is false). A phrase is a pure function of its context (plain
        data), so each (phrase, context) is rendered once: cards repeat them."""
        key = (section, name) if field is None else (section, name, field)
        done_key = (key, repr(sorted(context.items())))
        text = self._rendered.get(done_key)
        if text is None:
            template = self._compiled.get(key)
            if template is None:
                template = self._compiled[key] = self._compile(
                    "/".join(key), self.phrase(section, name, field))
            try:
                text = template.render(**context)
            except UndefinedError as exc:
                raise KeyError(f"{section}.{name}: {exc.message}") from exc
            if key in self._borrowed and not neutral(text):
                text = f"{MARK_OPEN}{'.'.join(key)}{MARK_NAMED}{text}{MARK_CLOSE}"
            self._rendered[done_key] = text
        return text.strip() if strip else text

    def part(self, name: str, **context: Any) -> str:
        """A shared noun phrase from the ``parts`` section (a template global)."""
        return self.render("parts", name, **context)

    def _in_cost_order(self, keys: Mapping[str, Any]) -> list[str]:
        """Cost or resource keys in the printing order ``cost_order`` gives."""
        order = list(self.data.get("cost_order") or (self.base or {}).get("cost_order")
                     or [])
        return sorted(keys, key=lambda k: (order.index(k) if k in order else len(order), k))

    # -- counts and resource maps (template filters)
    def _count_form(self, count: Mapping[str, Any]) -> tuple[str, Any]:
        ((form, value),) = count.items()
        return str(form), value

    def amount(self, count: Any) -> str:
        """The number printed before the noun: "2", "all", or a count form's amount."""
        if count is None:
            return "1"
        if isinstance(count, Mapping):
            form, value = self._count_form(count)
            return self.render("counts", form, "amount", n=value)
        return str(count)

    def each(self, count: Any) -> str:
        """What follows the noun for a count form ("" for a plain number)."""
        if not isinstance(count, Mapping):
            return ""
        form, value = self._count_form(count)
        return self.render("counts", form, "each", strip=False, n=value)

    def many(self, count: Any) -> bool:
        """True when the noun after the count takes the plural."""
        return _is_many(self.amount(count)) if count != "all" else True

    def resources(self, resources: Any) -> str:
        """A resource map as "2 :funds: + 1 :any:", in the game's cost order."""
        plain = _plain(resources)
        return " + ".join(self.render("costs", k, n=self.amount(plain[k])) + self.each(plain[k])
                          for k in self._in_cost_order(plain))

    def ideologue(self, ideologue_id: str) -> str:
        names = self.words.get("ideologues") or {}
        if ideologue_id not in names:
            raise KeyError(f"no phrase for words.ideologues.{ideologue_id}")
        return str(names[ideologue_id])

    # -- effects
    def cost_clause(self, cost: Any) -> str:
        """A cost as a clause: "pay 2 :media: and discard 1 of your own voters"."""
        plain = _plain(cost)
        if not plain:
            return ""
        payable = set(self.data.get("payments") or [])
        keys = self._in_cost_order(plain)
        paid = [self.render("costs", k, n=plain[k]) for k in keys if k in payable]
        deeds = [self.render("costs", k, n=plain[k]) for k in keys if k not in payable]
        return self.render("sentences", "cost", paid=paid, deeds=deeds)

    def action(self, action: Action) -> str:
        params = _plain(action.params)
        context: dict[str, Any] = {_name(p): None for p in _ACTION_PARAMS}
        context["count"] = 1
        context.update({_name(k): v for k, v in params.items()})
        return self.render("actions", action.kind, **context)

    def event(self, event: str, where: Any, section: str = "events") -> str:
        context: dict[str, Any] = dict.fromkeys(_EVENT_FIELDS)
        context.update({_name(k): v for k, v in _plain(where).items()})
        return self.render(section, event, **context)

    def conditions(self, condition: Any) -> list[str]:
        out = []
        for key, value in _plain(condition).items():
            extra = value if isinstance(value, dict) else {}
            out.append(self.render("conditions", key, value=value, **extra))
        return out

    def ability(self, ability: Ability) -> str:
        if isinstance(ability.when, Listener):
            clause = self.event(ability.when.event, ability.when.where)
            lead = self.render("timings", "listener", event=clause)
        else:
            lead = self.render("timings", ability.when)
        limit = _plain(ability.limit)
        limit_text = " ".join(self.render("limits", k, n=v) for k, v in limit.items())
        return self.render("sentences", "ability", lead=lead,
                           conditions=self.conditions(ability.condition),
                           cost=self.cost_clause(ability.cost),
                           actions=[self.action(a) for a in ability.actions],
                           limit=limit_text)

    def rule(self, rule: Rule) -> str:
        where = self.words.get("scopes", {}).get(rule.scope)
        if where is None:
            raise KeyError(f"no phrase for words.scopes.{rule.scope}")
        context: dict[str, Any] = {"where": where, "cost": ""}
        if rule.kind == "forbid":
            context["thing"] = self.render("forbid", rule.target)
        elif rule.kind == "modify":
            ((op, n),) = _plain(rule.value).items()
            context["thing"] = self.render("modify", rule.target, op=op, n=n, where=where)
        else:
            context["thing"] = self.render("require", rule.target)
            context["cost"] = self.cost_clause(rule.value)
        body = self.render("rules", rule.kind, **context)
        return self.render("sentences", "rule", body=body,
                           conditions=self.conditions(rule.condition))

    def effect(self, effect: Effect) -> str:
        return self.ability(effect) if isinstance(effect, Ability) else self.rule(effect)


def _load(game: str) -> Mapping[str, Any]:
    path = templates_root(game) / game / "phrases.yaml"
    try:
        raw = read_file(path)
    except UnreadableFile as exc:
        raise ValueError(f"{path}: {exc.reason}") from exc
    doc, problems = load_yaml(raw, str(path))
    if doc is None or not isinstance(doc.data, Mapping):
        found = f": {problems[0].message}" if problems else ""
        raise ValueError(f"{path} is not a mapping of phrase sections{found}")
    return doc.data


def _bytecode_cache(folder: Path | None) -> FileSystemBytecodeCache | None:
    if folder is None:
        return None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return FileSystemBytecodeCache(str(folder), "phrase-%s.cache")


def _bytecode_dir(game: str) -> Path | None:
    """Where the compiled phrase templates of ``game`` are kept between runs (under
    ``$SAMIZDAT_CACHE``; none when the cache is off). An entry is used only while its
    template's source is unchanged (jinja2 checks a checksum of the source)."""
    from rules_engine.core.run_cache import cache_path

    return cache_path("phrases", game)


BORROW_ALL = "*"
"""The language of no phrases: its wording marks all the text phrases print, which
tells the content's own words apart (compiler.i18n.extract)."""


@cache
def phrasebook(game: str, lang: str = "en") -> Phrasebook:
    """The phrase templates of ``game`` (``templates/<game>/phrases.yaml``), loaded once;
    with ``lang`` another language's (:mod:`compiler.i18n.languages`) over them."""
    if lang == "en":
        return Phrasebook(_load(game), game, _bytecode_dir(game))
    if lang == BORROW_ALL:      # every phrase borrowed, so marked where it is printed
        return Phrasebook({}, f"{game}-all", None, base=_load(game))
    from compiler.i18n.languages import language

    own = language(game, lang)
    return Phrasebook(own.phrases, f"{game}-{lang}", _bytecode_dir(f"{game}-{lang}"),
                      base=_load(game))


# -------------------------------------------------------------------------- public API
def render_effects(game: str, effects: Sequence[Effect], lang: str = "en") -> str:
    """Effects of the full effect language as ``game``'s rules text: one sentence per
    effect, joined by newlines."""
    book = phrasebook(game, lang)
    return "\n".join(book.effect(e) for e in effects)


def render_task(game: str, task_event: str, where: Mapping[str, Any] | FrozenMap,
                times: int, lang: str = "en") -> str:
    """A task in ``game``'s words (for example "Evict 1 Imperial voter. ×6")."""
    book = phrasebook(game, lang)
    return book.render("sentences", "task", task=book.event(task_event, where, "tasks"),
                       times=times)


def render_cost(game: str, cost: Mapping[str, Any] | FrozenMap, lang: str = "en") -> str:
    """A resource map as printed on a card of ``game``: "2 :trust: + 2 :any:"."""
    return phrasebook(game, lang).resources(cost)


def _verbs(game: str) -> Any:
    """The verb table ``game``'s plug-in names."""
    from rules_engine.games import verb_table

    table = verb_table(game)
    if table is None:
        raise KeyError(f"game {game!r} declares no verb table")
    return table


def render_verb_effects(game: str,
                        effects: Sequence[Ability | str | FrozenMap | Mapping[str, Any]],
                        lang: str = "en") -> str:
    """Card effects written with ``game``'s verb table, one line per printed verb: the
    phrase its verb names (section ``effects``), given the verb's first parameter as
    ``n`` (None for a verb without one). Takes printed effects (a bare verb
    ``"single_use"``, or ``{verb: n}``) or the model's Abilities, whose phrases also
    get the ability's ``when`` (the use it applies at)."""
    table = _verbs(game)
    book = phrasebook(game, lang)
    lines: list[str] = []
    for effect in effects:
        if not isinstance(effect, Ability):   # printed: a bare verb, or {verb: its count}
            printed = effect if isinstance(effect, str) else _plain(effect)
            ((kind, count),) = {printed: None}.items() if isinstance(printed, str) \
                else printed.items()
            verb = table.verbs[str(kind)]
            lines.append(book.render("effects", verb.phrase,
                                     n=count if verb.params else None))
            continue
        for action in effect.actions:
            verb = table.verbs[action.kind]
            n = action.get(verb.params[0].name) if verb.params else None
            lines.append(book.render("effects", verb.phrase, n=n, when=effect.when))
    return "\n".join(lines)


class GameWording:
    """The :class:`rules_engine.core.printed.Wording` the compiler hands one game's
    printing code: the functions above, for that game."""

    def __init__(self, game: str, lang: str = "en") -> None:
        self.game = game
        self.lang = lang

    def effects(self, effects: Sequence[Effect]) -> str:
        return render_effects(self.game, effects, self.lang)

    def task(self, event: str, where: Mapping[str, Any] | FrozenMap, times: int) -> str:
        return render_task(self.game, event, where, times, self.lang)

    def cost(self, cost: Mapping[str, Any] | FrozenMap) -> str:
        return render_cost(self.game, cost, self.lang)

    def verb_effects(self, effects: Sequence[Any]) -> str:
        return render_verb_effects(self.game, effects, self.lang)

    def label(self, name: str, **values: Any) -> str:
        return phrasebook(self.game, self.lang).render("labels", name, **values)


def wording(game: str, lang: str = "en") -> Wording:
    """The wording of ``game`` in ``lang`` (its phrasebook is loaded on first use)."""
    return GameWording(game, lang)
