#!/usr/bin/env python3
"""A generated sweep of hostile inputs across every motionbench command.

Runs N cases (default 10,000) against a release binary and counts, per command, how each ended. The contract: exit
0 with no NaN or infinity printed as a result, or exit 2 with a message starting "motionbench: " (1 and 3 are the
gate's and --verify's verdicts). A signal, a timeout, NaN/inf in a result, an unnamed error, or an --output target
whose kind changed (a device or FIFO replaced, a symlink turned into a file) is a failure and is printed.

    python3 scripts/hostile-sweep.py [--binary .build/release/motionbench] [--cases 10000] [--seed 1]
"""
import argparse, collections, json, os, random, re, shutil, stat, subprocess, sys, tempfile

NUMBERS = ["0", "-0", "1", "-1", "0.5", "2", "-2", "1e308", "-1e308", "1e-308", "5e-324", "1e155", "1e-160", "1e400",
           "nan", "inf", "-inf", "1e", "0x10", "", "99999999999999999999", "1e-320", "1.7976931348623157e308", "100",
           "1500", "0.001", "3", ".", "1e150", "1e-150", "1e300", "1e70", "-1e-300", "0.25", "10", "120"]
PLAUSIBLE = ["0", "0.1", "0.25", "0.5", "1", "2", "10", "100", "1e6", "1e-6", "1e100", "1e150", "-0.5"]
SPECS = ["ease", "linear", "cubic-bezier({a}, {b}, {c}, {d})", "steps({a}, jump-start)", "linear({a}, {b} {c}%, {d})",
         "spring(mass: {a}, stiffness: {b}, damping: {c}, initialVelocity: {d})", "spring({a} {b} {c} {d})",
         "spring(response: {a}, dampingRatio: {b})", "spring(duration: {a}, bounce: {b})",
         "uikit-spring(duration: {a}, dampingRatio: {b}, initialVelocity: {c})", "android-spring(stiffness: {a}, dampingRatio: {b})",
         "origami-spring(tension: {a}, friction: {b})", "rn-spring(bounciness: {a}, speed: {b})",
         "motion-spring(visualDuration: {a}, bounce: {b})", "flutter-spring(mass: {a}, stiffness: {b}, dampingRatio: {c})"]
TRANSFORMS = ["rotate({a}deg)", "rotate({a}turn)", "scale({a}, {b})", "translate3d({a}px, {b}px, {c}px)", "matrix({a},{b},{c},{d},0,0)",
              "perspective({a}px) rotateY({b}deg)", "skew({a}deg, {b}deg)", "rotate3d({a}, {b}, {c}, {d}deg)", "none"]
BAD_WORDS = re.compile(r"(?<![a-z])(nan|inf|infinity)(?![a-z])", re.I)


def number(rng):
    return rng.choice(PLAUSIBLE) if rng.random() < 0.6 else rng.choice(NUMBERS)


def fill(rng, template):
    return template.format(a=number(rng), b=number(rng), c=number(rng), d=number(rng))


def mutate_text(rng, text):
    data = bytearray(text.encode())
    for _ in range(rng.randint(1, 4)):
        if not data:
            break
        i = rng.randrange(len(data))
        op = rng.randrange(4)
        if op == 0:
            del data[i]
        elif op == 1:
            data.insert(i, rng.randrange(256))
        elif op == 2:
            data[i:i] = rng.choice(NUMBERS).encode()
        else:
            data[i] = rng.choice(b"(),:% -.e\x1b\n\"")
    return data.decode("utf-8", "replace")


def mutate_json(rng, value, rate=0.06):
    if rng.random() < rate:
        return rng.choice([1e308, -1e308, 5e-324, 0, -1, 1e12, 1e20, "x", "", True, None, [], {}, {"uniform": [1e308, -1e308]},
                           {"choice": [], "weights": [-1]}, {"uniform": [2, 1]}, "spring(mass: 1e-160)", "\x01\x1b[2J", 1e-320])
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if rng.random() < 0.03:
                continue
            out[k] = mutate_json(rng, v, rate)
        if rng.random() < 0.03:
            out[rng.choice(["bogus", "weight", "begin", "values", "calculationMode", "subtype", "retarget"])] = rng.choice([5, "5", []])
        return out
    if isinstance(value, list):
        return [mutate_json(rng, v, rate) for v in value]
    return value


