#!/usr/bin/env python3
"""Counts the test cases of every run under a results folder and prints 'N passed, N failed'.

Reads GoogleTest XML reports (results/<run>/*.xml) and fuzzer results (results/fuzz/*.json,
one case per fuzzer). Exits 1 when any case failed or when no case ran at all."""
import json
import pathlib
import sys
import xml.etree.ElementTree as ET


def main(root: pathlib.Path) -> int:
    passed = failed = skipped = 0
    for report in sorted(root.glob("*/*.xml")):
        for case in ET.parse(report).getroot().iter("testcase"):
            if case.find("failure") is not None or case.find("error") is not None:
                failed += 1
                print(f"FAILED {report.parent.name}: {case.get('classname')}.{case.get('name')}")
            elif case.get("result") == "skipped" or case.find("skipped") is not None:
                skipped += 1
            else:
                passed += 1
    for result in sorted(root.glob("fuzz/*.json")):
        data = json.loads(result.read_text())
        if data.get("ok"):
            passed += 1
        else:
            failed += 1
            print(f"FAILED fuzz: {data.get('name')}: {data.get('reason')}")
            if data.get("cause"):
                print(f"  cause: {data['cause']}")
            if data.get("input_base64"):
                # The reproducer: base64 -d > input; build/fuzz/tests/fuzz/NAME input
                print(f"  input {data.get('input')} (base64): {data['input_base64']}")
    line = f"{passed} passed, {failed} failed"
    if skipped:
        line += f", {skipped} skipped"
    print(line)
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1])))
