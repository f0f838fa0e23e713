#!/usr/bin/env python3
"""Regenerates docs/results.md's table of the engines on this machine (issue 37).

    python3 scripts/engines-table.py            # prints the table (Markdown) with its date, machine and versions
    python3 scripts/engines-table.py --write    # also replaces the table in docs/results.md between its markers

Engines: MotionCore (the in-repo study's `motionbench` strategy), the example C engine, Qt's QEasingCurve and EFL's
Ecore (Examples/Engines, built by their build.sh) through `accuracy --engine`, and Chromium, Firefox and WebKitGTK
through `capture` and `accuracy --measured`; all searched on the presets and the hard curves in ONE accuracy run. The
cost column is ns per layer-frame on `fade` from ONE `run --engine` of every plug-in beside MotionCore's batch (the
browsers are not timed). Every engine must be there: a missing one (no Qt, no EFL, no browser, a failed build or
capture) stops the script with exit 1 and a line naming it. Nothing is hard-coded: every figure comes from this run.

Options: --motionbench PATH (default: build motionbench and the example engine with `swift build -c release
--scratch-path SCRATCH`, SCRATCH from --scratch-path, default .build), --layers N (fade, default 10000), --keep DIR
(keep the captures and JSON there).
"""
import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "docs", "results.md")
BEGIN, END = "<!-- engines-table:begin -->", "<!-- engines-table:end -->"
PRESETS = {"default", "easeIn", "easeOut", "easeInEaseOut", "linear", "ease", "ease-in", "ease-out", "ease-in-out",
           "cubic-bezier(0, 0, 1, 1)"}
THRESHOLDS = [("alpha-half-step", 0.5 / 255), ("position-0.1px", 1e-4), ("rotation-0.01deg", 0.01 / 360)]
ADAPTERS = [("Qt", "qt-qeasingcurve", "apt-get install -y qt6-base-dev"),
            ("EFL", "efl-ecore-pos-map", "apt-get install -y libefl-all-dev")]
BROWSERS = {"chromium": "Chromium", "firefox": "Firefox", "webkit": "WebKitGTK"}


def die(engine, message):
    print(f"engines-table.py: {engine}: {message}", file=sys.stderr)
    sys.exit(1)


def run(engine, command, **options):
    """Runs `command`; on failure stops naming `engine`, with the command's standard error."""
    result = subprocess.run(command, cwd=ROOT, text=True, capture_output=True, **options)
    if result.returncode != 0:
        sys.stderr.write(result.stderr[-4000:])
        die(engine, f"'{' '.join(command)}' exited {result.returncode}")
    return result.stdout


def number(value):
    return f"{value:.1e}" if value != 0 else "0"


def share(value):
    return "0" if value == 0 else f"{100 * value:.3g}%"


CSS_NAMES = {"default": "ease", "easeIn": "ease-in", "easeOut": "ease-out", "easeInEaseOut": "ease-in-out",
             "cubic-bezier(0, 0, 1, 1)": "linear"}


def css_name(name):
    """A curve as CSS writes it: the study's `default` is ease, its `(1,0,0,1)` is cubic-bezier(1, 0, 0, 1)."""
    if name.startswith("(") and name.endswith(")"):
        return "cubic-bezier(" + ", ".join(name[1:-1].split(",")) + ")"
    return CSS_NAMES.get(name, name)


