#!/usr/bin/env bash
# The lint and boundary gates pass on the code, and fail on a planted violation of each kind: a gate that
# cannot fail is no gate. The planted files are removed on exit. `--planted-only`: only the planted part (CI runs
# the whole-tree part beside the typecheck, and this after it, so tsc never reads a planted file).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != --planted-only ]; then
  npm run --silent lint
  npm run --silent lint:boundaries
fi

planted=(src/metaphysics/planted-violation.ts server/core/planted-violation.ts src/core/planted-violation.ts)
trap 'rm -f "${planted[@]}"' EXIT
expect_failure() { # <what> <command…>
  local what=$1; shift
  if "$@" >/tmp/gate-output.txt 2>&1; then
    echo "GATE BROKEN: $what was not refused"; cat /tmp/gate-output.txt; exit 1
  fi
  echo "refused as it should be: $what"; grep -E 'error|✖|x ' /tmp/gate-output.txt | head -3 || true
}
# dependency-cruiser reads the whole tree each run: both boundary kinds are planted together and that one run must
# name each planted file with the rule it breaks (depcruise prints both on one line).
expect_named() { # <planted file> <rule>
  if ! grep -F "$1" /tmp/gate-output.txt | grep -qF "$2"; then
    echo "GATE BROKEN: $1 was not refused by $2"; cat /tmp/gate-output.txt; exit 1
  fi
  echo "  $1: $2"
}

printf "import Taro from '@tarojs/taro'\n\nexport const planted = Taro\n" > src/metaphysics/planted-violation.ts
printf "import { sessionStore } from '../../src/stores'\n\nexport const planted = sessionStore\n" > server/core/planted-violation.ts
expect_failure 'the engine importing Taro and the server importing the app stores' npm run --silent lint:boundaries
expect_named src/metaphysics/planted-violation.ts engine-is-pure
expect_named server/core/planted-violation.ts server-reads-only-contract-and-engine
rm -f src/metaphysics/planted-violation.ts server/core/planted-violation.ts

printf "import { errorMessage } from '../core/errors'\n\nexport const planted = errorMessage\n" > src/core/planted-violation.ts
expect_failure 'a ../ import inside the app' npx eslint src/core/planted-violation.ts
printf "export const planted = '%s'\n" "$(printf 'x%.0s' {1..130})" > src/core/planted-violation.ts
expect_failure 'a line over 120 characters' npx eslint src/core/planted-violation.ts
echo 'gates: pass on the code, fail on planted violations'
