#!/usr/bin/env python3
"""End-to-end games per second through a real `botarena serve`, against `platform_games_per_second`.

What it measures (issue 32): N students (default 40) each submit the same instant connect4 C bot
(`src/cli/bench/bots/connect4_student.c`, read from this repository at run time) through the JSON
API (`POST /api/contests/{slug}/submissions`, bearer tokens) of a real `botarena serve` with its
defaults (the default pool of game slots, one compile worker, the scoreboard refresher, the web
server). The N(N-1) round-robin games (two per match) are compiled, scheduled and judged through
the queue. It prints:

  * games/s from the first game stored to the last: (games - 1) / (last finished_at - first
    finished_at), the `finished_at` of every game read back through `GET /api/games/{id}` once the
    round robin is over;
  * games/s from the first submission sent to the last game stored: games / that span;
  * games/s from the first game to the last compile (games while the compile queue still works)
    and from the last compile to the last game (only games, as in the bench), and the first 30 s
    of games, which is the window `botarena bench` counts at most;

then runs `botarena bench --json --figure platform_games_per_second --entrants N` with the same
binary on a data directory of the same kind, and prints both figures, their ratio and whether they
agree within 25 % (|e2e / bench - 1| <= 0.25, the e2e figure being first game to last).

While the games run it polls `GET /api/queue` (the admin's token) once a second: `games.done` is
the count of finished games (the whole server's, and this server holds only this contest).

Set-up: a throwaway data directory (`--data-dir`, an embedded PostgreSQL cluster) in a temporary
directory, a free loopback port, the sandbox when it can start (else `--allow-insecure-sandbox` for
serve and `--insecure` for bench, said in the output), an admin and N students created with the
CLI (`botarena admin create`, `users import`, `token create`), a connect4 contest with
`submit_interval_s=0` (`botarena contest create`). At the end serve gets SIGTERM and is waited for,
and the temporary directory is deleted (with the cluster directory, if PostgreSQL had to live
elsewhere).

Run from the repository (Python 3 standard library only; as root, as serve's sandbox needs):

    python3 scripts/platform-throughput.py                       # 40 students
    python3 scripts/platform-throughput.py --students 20 --botarena target/debug/botarena
    python3 scripts/platform-throughput.py --skip-bench          # only the end-to-end run

The binary defaults to target/release/botarena, then target/debug/botarena.
"""

import argparse
import concurrent.futures
import datetime
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOT = os.path.join(REPO, "src", "cli", "bench", "bots", "connect4_student.c")
SLUG = "e2e"


def log(msg):
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", flush=True)


def parse_time(s):
    """RFC 3339 from the API (with Z and up to nanoseconds) as seconds since the epoch."""
    s = s.replace("Z", "+00:00")
    main, _, rest = s.partition(".")
    if rest:
        frac = ""
        i = 0
        while i < len(rest) and rest[i].isdigit():
            frac += rest[i]
            i += 1
        tz = rest[i:]
        s = f"{main}.{(frac + '000000')[:6]}{tz}"
    return datetime.datetime.fromisoformat(s).timestamp()


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def find_binary(arg):
    if arg:
        return os.path.abspath(arg)
    for p in ("target/release/botarena", "target/debug/botarena"):
        p = os.path.join(REPO, p)
        if os.path.exists(p):
            return p
    sys.exit("no botarena binary: build one or pass --botarena PATH")


class Api:
    def __init__(self, base):
        self.base = base

    def call(self, method, path, token, body=None, timeout=60):
        data = None
        headers = {"Authorization": f"Bearer {token}"}
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            raw = e.read()
            try:
                return e.code, json.loads(raw)
            except ValueError:
                return e.code, raw.decode(errors="replace")