def worst(per_curve, preset):
    """(largest error, curve) over the curves of one set; per_curve maps a curve's name to its figures."""
    errors = [(figures["maxAbsError"], css_name(name)) for name, figures in per_curve.items()
              if (name in PRESETS) == preset]
    return max(errors) if errors else die("table", f"no {'preset' if preset else 'hard'} curve in {list(per_curve)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--motionbench")
    parser.add_argument("--scratch-path", default=".build")
    parser.add_argument("--layers", type=int, default=10000)
    parser.add_argument("--keep")
    arguments = parser.parse_args()
    work = arguments.keep or tempfile.mkdtemp(prefix="engines-table-")
    os.makedirs(work, exist_ok=True)

    if arguments.motionbench:
        motionbench = os.path.abspath(arguments.motionbench)
    else:
        run("motionbench", ["swift", "build", "-c", "release", "--scratch-path", arguments.scratch_path,
                            "--product", "motionbench", "--product", "MotionBenchExampleEngine"])
        motionbench = os.path.join(ROOT, arguments.scratch_path, "release", "motionbench")
    example = os.path.join(os.path.dirname(motionbench), "libMotionBenchExampleEngine.so")
    for engine, path in [("motionbench", motionbench), ("example-c-float32", example)]:
        if not os.path.isfile(path):
            die(engine, f"{path} is missing (swift build -c release --product motionbench && swift build -c release --product MotionBenchExampleEngine)")
    plugins = [example]
    for folder, name, install in ADAPTERS:
        library = os.path.join(work, f"lib{name}.so")
        run(name, ["bash", os.path.join(ROOT, "Examples", "Engines", folder, "build.sh"), library])
        if not os.path.isfile(library):
            die(name, f"build.sh wrote no {library} (install: {install})")
        plugins.append(library)

    captures = []
    for browser in BROWSERS:
        path = os.path.join(work, f"{browser}.csv")
        print(f"engines-table.py: capturing {browser}", file=sys.stderr)
        run(browser, [motionbench, "capture", browser, "--curves", "presets", "--curves", "hard", "--output", path])
        captures.append(path)

    springs = os.path.join(work, "springs.json")
    with open(springs, "w") as file:
        file.write('["spring(mass: 1, stiffness: 100, damping: 10)"]')
    print("engines-table.py: accuracy (a few minutes)", file=sys.stderr)
    command = [motionbench, "accuracy", "--format", "json", "--curves", "presets", "--curves", "hard",
               "--springs", springs]
    for library in plugins:
        command += ["--engine", library]
    for path in captures:
        command += ["--measured", path]
    accuracy = json.loads(run("accuracy", command))
    with open(os.path.join(work, "accuracy.json"), "w") as file:
        json.dump(accuracy, file)

    print("engines-table.py: run --scenario fade", file=sys.stderr)
    command = [motionbench, "run", "--scenario", "fade", "--layers", str(arguments.layers), "--frames", "240",
               "--threads", "1", "--repeat", "3", "--format", "json"]
    for library in plugins:
        command += ["--engine", library]
    load = os.getloadavg()[0]
    timing = json.loads(run("run", command))
    with open(os.path.join(work, "run.json"), "w") as file:
        json.dump(timing, file)
    rows_by_name = {row["name"]: row for row in timing["results"][0]["engines"]}
    for name in ["motioncore-batch", "example-c-float32"] + [name for _, name, _ in ADAPTERS]:
        row = rows_by_name.get(name)
        if row is None or row.get("failure"):
            die(name, f"no timed row on fade: {row.get('failure') if row else 'missing'}")

    measured = {row["name"]: row for row in accuracy["measured"]["implementations"] if row["kind"] == "measured"}
    if accuracy["measured"].get("unsupported"):
        die("accuracy", f"curves rejected: {accuracy['measured']['unsupported']}")
    table = []
    core = next(s for s in accuracy["bezier"]["strategies"] if s["name"] == "motionbench")
    core_max = core["maxAbsError"]
    batch = rows_by_name["motioncore-batch"]
    table.append(("MotionCore (batch; study strategy `motionbench`)", batch["version"], worst(core["perCurve"], True),
                  worst(core["perCurve"], False), core["monotonicityViolations"],
                  # MotionCore's report gives no shares; below a threshold's limit everywhere, its share is 0.
                  ["0" if core_max <= limit else "–" for _, limit in THRESHOLDS],
                  f"{batch['nsPerLayerFrame']:.2f}", "1.00×"))
    engines = [("example-c-float32", "example C engine (float32)"), ("qt-qeasingcurve", "Qt QEasingCurve"),
               ("efl-ecore-pos-map", "EFL Ecore pos map")]
    for name, label in engines:
        row = measured.get(f"{name} (engine)") or die(name, "not in accuracy's measured implementations")
        specs = {spec["spec"]: spec for spec in row["perSpec"]}
        timed = rows_by_name[name]
        table.append((label, timed["version"], worst(specs, True), worst(specs, False),
                      row["overall"]["monotonicityViolations"],
                      [share(row["overall"]["beyondThresholds"][threshold]) for threshold, _ in THRESHOLDS],
                      f"{timed['nsPerLayerFrame']:.2f}", f"{timed['timesBatch']:.2f}×"))
    browser_rows = [row for row in accuracy["measured"]["implementations"] if row["kind"] == "measured"]
    for browser, label in BROWSERS.items():
        # One measured implementation per captured duration (0.25, 1 and 10 s): the worst over them, the violations
        # summed, the shares over all their grid inputs.
        rows = [row for row in browser_rows if row["name"].split(" ")[0] == browser]
        if not rows:
            die(browser, f"no measured implementation in {[row['name'] for row in browser_rows]}")
        presets = max(worst({spec["spec"]: spec for spec in row["perSpec"]}, True) for row in rows)
        hard = max(worst({spec["spec"]: spec for spec in row["perSpec"]}, False) for row in rows)
        violations = sum(row["overall"]["monotonicityViolations"] or 0 for row in rows)
        weights = [row["overall"].get("grid", {}).get("samples", row["overall"]["samples"]) for row in rows]
        shares = [share(sum(row["overall"]["beyondThresholds"][threshold] * weight for row, weight in zip(rows, weights))
                        / sum(weights)) for threshold, _ in THRESHOLDS]
        durations = ", ".join(f"{row['duration']:g}" for row in rows)
        table.append((f"{label} (captured at {durations} s)", " ".join(rows[0]["name"].split(" ")[1:]), presets, hard,
                      violations, shares, "not timed", "–"))

    machine = timing["metadata"]["machine"]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True, capture_output=True).stdout.strip()
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [BEGIN,
             f"{date}, commit {commit}, motionbench {timing['metadata']['version']} "
             f"({timing['metadata']['toolchain']}, release), {machine['cpu']}, {machine['cores']} cores, "
             f"{machine['system']}; load average {load:.1f} as the timed run started (above {machine['cores']}, other "
             f"work shared the cores: read the × column, not the ns). Regenerate: `python3 scripts/engines-table.py --write`.",
             "",
             "| engine | version | worst on presets (searched) | worst on hard curves (searched) | monotonicity violations | "
             + " | ".join(f"beyond {name}" for name, _ in THRESHOLDS) + " | fade ns/layer-frame | × MotionCore batch |",
             "|---|---|---|---|---|" + "---|" * len(THRESHOLDS) + "---|---|"]
    for label, version, presets, hard, violations, shares, cost, ratio in table:
        lines.append(f"| {label} | {version} | {number(presets[0])} ({presets[1]}) | {number(hard[0])} ({hard[1]}) | "
                     f"{violations if violations is not None else '–'} | " + " | ".join(shares) + f" | {cost} | {ratio} |")
    grid = accuracy["bezier"]["samples"]
    rounds = accuracy["bezier"]["searchRounds"]
    lines += ["",
              f"Errors are of the eased progress, the worst a search found ({grid:,}-input grid then {rounds} search rounds "
              f"for MotionCore and the plug-ins; the browsers' `capture` default grid of 1,001 inputs × 3 durations then "
              f"its own search rounds), each with its curve. Presets: ease (`default`), ease-in, ease-out, ease-in-out and "
              f"linear (a plug-in receives linear as `cubic-bezier(0, 0, 1, 1)`, a browser the keyword); hard: the "
              f"study's other curves. Monotonicity violations: decreases between adjacent inputs tried. Beyond: the share "
              f"of the grid's inputs past each visible threshold (MotionCore's report gives no shares: 0 where its "
              f"largest error is below the threshold). Cost: median ns per layer-frame of `run --scenario fade --layers "
              f"{arguments.layers:,} --frames 240 --threads 1 --repeat 3`, each plug-in timed in its own child process "
              f"beside MotionCore's batch in the same run; the browsers are not timed (capture measures what they "
              f"compute, not how fast). This is a frame's cost per layer (timing, easing and interpolation), not "
              f"comparable with the accuracy report's nsPerEval.",
              END]
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if arguments.write:
        with open(RESULTS) as file:
            document = file.read()
        if BEGIN not in document or END not in document:
            die("docs/results.md", f"has no {BEGIN} … {END} markers to replace")
        start, stop = document.index(BEGIN), document.index(END) + len(END)
        with open(RESULTS, "w") as file:
            file.write(document[:start] + text.rstrip("\n") + document[stop:])
        print(f"engines-table.py: wrote {RESULTS}", file=sys.stderr)


if __name__ == "__main__":
    main()
