#!/usr/bin/env bash
# Rebuild docs-src/assets/vendor/age-encryption.js: the age library (typage) the orders page uses to
# seal orders in the browser, bundled into one file the site serves itself (no third-party address).
set -euo pipefail
VERSION=0.3.1
here="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
npm init -y >/dev/null
npm install --silent "age-encryption@$VERSION" esbuild@0.28.2
echo 'import * as age from "age-encryption"; globalThis.judgeAge = age;' > entry.js
npx esbuild entry.js --bundle --minify --format=iife --target=es2020 --legal-comments=eof \
  --outfile="$here/docs-src/assets/vendor/age-encryption.js"
{ echo "age-encryption $VERSION (https://github.com/FiloSottile/typage), bundled with esbuild 0.28.2 as an IIFE exposing globalThis.judgeAge (tools/vendor_age.sh). Its licence:"; echo; cat node_modules/age-encryption/LICENSE; } \
  > "$here/docs-src/assets/vendor/age-encryption.LICENSE.txt"
