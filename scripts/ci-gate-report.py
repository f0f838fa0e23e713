#!/usr/bin/env python3
"""Reports a `motionbench gate --format json` result in GitHub Actions; the workflow's logic, kept out of YAML.

Given the gate's JSON (and the dashboard exports), it
  1. appends the verdict, the table and the notes to the job summary ($GITHUB_STEP_SUMMARY);
  2. on a pull request, writes ONE comment: it finds its previous comment by a hidden marker and updates it in
     place, and creates one only when there is none;
  3. on a push to the default branch, uploads the dashboard exports to the data branch ($MOTIONBENCH_DASHBOARD_BRANCH,
     default "benchmark-data") as runs/DATE-COMMIT/FILE, one file per export;
and exits 0 for PASS or WARN, 1 for FAIL, 2 when the gate gave no usable report (bad input or setup), 3 for
INCONCLUSIVE. GitHub is reached only through `gh api` (GH_TOKEN in the environment), so a stand-in `gh` on PATH can
record every call (Tests/MotionGateTests/CIGateReportTests.swift). Standard library only.

usage: scripts/ci-gate-report.py --gate reports/gate.json [--gate-exit N] [--gate-log reports/gate.log]
                                 [--dashboard reports/gate-bmf.json ...] [--title TEXT] [--docs-url URL]

A failure to comment or upload (a fork's pull request has a read-only token) is a warning in the log and the summary,
not a failed job: the gate's verdict decides the exit code.
"""
import argparse
import base64
import datetime
import json
import os
import subprocess
import sys
import tempfile

MARKER = "<!-- motionbench-gate-report -->"
VERDICT_EXIT = {"PASS": 0, "WARN": 0, "FAIL": 1, "INCONCLUSIVE": 3}
DOCS_AFTER_FAIL = "docs/ci-gate.md#after-a-fail-finding-the-cause"


class BadReport(Exception):
    """The gate's JSON is missing, empty or not the gate's document."""


def read_gate(path):
    """The gate document ({"verdict", "rows", "notes", "metadata"?}), or BadReport naming the file and the problem."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as error:
        raise BadReport(f"{path}: cannot be read ({error.strerror})")
    if not text.strip():
        raise BadReport(f"{path}: is empty (the gate printed no report)")
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadReport(f"{path}: is not JSON ({error.msg} at line {error.lineno})")
    if not isinstance(document, dict) or document.get("verdict") not in VERDICT_EXIT \
            or not isinstance(document.get("rows"), list):
        raise BadReport(f"{path}: is not `motionbench gate --format json` output "
                        "(expected an object with verdict PASS, WARN, FAIL or INCONCLUSIVE and a rows list)")
    return document


def number(value):
    """A figure with four significant digits, as the gate's own Markdown prints it."""
    return "" if value is None else f"{value:.4g}"


def percent(value):
    return "" if value is None else f"{value * 100:+.3f}%"


