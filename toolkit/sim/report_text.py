"""Plain-text tables for the terminal and for pipes; no colours, stable column widths."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from toolkit.diagnostics import plural

LARGE = 1e15
"""Past this a float's decimals are noise (a double holds 15-17 significant digits)."""


def number(value: Any, places: int = 2) -> str:
    """A number as text: a whole number (int) exactly as it is, never through a float; a
    float with `places` decimals, or in 15 significant digits once it is too large for
    its decimals (or its last digits) to mean anything."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if isinstance(value, int):
        return str(value)
    if not math.isfinite(value):
        return str(value)
    if abs(value) >= LARGE:
        return f"{value:.15g}"
    return f"{value:.{places}f}"


def number_or_whole(value: Any) -> str:
    """A bound or a count that is usually whole: `3`, `0.45`, `100000000000000000000`."""
    if isinstance(value, float) and math.isfinite(value) and abs(value) < LARGE:
        return f"{value:g}"
    return number(value)


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """Columns of text are left-aligned, columns of numbers right-aligned."""
    cells = [[str(h) for h in headers], *[[_cell(v) for v in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    numeric = [
        all(isinstance(row[i], int | float) or row[i] is None for row in rows) and i > 0
        for i in range(len(headers))
    ]
    lines = []
    for index, row in enumerate(cells):
        lines.append(
            "  ".join(
                value.rjust(width) if numeric[col] else value.ljust(width)
                for col, (value, width) in enumerate(zip(row, widths, strict=True))
            ).rstrip()
        )
        if index == 0:
            lines.append("  ".join("-" * w for w in widths).rstrip())
    return "\n".join(lines)


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    return number(value)


def sides(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """Who wins together: the teams of a partnership game, or the seats."""
    rows: list[dict[str, Any]] = summary.get("teams") or summary["seats"]
    return rows


def side_name(row: dict[str, Any], *, bots: bool = False) -> str:
    """`team 1 (seats 1+3)`, or `seat 2` (with its bot: `seat 2 (greedy)`)."""
    if "team" in row:
        return f"team {row['team']} (seats {'+'.join(map(str, row['seats']))})"
    return f"seat {row['seat']} ({row['bot']})" if bots else f"seat {row['seat']}"


def format_simulation(summary: dict[str, Any]) -> str:
    args = summary["arguments"]
    out = [
        f"{args['game']}: {plural(args['games'], 'game')}, {args['players']} players, "
        f"bots {','.join(args['bots'])}, seed {args['seed']}",
        "",
    ]
    seats = sides(summary)
    out.append(format_wins(seats))
    sources = list(dict.fromkeys(k for s in seats for k in s["score_by_source"]))
    out += ["", "Mean points by source"]
    out.append(
        table(
            ["source", *[side_name(s) for s in seats]],
            [[src, *[s["score_by_source"].get(src, 0.0) for s in seats]] for src in sources],
        )
    )
    out += ["", "Game length", format_length(summary["game"]["length"])]
    for zone, rows in summary["cards"].items():
        if not any(r["acquire_rate"] for r in rows):
            continue  # a pile cards are played onto, never taken from
        out += ["", f"Cards in '{zone}'"]
        out.append(
            table(
                ["card", "games shown", "taken in", "per game", "mean turn"],
                [
                    [
                        r["card"],
                        r["games_on_display"],
                        f"{r['acquire_rate']:.1%}",
                        r["acquisitions_per_game"],
                        r["mean_turn"],
                    ]
                    for r in rows
                ],
            )
        )
    for slot, rows in summary["setups"].items():
        counter_names = list(
            dict.fromkeys(name for row in rows for name in row["per_player_per_game"])
        )
        out += ["", f"Games by '{slot}'"]
        out.append(
            table(
                ["card", "games", "mean score", "winning score", *counter_names],
                [
                    [
                        r["card"],
                        r["games"],
                        r["score_mean"],
                        r["winning_score_mean"],
                        *[r["per_player_per_game"].get(name, 0.0) for name in counter_names],
                    ]
                    for r in rows
                ],
            )
        )
    level = summary["game"]
    if level["track_gains_per_game"]:
        out += ["", "Track gains per game, by cause"]
        out.append(
            table(
                ["track", "cause", "steps"],
                [
                    [track, cause, steps]
                    for track, causes in level["track_gains_per_game"].items()
                    for cause, steps in causes.items()
                ],
            )
        )
    if level["counters_per_game"]:
        out += ["", "Events per game"]
        out.append(table(["event", "count"], list(level["counters_per_game"].items())))
    if level["resources_left_mean"]:  # a game without resources has no line to show
        out += [
            "",
            "Resources left at the end, mean per player: "
            + ", ".join(
                f"{name} {number(mean)}" for name, mean in level["resources_left_mean"].items()
            ),
        ]
    out += ["", format_balance(summary)]
    out += [
        "",
        f"choices declined per game: {level['declined_per_game']:.2f}",
        f"games where the supply ran short: {level['supply_exhausted_rate']:.1%}",
        f"shared victories: {level['shared_victory_rate']:.1%}",
        "winner decided by: " + ", ".join(f"{k} {v}" for k, v in level["decided_by"].items()),
    ]
    return "\n".join(out)


def format_wins(rows: list[dict[str, Any]]) -> str:
    """Wins (alone, and shared when any were) with rates and intervals, and the spread of
    final scores, one row per seat or team."""
    shared = any(row["wins_shared"] for row in rows)
    teams = bool(rows) and "team" in rows[0]
    return table(
        [
            *(["team", "seats", "bots"] if teams else ["seat", "bot"]),
            "wins",
            *(["shared"] if shared else []),
            "win rate",
            "95% interval",
            "mean",
            "sd",
            "min",
            "max",
        ],
        [
            [
                *(
                    [row["team"], "+".join(map(str, row["seats"])), ",".join(row["bots"])]
                    if teams
                    else [row["seat"], row["bot"]]
                ),
                row["wins_alone"],
                *([row["wins_shared"]] if shared else []),
                f"{row['win_rate']:.1%}",
                f"{row['win_rate_ci95'][0]:.1%}-{row['win_rate_ci95'][1]:.1%}",
                row["score_mean"],
                row["score_sd"],
                row["score_min"],
                row["score_max"],
            ]
            for row in rows
        ],
    )


def format_length(length: dict[str, Any]) -> str:
    """Turns and rounds per game: mean with its 95% interval, spread, middle 90% of games."""
    return table(
        ["", "mean", "95% interval", "sd", "min", "median", "middle 90%", "max"],
        [
            [
                what,
                row["mean"],
                f"{number(row['mean_ci95'][0])}-{number(row['mean_ci95'][1])}",
                row["sd"],
                row["min"],
                row["median"],
                f"{row['middle_90'][0]}-{row['middle_90'][1]}",
                row["max"],
            ]
            for what, row in (("turns", length["turns"]), ("rounds", length["rounds"]))
        ],
    )


def format_balance(summary: dict[str, Any]) -> str:
    metrics = summary["balance"]
    side = "team" if "teams" in summary else "seat"
    low, high = metrics["first_player_win_rate_ci95"]
    starter = "the starting player's team" if side == "team" else "the starting player"
    out = [
        "Balance",
        f"first-seat advantage {metrics['first_seat_advantage']:+.3f}, "
        f"first-player advantage {metrics['first_player_advantage']:+.3f} "
        f"({starter} won "
        f"{metrics['first_player_win_rate']:.1%}, 95% interval {low:.1%}-{high:.1%}), "
        f"{side} win-rate spread {metrics['win_rate_spread']:.3f}, "
        f"winning margin {number(metrics['winning_margin'])}, "
        f"lead changes {metrics['lead_changes']:.2f}, drama {number(metrics['drama'])}",
        "score sources: "
        + ", ".join(f"{k} {v:.0%}" for k, v in metrics["source_shares"].items() if v),
    ]
    if summary.get("never_used"):
        out.append("never played by anyone: " + ", ".join(summary["never_used"]))
    if summary.get("played_only_at_random"):
        out.append(
            "never played by the bots, though random play does (the bot, not the card, is "
            "suspect): " + ", ".join(summary["played_only_at_random"])
        )
    if summary.get("targets"):
        out += ["", "Targets"]
        out.append(format_targets(summary["targets"]))
    return "\n".join(out)


def format_targets(targets: list[dict[str, Any]]) -> str:
    return table(
        ["target", "value", "goal", "result", "detail"],
        [
            [
                t["target"],
                number(t["value"], 3),
                _goal(t["at_least"], t["at_most"]),
                "pass" if t["passed"] else "FAIL",
                t["detail"],
            ]
            for t in targets
        ],
    )


def _goal(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"{number_or_whole(low)}..{number_or_whole(high)}"
    return f">= {number_or_whole(low)}" if low is not None else f"<= {number_or_whole(high)}"


def format_comparison(result: dict[str, Any]) -> str:
    args = result["arguments"]
    out = [
        f"{args['game']}: {args['games']} games on paired seeds, {args['players']} players, "
        f"bots {','.join(args['bots'])}, seed {args['seed']}",
    ]
    for variant in result["variants"]:
        out += ["", f"Variant: {variant['name']} ({variant['file']})", ""]
        out.append(
            table(
                ["statistic", "baseline", "variant", "difference", "95% interval", ""],
                [
                    [
                        name,
                        row["baseline"],
                        row["variant"],
                        f"{row['difference']:+.3f}",
                        f"{row['ci95'][0]:+.3f}..{row['ci95'][1]:+.3f}",
                        "*" if row["significant"] else "",
                    ]
                    for name, row in variant["differences"].items()
                ],
            )
        )
        out.append("* the 95% interval of the difference excludes zero")
        if variant["targets"]:
            out += ["", "Targets"]
            for verdict in variant["targets"]:
                out.append(
                    f"  {verdict['target']}: {number(verdict['baseline'], 3)} -> "
                    f"{number(verdict['variant'], 3)}, {verdict['verdict']}"
                    + (f" ({verdict['detail']})" if verdict["detail"] else "")
                )
    return "\n".join(out)


def format_sweep(result: dict[str, Any]) -> str:
    args = result["arguments"]
    axes = list(args["axes"])
    target_names = list(dict.fromkeys(t for row in result["points"] for t in row["targets"]))
    out = [
        f"{args['game']}: sweep of {', '.join(axes)}, {args['games']} games per point, "
        f"{args['players']} players, bots {','.join(args['bots'])}, seed {args['seed']}",
        "",
        table(
            [*axes, "seat win rates", "mean score", "1st seat", "spread", "margin", "targets"],
            [
                [
                    *[str(row["point"][axis]) for axis in axes],
                    " ".join(f"{rate:.0%}" for rate in row["seat_win_rates"]),
                    row["mean_score"],
                    f"{row['first_seat_advantage']:+.3f}",
                    row["win_rate_spread"],
                    row["winning_margin"],
                    f"{row['targets_passed']}/{len(row['targets'])}",
                ]
                for row in result["points"]
            ],
        ),
    ]
    if target_names:
        out += ["", "Targets passed per point:"]
        for row in result["points"]:
            point = ", ".join(f"{k}={v}" for k, v in row["point"].items())
            failed = [name for name, ok in row["targets"].items() if not ok]
            out.append(
                f"  {point}: " + ("all pass" if not failed else "fails " + "; ".join(failed))
            )
    return "\n".join(out)
