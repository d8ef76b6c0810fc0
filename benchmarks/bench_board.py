"""Board and data figures: building every reach table, one reach query, one element lookup.

Run: python benchmarks/bench_board.py
"""
from __future__ import annotations

import subprocess
import sys
import timeit

from periodic_edu import board, chemistry


def per_call(stmt, number: int) -> float:
    """Best of five runs, in microseconds per call."""
    return min(timeit.repeat(stmt, number=number, repeat=5)) / number * 1e6


def main() -> None:
    build_ms = min(timeit.repeat(board._build_reach, number=1, repeat=5)) * 1e3
    tables = len(board.CELLS) * len(board.TRENDS) * board.MAX_STEPS
    print(f"build all reach tables ({tables} tables, 88 cells x 5 trends x 1..8 steps): "
          f"{build_ms:.1f} ms")
    print(f"one reach query  reach('Na', 'ionization_energy'):  "
          f"{per_call(lambda: board.reach('Na', 'ionization_energy'), 200_000):.2f} us")
    print(f"one element lookup  element('Fe'):  "
          f"{per_call(lambda: chemistry.element('Fe'), 200_000):.2f} us")
    print(f"one element lookup by name  element('iron'):  "
          f"{per_call(lambda: chemistry.element('iron'), 200_000):.2f} us")
    code = "import time; t = time.perf_counter(); import periodic_edu; " \
           "print((time.perf_counter() - t) * 1e3)"
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                 check=True).stdout) for _ in range(5)]
    print(f"import periodic_edu (data + all reach tables, fresh process): {min(runs):.1f} ms")


if __name__ == "__main__":
    main()
