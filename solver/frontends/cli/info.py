"""``redzone card`` (a card's characteristics and parsed combat abilities) and ``redzone
schema`` (the JSON Schema of a scenario): commands that read no scenario."""

from __future__ import annotations

import json
import re

import click

from redzone.solver.frontends.cli.common import BadInput, cli, console, json_opt


def _stat(value: str | None) -> int | str | None:
    """A printed power, toughness, loyalty or defense for JSON: a number when it is one
    ("2" -> 2, "-1" -> -1), else the printed string ("*", "1+*", "X"); ``None`` when the
    face has none."""
    if value is not None and value.lstrip("+-").isdigit():
        return int(value)
    return value


@cli.command()
@click.argument("name", nargs=-1, required=True)
@json_opt
def card(name: tuple[str, ...], as_json: bool) -> None:
    """Show a card's characteristics and its parsed combat abilities."""
    from redzone.models.cards import lookup
    from redzone.models.errors import RedzoneError
    from redzone.models.parser import parse_text
    from redzone.models.triggers.classify import classify, in_combat
    from redzone.models.triggers.parse import is_read, unread_part
    from redzone.solver.frontends.output import ability_to_dict, describe_ability

    query = " ".join(name)
    try:
        found = lookup(query)
    except RedzoneError as exc:
        raise BadInput(f"NAME: {exc}") from None
    faces = []
    for face in found.faces:
        parsed = parse_text(face.text, names=tuple(dict.fromkeys((face.name, found.name))))
        faces.append((face, parsed))
    front, parsed = faces[0]

    def combat_triggers(face_name: str, ignored: tuple[str, ...]) -> tuple[list[str], list[str]]:
        """The set-aside sentences that are triggered abilities of combat (CR 603.2): those
        the play of combat plays (docs/triggers.md, "What is read") and those it leaves out."""
        from redzone.models.triggers.attack_choices import exert_reflexive, read_in_context
        from redzone.models.triggers.board_effects import modal_read

        names = tuple(dict.fromkeys((face_name, found.name)))
        modal = modal_read(tuple(ignored), names)  # a modal trigger read with its modes
        # enlist, exert's "When you do" ...: played by attack_choices (as not_played says)
        modal = modal | read_in_context(tuple(ignored), names)
        played = [t for i, t in enumerate(ignored) if is_read(t, names) or i in modal]
        exerted = exert_reflexive(tuple(ignored), names)  # h27: "When you do" after exert
        left = [t for i, t in enumerate(ignored) if t not in played
                and (in_combat(t, names) or i in exerted) and classify(t) == "triggered"]
        return played, left

    played, left = combat_triggers(front.name, parsed.ignored)

    def why(face_name: str, sentence: str) -> str:
        """Which part of a triggered ability the trigger reader doesn't read (the keyword,
        the trigger condition or the first effect sentence), for a user who asks why it is
        not played."""
        names = tuple(dict.fromkeys((face_name, found.name)))
        from redzone.models.triggers.attack_choices import reflexive_unread

        effect = reflexive_unread(sentence, names)  # h27: exert's "When you do, <effect>"
        part = unread_part(sentence, names) if effect is None else "effect: " + effect
        if part is None:  # each sentence reads alone but not in this card's context
            return "not read in context"
        kind, _, text = part.partition(": ")
        if text == "(together)":
            return "effect not read as a whole: each part reads alone, not joined as written"
        shape = " (numbers shown as N)" if re.search(r"(?<![A-Za-z])N(?![a-z])", text) else ""
        return f"{kind} not read: {text}{shape}"

    from redzone.models.cards import CardDataGapError

    try:
        mana_value: int | float | None = found.mana_value
    except CardDataGapError:
        mana_value = None  # a split card with a half the data holds by name only
    data = {
        "name": found.name,
        "layout": found.layout,
        "mana_value": mana_value,
        "mana_cost": front.mana_cost,
        "colors": list(front.colors),
        "types": list(front.types),
        "subtypes": list(front.subtypes),
        "supertypes": list(front.supertypes),
        "power": _stat(front.power),
        "toughness": _stat(front.toughness),
        "loyalty": _stat(front.loyalty),
        "defense": _stat(front.defense),
        "text": front.text,
        "abilities": [ability_to_dict(a) for a in parsed.abilities],
        "unparsed": list(parsed.unparsed),
        "ignored": list(parsed.ignored),
        "triggers_played": played,
        "triggers_not_played": left,
        "triggers_not_played_why": [why(front.name, t) for t in left],
        "faces": [
            {"name": f.name, "mana_cost": f.mana_cost, "mana_value": f.mana_value, "type_line": f.type_line,
             "power": _stat(f.power), "toughness": _stat(f.toughness), "loyalty": _stat(f.loyalty),
             "defense": _stat(f.defense),
             "known": f.known, "abilities": [ability_to_dict(a) for a in p.abilities],
             "unparsed": list(p.unparsed)}
            for f, p in faces
        ],
    }
    if as_json:
        click.echo(json.dumps(data))
        return
    con = console()
    shown = mana_value if mana_value is not None else "unknown (a half is not in the card data)"
    con.print(f"[bold]{found.name}[/bold]  mana value {shown}")
    for face, p in faces:
        pt = f"  {face.power}/{face.toughness}" if face.power is not None else ""
        loy = f"  loyalty {face.loyalty}" if face.loyalty is not None else ""
        dfn = f"  defense {face.defense}" if face.defense is not None else ""
        cost = f" {face.mana_cost}" if face.mana_cost else ""
        con.print(f"[bold]{face.name}[/bold]{cost} — {face.type_line}{pt}{loy}{dfn}")
        if not face.known:
            con.print("  [dim](this face's details are not in the bundled card data)[/dim]")
        elif not face.text and any(t in face.type_line for t in ("Instant", "Sorcery")):
            # An instant or sorcery always has rules text: an empty one is missing data.
            con.print("  [dim](this face's rules text is not in the bundled card data)[/dim]")
        for line in face.text.splitlines():
            con.print(f"  [dim]{line}[/dim]")
        for a in p.abilities:
            con.print(f"  [green]✓[/green] {describe_ability(a)}")
        for s in p.unparsed:
            con.print(f"  [yellow]?[/yellow] not understood: {s}")
        face_played, face_left = combat_triggers(face.name, p.ignored)
        for s in face_played:
            con.print(f"  [green]✓[/green] triggered ability of combat, played: {s}")
        for s in face_left:
            con.print(f"  [yellow]![/yellow] triggered ability of combat, not played: {s}")
            con.print(f"    [dim]({why(face.name, s)})[/dim]")


@cli.command()
@json_opt
def schema(as_json: bool) -> None:
    """Print the JSON Schema of a scenario (indented; with --json, one line)."""
    from redzone.models.scenario import scenario_json_schema

    click.echo(json.dumps(scenario_json_schema(), indent=None if as_json else 2))
