#!/usr/bin/env bash
# Regenerates fixtures/outputs/: real output of five test and build tools, each run in a scratch
# folder on about 3,000 passing checks with exactly one failure among them, so that the failure's
# line lies in the middle of the output. Machine paths are replaced by /work/project.
# Needs node (with this checkout's node_modules), python3 with pytest, cargo, and the npm registry
# (for jest). Usage: bash scripts/make-output-fixtures.sh [scratch folder] [tool …]
# (tools: vitest jest pytest cargo tsc; all when none is named).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
out="$repo/fixtures/outputs"
scratch=${1:-$(mktemp -d)}
shift || true
tools=${*:-vitest jest pytest cargo tsc}
wanted() { [[ " $tools " == *" $1 "* ]]; }
modules=$(realpath "$repo/node_modules")
mkdir -p "$out" "$scratch"
export NO_COLOR=1 TERM=dumb CI=1 FORCE_COLOR=0
count=3000
failing=1500

# Output as the shell tool stores it, with the scratch folder's path made machine-independent.
capture() { # name, command...
  local name=$1; shift
  (cd "$scratch/$name" && "$@") >"$out/$name.raw" 2>&1 || true
  sed -e "s#$scratch/$name#/work/project#g" -e "s#$modules#/work/guilds-code/node_modules#g" \
    -e "s#$repo#/work/guilds-code#g" -e "s#$HOME#/home/user#g" \
    "$out/$name.raw" >"$out/$name.txt"
  rm "$out/$name.raw"
}

# vitest, verbose reporter
if wanted vitest; then
mkdir -p "$scratch/vitest"
node -e "
  const n = $count, bad = $failing;
  let s = \"import { describe, expect, it } from 'vitest';\nconst add = (a, b) => a + b;\ndescribe('add', () => {\n\";
  s += '  for (let i = 1; i <= ' + n + '; i++) it(\`adds \${i} and 1\`, () => expect(add(i, 1)).toBe(i === ' + bad + ' ? i : i + 1));\n});\n';
  require('fs').writeFileSync('$scratch/vitest/add.test.mjs', s);"
echo 'export default { test: { include: ["add.test.mjs"] } };' >"$scratch/vitest/vitest.config.mjs"
capture vitest node "$repo/node_modules/vitest/vitest.mjs" run --reporter=verbose
fi

# jest, verbose
if wanted jest; then
mkdir -p "$scratch/jest"
if [ ! -x "$scratch/jest/node_modules/.bin/jest" ]; then
  (cd "$scratch/jest" && echo '{"name":"jest-fixture","private":true}' >package.json &&
    npm install --no-audit --no-fund --loglevel=error jest@29.7.0 >/dev/null)
fi
node -e "
  const n = $count, bad = $failing;
  let s = 'const add = (a, b) => a + b;\ndescribe(\"add\", () => {\n';
  s += '  for (let i = 1; i <= ' + n + '; i++) test(\`adds \${i} and 1\`, () => expect(add(i, 1)).toBe(i === ' + bad + ' ? i : i + 1));\n});\n';
  require('fs').writeFileSync('$scratch/jest/add.test.js', s);"
capture jest node_modules/.bin/jest --verbose --ci
fi

# pytest, verbose
if wanted pytest; then
mkdir -p "$scratch/pytest"
cat >"$scratch/pytest/test_add.py" <<PY
import pytest


def add(a, b):
    return a + b


@pytest.mark.parametrize("i", range(1, $count + 1))
def test_add(i):
    assert add(i, 1) == (i if i == $failing else i + 1)
PY
capture pytest python3 -m pytest -v -p no:cacheprovider test_add.py
fi

# cargo test, one thread so that the order is fixed
if wanted cargo; then
mkdir -p "$scratch/cargo/src"
cat >"$scratch/cargo/Cargo.toml" <<TOML
[package]
name = "adder"
version = "0.1.0"
edition = "2021"
TOML
node -e "
  const n = $count, bad = $failing;
  let s = 'pub fn add(a: u64, b: u64) -> u64 { a + b }\n\n#[cfg(test)]\nmod tests {\n    use super::add;\n';
  for (let i = 1; i <= n; i++) s += '    #[test]\n    fn adds_' + i + '() { assert_eq!(add(' + i + ', 1), ' + (i === bad ? i : i + 1) + '); }\n';
  s += '}\n';
  require('fs').writeFileSync('$scratch/cargo/src/lib.rs', s);"
(cd "$scratch/cargo" && cargo build --tests --offline -q 2>/dev/null || true)
capture cargo cargo test --offline -- --test-threads=1
fi

# tsc --build --verbose --listFiles over small projects, one of which does not type-check (its error
# comes among the file lists of the projects before and after it)
if wanted tsc; then
mkdir -p "$scratch/tsc"
node -e "
  const fs = require('fs'), root = '$scratch/tsc', n = 33, bad = 17;
  const refs = [];
  for (let i = 1; i <= n; i++) {
    const dir = root + '/packages/p' + i;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(dir + '/tsconfig.json', JSON.stringify({ compilerOptions: { composite: true, strict: true, outDir: 'dist', types: [] }, files: ['index.ts'] }));
    fs.writeFileSync(dir + '/index.ts', 'export const value' + i + ': number = ' + (i === bad ? '\"' + i + '\"' : i) + ';\n');
    refs.push({ path: 'packages/p' + i });
  }
  fs.writeFileSync(root + '/tsconfig.json', JSON.stringify({ files: [], references: refs }));"
rm -rf "$scratch"/tsc/packages/*/dist
capture tsc node "$repo/node_modules/typescript/bin/tsc" --build --verbose --listFiles --pretty false
# tsc --verbose stamps each line with the time of day.
sed -i -E "s/^[0-9]{1,2}:[0-9]{2}:[0-9]{2}( [AP]M)? - /12:00:00 PM - /" "$out/tsc.txt"
fi

wc -l "$out"/*.txt
