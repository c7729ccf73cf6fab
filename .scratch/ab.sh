#!/bin/bash
# usage: ab.sh <node> <runs> cliA cliB
node=$1; runs=$2; a=$3; b=$4
for i in $(seq $runs); do
  echo -n "A "; PATH=$(dirname $node):$PATH ROUNDS=${ROUNDS:-100} CHATS=${CHATS:-20} npx tsx /work/tools/turns.mts $a
  echo -n "B "; PATH=$(dirname $node):$PATH ROUNDS=${ROUNDS:-100} CHATS=${CHATS:-20} npx tsx /work/tools/turns.mts $b
done
