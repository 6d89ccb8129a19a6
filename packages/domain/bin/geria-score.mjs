#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader; all file and stream access stays here.
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');

process.exitCode = await main(process.argv.slice(2), {
  stdinLines: () => createInterface({ input: process.stdin, crlfDelay: Infinity }),
  readFile: (path) => readFile(path, 'utf8'),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
