#!/bin/bash
out=/tmp/ss/setup_cpu; mkdir -p $out
for round in 1 2 3; do
  for tree in base mine; do
    dir=/work/wt-suite-speed-snap; [ $tree = base ] && dir=/work/wt-suite-speed-base
    cd $dir
    cat /proc/loadavg > $out/$tree.$round.load
    SETUP_CPU_OUT=$out/$tree.$round.res PYTHONPATH=/tmp/ss/plug /work/wt-suite-speed/.venv/bin/pytest -p setup_cpu tests/api/test_actions_create.py -q -p no:cacheprovider > $out/$tree.$round.out 2>&1
    cat /proc/loadavg >> $out/$tree.$round.load
  done
done
