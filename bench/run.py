"""One benchmark run: `lawparse build` against the plain-regex baseline, on scaled copies of corpus/.

    python bench/run.py                       # 1, 5 and 20 MB, 3 repeats each; prints markdown tables
    python bench/run.py --sizes 5 --repeats 5

For every size, each repeat times the baseline and then `lawparse build --timings` back to back, in
fresh processes, so that the ratio is taken between runs under the same load (the machine is shared
and noisy: compare ratios, not seconds). Reported: the median time of each, the median of the
per-repeat ratios, MB/s, the peak RSS of each process (from os.wait4), and the time per stage of the
median lawparse run. Then `--jobs 2` on the middle size, and the cold start: a whole `lawparse build`
of the seed corpus in a new process (with the grammar cache, and without it) against a new process
that only imports lark, lxml and click; both as the environment runs them and with every module
byte-compiled, as a user has them after `pip install .` (see byte_compiled_env).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from scale_corpus import MEGABYTE, copies_for, corpus_size, scale  # bench/ is on sys.path when run as a script

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT / "corpus"
IMPORTS_ONLY = "import lark, lxml.etree, click"


@dataclass(frozen=True)
class Run:
    seconds: float
    peak_rss_mb: float
    stderr: str


def timed_process(command: list[str], env: dict[str, str] | None = None) -> Run:
    """Wall time and peak RSS of one child process (its own rusage, from os.wait4)."""
    with tempfile.TemporaryFile() as stderr:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        stderr.seek(0)
        text = stderr.read().decode("utf-8", errors="replace")
    if process.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} exited {process.returncode}:\n{text}")
    return Run(seconds, usage.ru_maxrss / 1024, text)


def lawparse_command() -> list[str]:
    script = Path(sys.executable).parent / "lawparse"
    return [str(script)] if script.exists() else [sys.executable, "-c", "from lawparse.cli import main; main()"]


def stage_times(stderr: str) -> dict[str, float]:
    stages = {}
    for line in stderr.splitlines():
        name, _, rest = line.rpartition("  ")
        if rest.endswith(" s") and name.strip():
            stages[name.strip()] = float(rest[:-2])
    return stages


def median_run(runs: list[Run]) -> Run:
    return sorted(runs, key=lambda run: run.seconds)[len(runs) // 2]


def bench_size(megabytes: float, repeats: int, work: Path, jobs: int = 1) -> dict[str, object]:
    corpus = work / f"corpus-{megabytes:g}mb"
    copies = copies_for(SEED, megabytes)
    if not corpus.exists() or corpus_size(corpus) != copies * corpus_size(SEED):
        scale(SEED, corpus, copies)
    size = corpus_size(corpus) / MEGABYTE
    files = sum(1 for _ in corpus.rglob("*.txt"))
    baseline_runs, lawparse_runs, ratios = [], [], []
    for _ in range(repeats):
        baseline_script = str(ROOT / "bench" / "baseline.py")
        baseline = timed_process([sys.executable, baseline_script, str(corpus), str(work / "b.json")])
        options = ["--timings", "--jobs", str(jobs)]
        built = timed_process([*lawparse_command(), "build", str(corpus), "--out", str(work / "out"), *options])
        baseline_runs.append(baseline)
        lawparse_runs.append(built)
        ratios.append(built.seconds / baseline.seconds)
    middle = median_run(lawparse_runs)
    return {
        "mb": size,
        "files": files,
        "copies": copies,
        "jobs": jobs,
        "baseline_s": median_run(baseline_runs).seconds,
        "lawparse_s": middle.seconds,
        "ratio": statistics.median(ratios),
        "mb_per_s": size / middle.seconds,
        "lawparse_rss": max(run.peak_rss_mb for run in lawparse_runs),
        "baseline_rss": max(run.peak_rss_mb for run in baseline_runs),
        "stages": stage_times(middle.stderr),
    }


def byte_compiled_env(work: Path) -> dict[str, str]:
    """The environment of a user whose modules are byte-compiled, as after `pip install .`.

    The sandbox sets PYTHONDONTWRITEBYTECODE=1, so an editable install's own modules are compiled
    from source in every process while lark, lxml and click come byte-compiled from site-packages.
    Here bytecode may be written, into a cache folder of the benchmark's (PYTHONPYCACHEPREFIX: the
    worktree stays clean), for every module alike; a warm-up run fills it before anything is timed.
    """
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(work / "pycache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def cold_start(repeats: int, work: Path) -> dict[str, float]:
    env_no_cache = {**os.environ, "XDG_CACHE_HOME": str(work / "empty-cache")}
    compiled = byte_compiled_env(work)
    build_seed = [*lawparse_command(), "build", str(SEED), "--out", str(work / "seed")]
    imports_only = [sys.executable, "-c", IMPORTS_ONLY]
    timed_process(imports_only, compiled)  # warm-up: writes the bytecode
    timed_process(build_seed, compiled)
    imports, cached, uncached, imports_compiled, cached_compiled = [], [], [], [], []
    for _ in range(repeats):
        imports.append(timed_process(imports_only).seconds)
        cached.append(timed_process(build_seed).seconds)
        shutil.rmtree(work / "empty-cache", ignore_errors=True)
        uncached.append(timed_process(build_seed, env_no_cache).seconds)
        imports_compiled.append(timed_process(imports_only, compiled).seconds)
        cached_compiled.append(timed_process(build_seed, compiled).seconds)

    def ratio(times: list[float], base: list[float]) -> float:
        return statistics.median(t / b for t, b in zip(times, base, strict=True))

    return {
        "imports": statistics.median(imports),
        "cached": statistics.median(cached),
        "uncached": statistics.median(uncached),
        "ratio_cached": ratio(cached, imports),
        "ratio_uncached": ratio(uncached, imports),
        "imports_compiled": statistics.median(imports_compiled),
        "cached_compiled": statistics.median(cached_compiled),
        "ratio_compiled": ratio(cached_compiled, imports_compiled),
    }


def print_report(results: list[dict[str, object]], jobs: list[dict[str, object]], cold: dict[str, float]) -> None:
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print()
    print(
        "| input | files | baseline | lawparse | ratio (median) | lawparse MB/s | s per MB | peak RSS lawparse | "
        "peak RSS baseline |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        print(
            f"| {r['mb']:.1f} MB | {r['files']} | {r['baseline_s']:.2f} s | {r['lawparse_s']:.2f} s | "
            f"{r['ratio']:.2f}x | {r['mb_per_s']:.2f} | {r['lawparse_s'] / r['mb']:.2f} | "  # type: ignore[operator]
            f"{r['lawparse_rss']:.0f} MB | {r['baseline_rss']:.0f} MB |"
        )
    for r in jobs:
        print(
            f"| {r['mb']:.1f} MB, `--jobs {r['jobs']}` | {r['files']} | {r['baseline_s']:.2f} s | "
            f"{r['lawparse_s']:.2f} s | {r['ratio']:.2f}x | {r['mb_per_s']:.2f} | "
            f"{r['lawparse_s'] / r['mb']:.2f} | {r['lawparse_rss']:.0f} MB | {r['baseline_rss']:.0f} MB |"  # type: ignore[operator]
        )
    print()
    names = list(results[-1]["stages"])  # type: ignore[arg-type]
    print("| stage | " + " | ".join(f"{r['mb']:.1f} MB" for r in results) + " |")
    print("|---|" + "---|" * len(results))
    for name in names:
        cells = " | ".join(f"{r['stages'].get(name, 0.0):.2f} s" for r in results)  # type: ignore[union-attr]
        print(f"| {name} | {cells} |")
    print()
    print("| cold start (seed corpus, new process) | seconds | ratio to imports |")
    print("|---|---|---|")
    print(f'| `python -c "{IMPORTS_ONLY}"` | {cold["imports"]:.3f} | 1.00x |')
    print(f"| `lawparse build`, grammar cache present | {cold['cached']:.3f} | {cold['ratio_cached']:.2f}x |")
    print(f"| `lawparse build`, no grammar cache | {cold['uncached']:.3f} | {cold['ratio_uncached']:.2f}x |")
    print(f'| byte-compiled: `python -c "{IMPORTS_ONLY}"` | {cold["imports_compiled"]:.3f} | 1.00x |')
    print(
        f"| byte-compiled: `lawparse build`, grammar cache present | {cold['cached_compiled']:.3f} | "
        f"{cold['ratio_compiled']:.2f}x |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[1, 5, 20], help="megabytes")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--cold-repeats", type=int, default=7)
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "lawparse-bench")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    results = [bench_size(size, args.repeats, args.work) for size in args.sizes]
    middle = args.sizes[len(args.sizes) // 2]
    jobs = [bench_size(middle, args.repeats, args.work, jobs=2)]
    cold = cold_start(args.cold_repeats, args.work)
    print_report(results, jobs, cold)


if __name__ == "__main__":
    main()