def spread(row):
    count = f"n {row['samples']}" if row.get("samples") is not None else ""
    if row.get("low") is None or row.get("high") is None:
        return count
    text = f"{number(row['low'])}–{number(row['high'])}"
    return f"{text} ({count})" if count else text


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def gate_section(document, label, blob_url):
    """One gate's part of the report: verdict, table, notes, and after a FAIL the commands that find the cause."""
    verdict = document["verdict"]
    lines = [f"#### {label}: {verdict}", ""]
    lines += ["| workload | metric | baseline | current | change | spread | verdict | note |",
              "|---|---|---:|---:|---:|---|---|---|"]
    for row in document["rows"]:
        lines.append("| " + " | ".join(cell(part) for part in (
            row.get("workload", "?"), row.get("metric", ""), number(row.get("baseline")), number(row.get("current")),
            percent(row.get("change")), spread(row), row.get("verdict", ""), row.get("note", ""))) + " |")
    if not document["rows"]:
        lines.append("| (no rows) | | | | | | | |")
    lines += [""] + [f"> {note}" for note in document.get("notes", [])]
    lines += function_tables(document["rows"])
    failed = [row["workload"] for row in document["rows"]
              if row.get("verdict") == "FAIL" and not str(row.get("workload", "")).startswith("engine:")]
    if failed:
        lines += ["", f"**Finding the cause** ([ci-gate.md]({blob_url(DOCS_AFTER_FAIL)})): the table above lists the "
                  "functions whose own instruction counts moved most; inclusive counts of the head build by hand:",
                  "```sh",
                  f"valgrind --tool=callgrind --collect-atstart=no --toggle-collect=motionbench_measured_region \\",
                  f"    --callgrind-out-file=head.out .build/release/motionbench _workload {failed[0]}",
                  "callgrind_annotate --auto=no --inclusive=yes head.out | swift demangle --simplified | sed -n 20,40p",
                  "```"]
    metadata = document.get("metadata") or {}
    machine = metadata.get("machine") or {}
    facts = [f"motionbench {metadata['version']}" if metadata.get("version") else None,
             metadata.get("toolchain"),
             f"{machine.get('cpu')}, {machine.get('cores')} cores" if machine else None,
             f"commit {metadata['commit'][:12]}"
             + (" with uncommitted changes" if metadata.get("commitModified") else "") if metadata.get("commit") else None,
             metadata.get("timestamp")]
    facts = [fact for fact in facts if fact]
    if facts:
        lines += ["", "<sub>" + " · ".join(facts) + "</sub>"]
    return lines


def function_tables(rows):
    """For each row that lists moved functions (`functions`, on WARN and FAIL): a table of them, as the gate's own
    Markdown prints it, and the row's `functionsNote`."""
    lines = []
    for row in rows:
        functions, note = row.get("functions") or [], row.get("functionsNote")
        if not functions and not note:
            continue
        lines += ["", f"**functions that moved most in {cell(row.get('workload', '?'))} "
                      f"({row.get('verdict', '')}, self instructions)**", ""]
        if functions:
            lines += ["| function | where | base | this | change | share |", "|---|---|---:|---:|---:|---:|"]
            for entry in functions:
                base = "(in the rest)" if entry.get("base") is None else str(entry["base"])
                head = "(in the rest)" if entry.get("head") is None else str(entry["head"])
                change = entry.get("change", 0)
                share = "" if entry.get("share") is None else f"{entry['share'] * 100:.1f}%"
                lines.append("| " + " | ".join(cell(part) for part in (
                    entry.get("name", "?"), entry.get("location") or "", base, head,
                    f"+{change}" if change > 0 else str(change), share)) + " |")
        if note:
            lines += ["", f"> {note}"]
    return lines


def failure_section(problem, gate_exit, log_tail, label):
    """One gate's part of the report when it gave no usable report."""
    lines = [f"#### {label}: ERROR (exit {gate_exit})", "", f"The gate produced no report: {problem}."]
    if log_tail:
        lines += ["", "```text", log_tail.rstrip(), "```"]
    lines += ["", "Exit 2 is bad input or setup (a missing or corrupt baseline, an unknown workload, valgrind missing); "
              "the message above names what to fix."]
    return lines