class Run:
    def __init__(self, args):
        self.args = args
        self.exe = find_binary(args.botarena)
        self.tmp = tempfile.mkdtemp(prefix="botarena-e2e-")
        # PostgreSQL runs as the system user `botarena` when we are root: it must reach the data
        # directory, or the cluster is put under /var/lib/botarena/clusters (see operations.md).
        os.chmod(self.tmp, 0o755)
        self.data = os.path.join(self.tmp, "data")
        # One build for the whole run, even if the binary is rebuilt (replaced) meanwhile: a hard
        # link keeps this inode (a copy where the temporary directory is on another filesystem).
        pinned = os.path.join(self.tmp, "botarena")
        try:
            os.link(self.exe, pinned)
        except OSError:
            shutil.copy2(self.exe, pinned)
        self.source_exe, self.exe = self.exe, pinned
        self.serve = None
        self.serve_log = os.path.join(self.tmp, "serve.log")
        self.insecure = False
        self.env = dict(os.environ)
        self.env.pop("DATABASE_URL", None)
        self.env.pop("BOTARENA_DATA_DIR", None)

    # --- the CLI -------------------------------------------------------------------------------
    def cli(self, *argv, stdin=None, data_dir=None):
        cmd = [self.exe, *argv, "--data-dir", data_dir or self.data]
        p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, env=self.env)
        if p.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} failed ({p.returncode}):\n{p.stdout}{p.stderr}")
        return p.stdout

    # --- serve ---------------------------------------------------------------------------------
    def start_serve(self):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        for insecure in (False, True):
            cmd = [self.exe, "serve", "--data-dir", self.data, "--listen", f"127.0.0.1:{self.port}"]
            if insecure:
                cmd.append("--allow-insecure-sandbox")
            log("starting: " + " ".join(cmd))
            out = open(self.serve_log, "a")
            self.serve = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=self.env)
            out.close()
            deadline = time.time() + self.args.start_timeout
            while time.time() < deadline:
                if self.serve.poll() is not None:
                    break
                try:
                    with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                        self.insecure = insecure
                        log(f"serve is up on {self.base} (pid {self.serve.pid})")
                        return
                except OSError:
                    time.sleep(0.2)
            if self.serve.poll() is None:
                self.stop_serve()
                raise RuntimeError(f"serve did not listen within {self.args.start_timeout} s")
            tail = open(self.serve_log).read()[-2000:]
            self.serve = None
            if insecure:
                raise RuntimeError("serve exited at start:\n" + tail)
            log("serve could not start with the full sandbox; retrying with --allow-insecure-sandbox. "
                "Its words:\n" + tail)
        raise AssertionError("unreachable")

    def stop_serve(self):
        if self.serve is None:
            return
        log(f"stopping serve (SIGTERM to pid {self.serve.pid})")
        self.serve.send_signal(signal.SIGTERM)
        try:
            code = self.serve.wait(timeout=self.args.stop_timeout)
            log(f"serve exited with status {code}")
        except subprocess.TimeoutExpired:
            log(f"serve did not exit within {self.args.stop_timeout} s: SIGKILL")
            self.serve.kill()
            self.serve.wait()
        self.serve = None

    # --- the measurement -----------------------------------------------------------------------
    def setup(self, n):
        t = time.time()
        self.cli("admin", "create", "admin", "--password-stdin", stdin="e2e-admin-password\n")
        self.admin = self.cli("token", "create", "admin").strip()
        roster = os.path.join(self.tmp, "roster.csv")
        self.students = [f"s{i:04d}" for i in range(1, n + 1)]
        with open(roster, "w") as f:
            f.writelines(f"{u},Student {u}\n" for u in self.students)
        log(self.cli("users", "import", roster).strip())
        self.tokens = {u: self.cli("token", "create", u).strip() for u in self.students}
        log(self.cli("contest", "create", SLUG, "--game", "connect4", "--title", "e2e throughput",
                     "--set", "submit_interval_s=0").strip())
        log(f"admin, {n} students with tokens and the contest made in {time.time() - t:.1f} s")

    def measure(self, n):
        api = Api(self.base)
        source = open(BOT).read()
        expected = n * (n - 1)
        # The first poll, before anything is submitted: nothing may be queued or done yet.
        status, q0 = api.call("GET", "/api/queue", self.admin)
        if status != 200:
            raise RuntimeError(f"GET /api/queue answered {status}: {q0}")

        def submit(user):
            sent = time.time()
            status, body = api.call("POST", f"/api/contests/{SLUG}/submissions", self.tokens[user],
                                    {"language": "c", "source": source})
            return user, sent, time.time(), status, body

        load_before = open("/proc/loadavg").read().split()[:3]
        log(f"load average {' '.join(load_before)}; {n} students submit at once")
        with concurrent.futures.ThreadPoolExecutor(max_workers=n) as pool:
            results = list(pool.map(submit, self.students))
        bad = [(u, s, b) for u, _, _, s, b in results if s != 201]
        if bad:
            raise RuntimeError(f"submissions refused: {bad[:3]}")
        first_submit = min(r[1] for r in results)
        last_answer = max(r[2] for r in results)
        subs = {u: b["id"] for u, _, _, _, b in results}
        log(f"{n} submissions accepted in {last_answer - first_submit:.2f} s (ids {min(subs.values())}"
            f"..{max(subs.values())})")

        polls, poll_ms = [], []
        deadline = time.time() + self.args.timeout
        next_poll = time.time()
        while True:
            next_poll += 1.0
            asked = time.time()
            status, q = api.call("GET", "/api/queue", self.admin)
            now = time.time()
            poll_ms.append((now - asked) * 1000)
            if status != 200:
                raise RuntimeError(f"GET /api/queue answered {status}: {q}")
            g, c = q["games"], q["compile"]
            polls.append((now, g["done"], g["running"], g["queued"], g["failed"], c["done"], c["failed"]))
            if len(polls) % 10 == 1:
                log(f"compile done {c['done']} failed {c['failed']} queued {c['queued']} | games done "
                    f"{g['done']} running {g['running']} queued {g['queued']} failed {g['failed']}")
            compiled = c["done"] + c["failed"] + c["cancelled"] >= n
            if c["failed"]:
                raise RuntimeError(f"a compile failed: {q}")
            if compiled and g["queued"] == 0 and g["running"] == 0 and g["done"] + g["failed"] >= expected:
                break
            if now > deadline:
                raise RuntimeError(f"not over after {self.args.timeout} s: {q}")
            time.sleep(max(0.0, next_poll - time.time()))
        load_after = open("/proc/loadavg").read().split()[:3]
        log(f"queue empty: {g['done']} games done, {g['failed']} failed; load average {' '.join(load_after)}")

        # Every game's finished_at, through the API (after the run, so it costs the run nothing).
        t = time.time()
        game_ids = set()
        compiled_at = []
        for u, sid in subs.items():
            status, sub = api.call("GET", f"/api/submissions/{sid}", self.tokens[u])
            if status != 200 or sub["status"] != "ready":
                raise RuntimeError(f"submission {sid}: {status} {sub}")
            compiled_at.append(parse_time(sub["compiled_at"]))
            status, matches = api.call("GET", f"/api/contests/{SLUG}/matches?submission={sid}", self.admin)
            if status != 200:
                raise RuntimeError(f"matches of {sid}: {status} {matches}")
            for m in matches:
                game_ids.update(m["games"])

        def game(gid):
            return api.call("GET", f"/api/games/{gid}", self.admin)

        finished = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
            for status, g in pool.map(game, sorted(game_ids)):
                if status != 200:
                    raise RuntimeError(f"a game: {status} {g}")
                if g.get("status") == "done" and g.get("finished_at"):
                    finished.append(parse_time(g["finished_at"]))
        finished.sort()
        log(f"read {len(game_ids)} games' results through the API in {time.time() - t:.1f} s")
        if len(finished) != expected:
            log(f"WARNING: {len(finished)} games done, {expected} expected")

        first, last = finished[0], finished[-1]
        last_compile = max(compiled_at)
        after_compiles = [f for f in finished if f >= last_compile]
        window = [f for f in finished if f <= first + 30.0]
        # The same from the polls: the first poll that saw a game done, the first that saw them all.
        p_first = next(p[0] for p in polls if p[1] > 0)
        p_all = next(p[0] for p in polls if p[1] >= len(finished))
        out = {
            "students": n,
            "load_average_before": load_before,
            "load_average_after": load_after,
            "games": len(finished),
            "insecure_sandbox": self.insecure,
            "first_submission_to_first_game_s": first - first_submit,
            "first_to_last_game_s": last - first,
            "games_per_second": (len(finished) - 1) / (last - first),
            "first_submission_to_last_game_s": last - first_submit,
            "games_per_second_from_first_submission": len(finished) / (last - first_submit),
            "first_compile_done_s": min(compiled_at) - first_submit,
            "last_compile_done_s": last_compile - first_submit,
            "games_before_last_compile": len(finished) - len(after_compiles),
            "games_per_second_until_last_compile":
                ((len(finished) - len(after_compiles)) / (last_compile - first)) if last_compile > first else None,
            "games_per_second_after_last_compile":
                (len(after_compiles) / (last - last_compile)) if last > last_compile else None,
            "games_in_first_30_s": len(window),
            "games_per_second_first_30_s": (len(window) - 1) / (window[-1] - first) if len(window) > 1 else None,
            "polled_first_to_all_s": p_all - p_first,
            "polled_games_per_second": len(finished) / (p_all - p_first) if p_all > p_first else None,
            "queue_poll_ms_median": sorted(poll_ms)[len(poll_ms) // 2],
            "queue_poll_ms_max": max(poll_ms),
            # Seconds after the first submission: every compile's end and every game's.
            "compiled_at_s": sorted(round(c - first_submit, 4) for c in compiled_at),
            "finished_at_s": [round(f - first_submit, 4) for f in finished],
        }
        return out

    def bench(self, n):
        data = os.path.join(self.tmp, "bench-data")
        cmd = [self.exe, "bench", "--json", "--figure", "platform_games_per_second", "--entrants", str(n),
               "--data-dir", data]
        if self.insecure:
            cmd.append("--insecure")
        log("running: " + " ".join(cmd))
        t = time.time()
        p = subprocess.run(cmd, capture_output=True, text=True, env=self.env)
        if p.returncode != 0:
            raise RuntimeError(f"bench failed ({p.returncode}):\n{p.stdout}\n{p.stderr[-3000:]}")
        log(f"bench took {time.time() - t:.0f} s")
        return json.loads(p.stdout)["platform_games_per_second"]

    def cleanup(self):
        self.stop_serve()
        # A cluster that had to live outside the data directory (operations.md) goes too. Wait for
        # the cluster's processes (the last botarena process to leave stops it) before deleting.
        others = []
        for d in (self.data, os.path.join(self.tmp, "bench-data")):
            pointer = os.path.join(d, "pgcluster")
            if os.path.exists(pointer):
                others.append(open(pointer).read().strip())
        deadline = time.time() + 30
        while time.time() < deadline and self.processes_using(self.tmp, *others):
            time.sleep(0.5)
        left = self.processes_using(self.tmp, *others)
        if left:
            log(f"WARNING: processes still use the temporary directory: {left}; not deleting {self.tmp}")
            return
        for d in others:
            shutil.rmtree(d, ignore_errors=True)
        shutil.rmtree(self.tmp, ignore_errors=True)
        log(f"deleted {self.tmp}")

    @staticmethod
    def processes_using(*paths):
        found = []
        for pid in os.listdir("/proc"):
            if not pid.isdigit() or int(pid) == os.getpid():
                continue
            try:
                cmdline = open(f"/proc/{pid}/cmdline", "rb").read().decode(errors="replace")
            except OSError:
                continue
            if any(p and p in cmdline for p in paths):
                found.append(int(pid))
        return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--botarena", help="the binary (default target/release/botarena, then target/debug/botarena)")
    ap.add_argument("--students", type=int, default=40, help="students, each submitting one bot (default 40)")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds to wait for the round robin (1800)")
    ap.add_argument("--start-timeout", type=float, default=120, help="seconds for serve to listen (120)")
    ap.add_argument("--stop-timeout", type=float, default=120, help="seconds for serve to stop after SIGTERM")
    ap.add_argument("--skip-bench", action="store_true", help="only the end-to-end run")
    ap.add_argument("--json", metavar="PATH", help="also write the figures to PATH as JSON")
    args = ap.parse_args()
    n = args.students
    if n < 2:
        sys.exit("--students must be at least 2")

    run = Run(args)
    built = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(os.stat(run.exe).st_mtime))
    log(f"binary {run.source_exe} of {built} (run as {run.exe}), temporary directory {run.tmp}")
    report = {}
    try:
        run.start_serve()
        if run.insecure:
            log("NOTE: serve runs with --allow-insecure-sandbox (the sandbox could not start fully)")
        run.setup(n)
        e2e = run.measure(n)
        run.stop_serve()
        report["e2e"] = e2e
        if not args.skip_bench:
            report["bench"] = run.bench(n)
    except BaseException:
        if os.path.exists(run.serve_log):
            sys.stderr.write("--- serve's output (tail) ---\n" + open(run.serve_log).read()[-4000:])
        raise
    finally:
        run.cleanup()

    e2e = report["e2e"]
    print()
    print(f"end to end, {n} students, {e2e['games']} games"
          + (" (serve with --allow-insecure-sandbox)" if e2e["insecure_sandbox"] else ""))
    print(f"  first submission -> first game stored  {e2e['first_submission_to_first_game_s']:8.2f} s")
    print(f"  compiles done (first, last)            {e2e['first_compile_done_s']:8.2f} s, "
          f"{e2e['last_compile_done_s']:.2f} s after the first submission")
    def rate(label, per_second, seconds=None):
        """One line of games/s, with the span it was measured over when there is one."""
        span = f"{seconds:8.2f} s" if seconds is not None else ""
        print(f"  {label:<38} {span:<10}   {per_second:8.2f} games/s")

    rate("first game -> last game", e2e["games_per_second"], e2e["first_to_last_game_s"])
    rate("first submission -> last game", e2e["games_per_second_from_first_submission"],
         e2e["first_submission_to_last_game_s"])
    if e2e["games_per_second_until_last_compile"]:
        rate(f"first game -> last compile ({e2e['games_before_last_compile']} games)",
             e2e["games_per_second_until_last_compile"])
    if e2e["games_per_second_after_last_compile"]:
        rate(f"after the last compile ({e2e['games'] - e2e['games_before_last_compile']} games)",
             e2e["games_per_second_after_last_compile"])
    if e2e["games_per_second_first_30_s"]:
        rate(f"first 30 s of games ({e2e['games_in_first_30_s']} games)", e2e["games_per_second_first_30_s"])
    if e2e["polled_games_per_second"]:
        rate("by the 1 s polls of GET /api/queue", e2e["polled_games_per_second"], e2e["polled_first_to_all_s"])
    print(f"  GET /api/queue answered in            {e2e['queue_poll_ms_median']:8.1f} ms median, "
          f"{e2e['queue_poll_ms_max']:.1f} ms at most")
    if "bench" in report:
        b = report["bench"]
        ratio = e2e["games_per_second"] / b["value"]
        report["ratio"] = ratio
        report["agree_within_25_percent"] = abs(ratio - 1) <= 0.25
        note = f" ({b['note']})" if b.get("note") else ""
        print(f"bench platform_games_per_second          {b['value']:8.2f} games/s "
              f"(baseline {b['baseline']} {b['baseline_value']:.2f}, ratio {b['ratio']:.2f}){note}")
        print(f"e2e / bench = {ratio:.3f}: "
              + ("they agree within 25 %" if report["agree_within_25_percent"] else "they DISAGREE by more than 25 %"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=2)


if __name__ == "__main__":
    main()
