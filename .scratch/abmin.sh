#!/bin/bash
# usage: abmin.sh <node> <runs> cliA cliB  -> min and median CPU/turn of each
node=$1; runs=$2; a=$3; b=$4; ra=(); rb=()
for i in $(seq $runs); do
  ra+=($(PATH=$(dirname $node):$PATH ROUNDS=${ROUNDS:-50} CHATS=${CHATS:-20} npx tsx /work/tools/turns.mts $a | awk '{print $3}'))
  rb+=($(PATH=$(dirname $node):$PATH ROUNDS=${ROUNDS:-50} CHATS=${CHATS:-20} npx tsx /work/tools/turns.mts $b | awk '{print $3}'))
done
echo "A: ${ra[*]}"; echo "B: ${rb[*]}"
python3 -c "
import sys,statistics as s
a=[float(x) for x in '${ra[*]}'.split()]; b=[float(x) for x in '${rb[*]}'.split()]
print(f'A min {min(a):.3f} med {s.median(a):.3f} | B min {min(b):.3f} med {s.median(b):.3f} | B/A min {min(b)/min(a):.2f} med {s.median(b)/s.median(a):.2f}')"