class GitHub:
    """`gh api` calls; every call is one subprocess, so a stand-in gh on PATH sees them all."""

    def __init__(self, repository):
        self.repository = repository

    def call(self, method, path, body=None, paginate=False):
        arguments = ["gh", "api", "--method", method, path]
        if paginate:
            arguments.insert(2, "--paginate")
        input_file = None
        try:
            if body is not None:
                input_file = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8")
                json.dump(body, input_file)
                input_file.close()
                arguments += ["--input", input_file.name]
            try:
                result = subprocess.run(arguments, capture_output=True, text=True, timeout=120)
            except FileNotFoundError:
                raise RuntimeError("gh (the GitHub CLI) is not on PATH")
            except subprocess.TimeoutExpired:
                raise RuntimeError(f"gh api {method} {path} did not answer in 120 s")
        finally:
            if input_file is not None:
                os.unlink(input_file.name)
        if result.returncode != 0:
            raise RuntimeError(f"gh api {method} {path} exited {result.returncode}: {result.stderr.strip()[:300]}")
        return result.stdout

    def comments(self, number):
        """Every comment of an issue or pull request (`--paginate` prints one JSON array per page)."""
        text = self.call("GET", f"repos/{self.repository}/issues/{number}/comments?per_page=100", paginate=True)
        decoder, position, comments = json.JSONDecoder(), 0, []
        while position < len(text):
            if text[position].isspace():
                position += 1
                continue
            page, position = decoder.raw_decode(text, position)
            comments += page
        return comments

    def upsert_comment(self, number, body):
        """Updates the comment carrying MARKER, or creates one; returns ("updated"|"created", id)."""
        existing = [comment for comment in self.comments(number) if (comment.get("body") or "").startswith(MARKER)]
        if existing:
            comment_id = existing[0]["id"]
            self.call("PATCH", f"repos/{self.repository}/issues/comments/{comment_id}", {"body": body})
            return "updated", comment_id
        created = json.loads(self.call("POST", f"repos/{self.repository}/issues/{number}/comments", {"body": body}) or "{}")
        return "created", created.get("id")

    def upload(self, branch, path, content, message):
        self.call("PUT", f"repos/{self.repository}/contents/{path}",
                  {"message": message, "branch": branch, "content": base64.b64encode(content).decode("ascii")})