class Sweep:
    def __init__(self, binary, seed, workdir):
        self.binary, self.rng, self.work = binary, random.Random(seed), workdir
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        self.scenarios = [json.load(open(os.path.join(root, "data/scenarios", f)))
                          for f in sorted(os.listdir(os.path.join(root, "data/scenarios"))) if f.endswith(".json")]
        self.baseline = json.load(open(os.path.join(root, "data/baselines/linux-x86_64-release.json")))
        self.counts = collections.Counter()
        self.failures = []
        self.serial = 0

    def file(self, suffix, content):
        self.serial += 1
        path = os.path.join(self.work, f"case{self.serial}{suffix}")
        with open(path, "wb") as handle:
            handle.write(content if isinstance(content, bytes) else content.encode("utf-8", "replace"))
        return path

    def run(self, kind, args, stdin=b"", timeout=60, allowed=(0, 2), check_output=True, after=None):
        args = [a.replace("\x00", "") for a in args]  # argv cannot carry NUL bytes
        try:
            done = subprocess.run([self.binary] + args, input=stdin, capture_output=True, timeout=timeout,
                                  env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
        except subprocess.TimeoutExpired:
            return self.fail(kind, args, "hang (timeout %ss)" % timeout)
        out = done.stdout.decode("utf-8", "replace")
        err = done.stderr.decode("utf-8", "replace")
        if done.returncode < 0 or done.returncode >= 128:
            return self.fail(kind, args, "crash (status %d): %s" % (done.returncode, err[-300:]))
        if done.returncode not in allowed:
            return self.fail(kind, args, "unexpected exit %d: %s" % (done.returncode, err[-300:]))
        if done.returncode == 2 and not err.startswith("motionbench: "):
            return self.fail(kind, args, "exit 2 without a message: %r" % err[:200])
        if "\x1b" in err:
            return self.fail(kind, args, "raw escape sequence echoed on stderr")
        if done.returncode == 0 and check_output:
            bad = BAD_WORDS.search(out)
            if bad and not self.infinity_documented(args, out):
                return self.fail(kind, args, "non-finite result printed: %r" % out[:300])
        if after:
            problem = after()
            if problem:
                return self.fail(kind, args, problem)
        self.counts[(kind, "exit %d" % done.returncode)] += 1

    @staticmethod
    def infinity_documented(args, out):
        # timing prints an infinite iteration count as "inf" in text; eval --velocity prints a vertical tangent's
        # slope as inf. Both are documented infinities, not overflow.
        return (args and args[0] == "timing") or (args and args[0] == "eval" and "--velocity" in args and "cubic" in " ".join(args))

    def fail(self, kind, args, why):
        self.counts[(kind, "FAIL")] += 1
        self.failures.append((kind, args, why))

    # --- case generators -------------------------------------------------------------------------------------
    def spec(self):
        r = self.rng
        text = fill(r, r.choice(SPECS))
        return mutate_text(r, text) if r.random() < 0.3 else text

    def case_eval(self):
        r = self.rng
        args = ["eval", self.spec()] + [number(r) for _ in range(r.randint(0, 3))]
        if r.random() < 0.3: args.append("--velocity")
        if r.random() < 0.3: args += ["--format", r.choice(["json", "csv", "text", "xml"])]
        stdin = "\n".join(number(r) for _ in range(r.randint(0, 5))).encode() if len(args) == 2 else b""
        self.run("eval", args, stdin)

    def case_convert_settle(self):
        r = self.rng
        command = r.choice(["convert", "settle"])
        args = [command, self.spec()]
        if command == "settle" and r.random() < 0.4: args.append("--all")
        if command == "settle" and r.random() < 0.3: args += [r.choice(["--epsilon", "--rate", "--distance"]), number(r)]
        if r.random() < 0.4: args += ["--format", r.choice(["json", "csv", "text"])]
        self.run(command, args, timeout=30)

    def case_timing(self):
        r = self.rng
        options = r.choice([["--duration", "--iterations", "--iteration-start", "--delay", "--end-delay", "--playback-rate"],
                            ["--duration", "--begin-time", "--speed", "--time-offset", "--repeat-count", "--repeat-duration"]])
        args = ["timing"]
        for option in r.sample(options, r.randint(1, 3)):
            args += [option, number(r)]
        if r.random() < 0.3: args += ["--fill", r.choice(["none", "forwards", "both", "sideways"])]
        if r.random() < 0.3: args += ["--format", r.choice(["json", "csv"])]
        args += [number(r) for _ in range(r.randint(1, 3))]
        self.run("timing", args)

    def case_interpolate(self):
        r = self.rng
        a, b = fill(r, r.choice(TRANSFORMS)), fill(r, r.choice(TRANSFORMS))
        if r.random() < 0.2: a = mutate_text(r, a)
        args = ["interpolate", a, b] + [number(r) for _ in range(r.randint(1, 3))]
        if r.random() < 0.3: args += ["--format", r.choice(["json", "csv"])]
        self.run("interpolate", args)

    def case_scenario(self):
        r = self.rng
        # Light mutation half the time, so that many scenarios stay valid and their runs are checked.
        scenario = mutate_json(r, r.choice(self.scenarios), rate=r.choice([0.005, 0.02, 0.06]))
        if r.random() < 0.15:
            text = mutate_text(r, json.dumps(scenario))
        else:
            text = json.dumps(scenario, allow_nan=True)
        path = self.file(".json", text)
        args = ["run", "--scenario", path, "--layers", r.choice(["10", "100", "1000"]), "--frames", r.choice(["1", "3"]),
                "--threads", r.choice(["1", "2"])]
        if r.random() < 0.3: args += ["--format", r.choice(["json", "csv", "markdown"])]
        if r.random() < 0.1: args.append("--verify")
        self.run("run-scenario", args, timeout=60, allowed=(0, 1, 2))

    def case_run_options(self):
        r = self.rng
        args = ["run", "--scenario", r.choice(["fade", "springs", "mixed", "card-flip", "nope"])]
        for option in r.sample(["--layers", "--frames", "--rate", "--threads"], r.randint(1, 3)):
            value = number(r)
            if option == "--layers" and r.random() < 0.7: value = r.choice(["10", "100", "-1", "0", ",", "10,,20", "1e9"])
            if option == "--frames" and r.random() < 0.7: value = r.choice(["1", "2", "0", "-3"])
            args += [option, value]
        if "--layers" not in args: args += ["--layers", "50"]
        if "--frames" not in args: args += ["--frames", "2"]
        if r.random() < 0.2:
            args += ["--frame-times", r.choice(["vrr", self.file(".txt", "\n".join(number(r) for _ in range(5))), "/nonexistent"])]
        self.run("run-options", args, timeout=60)

    def case_output(self):
        r = self.rng
        kind = r.choice(["device", "fifo", "symlink", "regular", "missing-dir", "directory", "dangling"])
        target = os.path.join(self.work, "out%d" % self.serial)
        self.serial += 1
        if kind == "device":
            try:
                os.mknod(target, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
            except PermissionError:
                return
        elif kind == "fifo":
            os.mkfifo(target)
        elif kind == "symlink":
            real = target + ".real"
            open(real, "w").write("old")
            os.symlink(os.path.basename(real), target)
        elif kind == "regular":
            open(target, "w").write("old")
        elif kind == "missing-dir":
            target = os.path.join(self.work, "no-such-dir", "x.json")
        elif kind == "directory":
            os.mkdir(target)
        elif kind == "dangling":
            os.symlink("dangling-target-%d" % self.serial, target)
        before = os.lstat(target).st_mode if os.path.lexists(target) else None

        def check():
            if before is None:
                return None
            after = os.lstat(target).st_mode
            if stat.S_IFMT(after) != stat.S_IFMT(before):
                return "--output %s changed kind: %o -> %o" % (kind, before, after)
            leftovers = [f for f in os.listdir(os.path.dirname(target)) if f.endswith(".tmp")]
            return "temporary files left: %s" % leftovers if leftovers else None

        command = r.choice([["run", "--scenario", "fade", "--layers", "20", "--frames", "1"],
                            ["accuracy", "--samples", "11", "--curves", "presets", "--seconds", "0.1"]])
        self.run("output-" + kind, command + ["--output", target], timeout=120, after=check)

    def case_baseline(self):
        r = self.rng
        base = mutate_json(r, self.baseline)
        text = json.dumps(base)
        if r.random() < 0.2: text = mutate_text(r, text)
        path = self.file(".json", text)
        # --mode time with a baseline that parses would measure for seconds: only bad baselines are run in full.
        self.run("gate-baseline", ["gate", "--baseline", path, "--workloads", "bezier-presets", "--mode",
                                   r.choice(["instructions", "time", "both", "x"]), "--timeout", "5"],
                 timeout=120, allowed=(0, 1, 2, 3))

    def case_base_binary(self):
        r = self.rng
        behaviour = r.choice(["sleep 60", "yes", "yes >&2", "echo '{\"cpuSeconds\": -1}'", "echo '{\"cpuSeconds\": 1e308}'",
                              "echo '{\"cpuSeconds\": 0}'", "echo not-json", "exit 3", "kill -9 $$",
                              "head -c 3000000 /dev/zero", "echo '{\"cpuSeconds\": nan}'", "sleep 60 & echo '{}'"])
        script = self.file(".sh", "#!/bin/sh\nif [ \"$2\" = \"--help\" ] && [ %d = 1 ]; then echo --repeats; exit 0; fi\n%s\n"
                           % (r.randint(0, 1), behaviour))
        os.chmod(script, 0o755)
        self.run("gate-base-binary", ["gate", "--against", script, "--workloads", "bezier-presets", "--rounds", "3",
                                      "--timeout", "3"], timeout=120, allowed=(0, 1, 2, 3))

    def case_accuracy(self):
        r = self.rng
        args = ["accuracy", "--samples", r.choice(["11", "101", number(r)]), "--curves", "presets", "--seconds",
                r.choice(["0.1", "0.5", number(r)]), "--rate", r.choice(["60", number(r)])]
        if r.random() < 0.3:
            springs = [self.spec() for _ in range(r.randint(1, 3))]
            args += ["--springs", self.file(".json", json.dumps(springs) if r.random() < 0.8 else mutate_text(r, json.dumps(springs)))]
        if r.random() < 0.3: args += ["--format", r.choice(["json", "csv", "html", "markdown"])]
        self.run("accuracy", args, timeout=120)

    def case_eval_stream(self):
        r = self.rng
        lines = [r.choice(PLAUSIBLE) if r.random() < 0.9 else number(r) for _ in range(r.randint(0, 50))]
        if r.random() < 0.2: lines.insert(r.randrange(len(lines) + 1), "7" * r.choice([4097, 100000]))
        if r.random() < 0.2: lines.insert(r.randrange(len(lines) + 1), "\x1b[2J" * 10)
        self.run("eval-stdin", [r.choice(["eval", "timing", "interpolate"])] + (["ease"] if r.random() < 0.5 else []),
                 "\n".join(lines).encode())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/motionbench")
    parser.add_argument("--cases", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    weights = [("case_eval", 26), ("case_convert_settle", 12), ("case_timing", 14), ("case_interpolate", 12),
               ("case_scenario", 12), ("case_run_options", 5), ("case_output", 2), ("case_baseline", 3),
               ("case_base_binary", 0.3), ("case_accuracy", 0.7), ("case_eval_stream", 13)]
    with tempfile.TemporaryDirectory(prefix="motionbench-sweep-") as work:
        # A private copy, so that a rebuild during the sweep neither breaks it nor mixes two binaries.
        binary = os.path.join(work, "motionbench")
        shutil.copy2(options.binary, binary)
        sweep = Sweep(binary, options.seed, work)
        names = [name for name, _ in weights]
        chosen = sweep.rng.choices(names, weights=[w for _, w in weights], k=options.cases)
        for index, name in enumerate(chosen, 1):
            getattr(sweep, name)()
            if index % 1000 == 0:
                print("%d cases, %d failures" % (index, len(sweep.failures)), file=sys.stderr, flush=True)
    by_kind = collections.defaultdict(dict)
    for (kind, outcome), count in sorted(sweep.counts.items()):
        by_kind[kind][outcome] = count
    print("cases: %d" % options.cases)
    for kind, outcomes in sorted(by_kind.items()):
        print("  %-20s %s" % (kind, ", ".join("%s: %d" % item for item in sorted(outcomes.items()))))
    print("failures: %d" % len(sweep.failures))
    for kind, args, why in sweep.failures[:50]:
        print("  [%s] %s\n      %s" % (kind, " ".join(repr(a) if (" " in a or not a) else a for a in args)[:300], why[:400]))
    return 1 if sweep.failures else 0


if __name__ == "__main__":
    sys.exit(main())
