#!/usr/bin/env python3
"""Runs every libFuzzer target built under BUILDDIR/tests/fuzz for SECONDS each.

Usage: run_fuzzers.py BUILDDIR RESULTDIR SECONDS. Seeds come from tests/fuzz/corpus/<name>/ when
present. Writes RESULTDIR/<name>.json ({name, ok, reason, execs}); exits 1 if any fuzzer found a
crash or could not run."""
import base64
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile


def finding(output: str, artifacts: pathlib.Path) -> dict:
    """What a failed run found: the first error line, and the input that caused it in base64,
    so that the summary at the end of a CI log is enough to reproduce it."""
    found = {}
    for line in output.splitlines():
        if re.search(r"ERROR:|runtime error:|_fuzz: |Assertion|deadly signal", line):
            found["cause"] = line.strip()[:300]
            break
    inputs = sorted(artifacts.glob("*-*"), key=lambda p: p.stat().st_mtime)
    if inputs:
        found["input"] = inputs[-1].name
        found["input_base64"] = base64.b64encode(inputs[-1].read_bytes()[:8192]).decode()
    return found


def main(build: pathlib.Path, out: pathlib.Path, seconds: int) -> int:
    out.mkdir(parents=True, exist_ok=True)
    fuzzers = sorted(p for p in (build / "tests" / "fuzz").glob("*_fuzz") if os.access(p, os.X_OK))
    if not fuzzers:
        print("fuzz: no fuzzers built")
        return 1
    # Leaks inside the Vulkan driver (tests/fuzz/lsan_suppressions.txt says why).
    suppressions = pathlib.Path("tests/fuzz/lsan_suppressions.txt").resolve()
    status = 0
    for fuzzer in fuzzers:
        name = fuzzer.name
        with tempfile.TemporaryDirectory() as corpus:
            seeds = pathlib.Path("tests/fuzz/corpus") / name
            if seeds.is_dir():
                for seed in seeds.iterdir():
                    shutil.copy(seed, corpus)
            artifacts = out / f"{name}-artifacts"
            artifacts.mkdir(exist_ok=True)
            print(f"== fuzz: {name} for {seconds} s")
            env = dict(os.environ)
            env["LSAN_OPTIONS"] = f"suppressions={suppressions}"
            proc = subprocess.run(
                [str(fuzzer), f"-max_total_time={seconds}", "-print_final_stats=1",
                 f"-artifact_prefix={artifacts}/", corpus],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
            execs = re.findall(r"stat::number_of_executed_units:\s*(\d+)", proc.stdout)
            ok = proc.returncode == 0
            result = {"name": name, "ok": ok, "reason": "" if ok else f"exit {proc.returncode}",
                      "execs": int(execs[-1]) if execs else 0}
            if not ok:
                print(proc.stdout[-6000:])
                status = 1
                result.update(finding(proc.stdout, artifacts))
            print(f"fuzz: {name}: {'ok' if ok else 'FAILED'}, {execs[-1] if execs else '?'} runs")
            (out / f"{name}.json").write_text(json.dumps(result))
    return status


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), int(sys.argv[3])))