def read_event():
    path = os.environ.get("GITHUB_EVENT_PATH")
    if not path:
        return {}
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, json.JSONDecodeError) as error:
        raise BadReport(f"GITHUB_EVENT_PATH {path}: cannot be read as JSON ({error})")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gate", action="append", required=True,
                        help="a gate's JSON output (motionbench gate --format json); repeatable, one section each")
    parser.add_argument("--gate-exit", action="append", type=int, default=[],
                        help="that gate's exit code (one per --gate, in order; 0 when omitted)")
    parser.add_argument("--gate-log", action="append", default=[],
                        help="that gate's stderr, whose last lines are shown when it gave no report (one per --gate)")
    parser.add_argument("--label", action="append", default=[], help="that gate's heading (one per --gate)")
    parser.add_argument("--dashboard", action="append", default=[], help="a dashboard export to upload (repeatable)")
    parser.add_argument("--title", default="MotionBench performance gate", help="the heading of summary and comment")
    parser.add_argument("--docs-url", help="where MotionBench's docs/ lie, for links (default: this repository's "
                        "files at this commit; an engine's repository passes MotionBench's, e.g. "
                        "https://github.com/OWNER/motionbench/blob/main/)")
    options = parser.parse_args(argv)
    count = len(options.gate)
    for name, values in (("--gate-exit", options.gate_exit), ("--gate-log", options.gate_log), ("--label", options.label)):
        if values and len(values) != count:
            parser.error(f"{name} is given {len(values)} times for {count} --gate; give it once per --gate or not at all")
    exits = options.gate_exit or [0] * count
    logs = options.gate_log or [None] * count
    labels = options.label or [os.path.basename(path) for path in options.gate]

    warnings = []
    for export in options.dashboard:
        if not os.path.isfile(export):
            warnings.append(f"dashboard export {export} does not exist, so it is not uploaded")
    options.dashboard = [export for export in options.dashboard if os.path.isfile(export)]

    server, repository = os.environ.get("GITHUB_SERVER_URL", "https://github.com"), os.environ.get("GITHUB_REPOSITORY")
    sha = os.environ.get("GITHUB_SHA")
    run_url = f"{server}/{repository}/actions/runs/{os.environ['GITHUB_RUN_ID']}" \
        if repository and os.environ.get("GITHUB_RUN_ID") else None

    def blob_url(path):
        """A MotionBench file as a link that works in a comment (absolute), or the relative path locally."""
        if options.docs_url:
            return options.docs_url.rstrip("/") + "/" + path
        return f"{server}/{repository}/blob/{sha or 'HEAD'}/{path}" if repository else path

    code, verdicts, sections = 0, [], []
    for path, gate_exit, log, label in zip(options.gate, exits, logs, labels):
        try:
            document = read_gate(path)
            sections += gate_section(document, label, blob_url) + [""]
            gate_code = VERDICT_EXIT[document["verdict"]]
            verdicts.append(document["verdict"])
            if gate_exit not in (0, gate_code):
                warnings.append(f"{label}: the gate exited {gate_exit} but its report says {document['verdict']}")
                gate_code = max(gate_code, gate_exit)
        except BadReport as error:
            tail = ""
            if log and os.path.isfile(log):
                with open(log, encoding="utf-8", errors="replace") as handle:
                    tail = "\n".join(handle.read().splitlines()[-15:])
            sections += failure_section(str(error), gate_exit, tail, label) + [""]
            print(f"ci-gate-report: {error}", file=sys.stderr)
            gate_code = gate_exit if gate_exit not in (0, 1) else 2
            verdicts.append("ERROR")
        code = max(code, gate_code)
    overall = next((v for v in ("ERROR", "FAIL", "INCONCLUSIVE", "WARN") if v in verdicts), "PASS")
    body = "\n".join([MARKER, f"### {options.title}: {overall}", ""] + sections
                     + ([f"[the run]({run_url})"] if run_url else [])) + "\n"

    try:
        event = read_event()
    except BadReport as error:
        warnings.append(str(error))
        event = {}
    event_name = os.environ.get("GITHUB_EVENT_NAME", "")
    github = GitHub(repository) if repository else None
    actions = []
    if github is None:
        actions.append("GITHUB_REPOSITORY is not set: no comment, no upload (a local run)")
    elif event_name in ("pull_request", "pull_request_target") and (event.get("pull_request") or {}).get("number"):
        try:
            how, comment_id = github.upsert_comment(event["pull_request"]["number"], body)
            actions.append(f"comment {comment_id} {how} on pull request #{event['pull_request']['number']}")
        except (RuntimeError, json.JSONDecodeError, KeyError) as error:
            warnings.append(f"the pull-request comment was not written: {error}")
    if github is not None and options.dashboard:
        default_branch = (event.get("repository") or {}).get("default_branch", "main")
        if event_name == "push" and os.environ.get("GITHUB_REF") == f"refs/heads/{default_branch}":
            branch = os.environ.get("MOTIONBENCH_DASHBOARD_BRANCH", "benchmark-data")
            sha = os.environ.get("GITHUB_SHA", "unknown")
            day = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H%M%SZ")
            for export in options.dashboard:
                with open(export, "rb") as handle:
                    content = handle.read()
                destination = f"runs/{day}-{sha[:12]}/{os.path.basename(export)}"
                try:
                    github.upload(branch, destination, content, f"motionbench dashboard: {sha[:12]} {os.path.basename(export)}")
                    actions.append(f"uploaded {export} to {branch}:{destination}")
                except RuntimeError as error:
                    warnings.append(f"{export} was not uploaded: {error}")
        else:
            actions.append(f"dashboard exports not uploaded: uploads happen on pushes to {default_branch}, "
                           f"this is {event_name or 'no event'}")

    summary = body + "".join(f"\n- {action}" for action in actions) + "".join(f"\n- warning: {w}" for w in warnings) + "\n"
    summary_path = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary_path:
        with open(summary_path, "a", encoding="utf-8") as handle:
            handle.write(summary)
    else:
        sys.stdout.write(summary)
    for action in actions:
        print(f"ci-gate-report: {action}", file=sys.stderr)
    for warning in warnings:
        print(f"::warning::{warning}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
