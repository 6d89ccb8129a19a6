import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';
import { main } from './main.ts';

/** Runs the CLI with in-memory stdin, files and outputs. */
async function cli(argv: string[], { stdin = [] as string[], files = {} as Record<string, string> } = {}) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdinLines: async function* () {
      yield* stdin;
    },
    readFile: async (path) => {
      if (!(path in files)) throw new Error('no such file');
      return files[path];
    },
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
  });
  return { code, stdout, stderr };
}

const bestEq5d = { 'eq5d5l-1': 1, 'eq5d5l-2': 1, 'eq5d5l-3': 1, 'eq5d5l-4': 1, 'eq5d5l-5': 1, 'eq5d5l-vas': 80 };

describe('geria-score --answers', () => {
  it('prints the score as JSON', async () => {
    const { code, stdout } = await cli(['dexterity', '--answers', '{"dexterity-1": 5}']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ total: 5, band: 'excluded' });
  });

  it('accepts --answers=<json>', async () => {
    const { stdout } = await cli(['sleep', '--answers={"sleep-1":8}']);
    expect(JSON.parse(stdout)).toEqual({ total: 8, band: 'good' });
  });

  it('reports an invalid answer on stderr with exit code 1', async () => {
    const { code, stdout, stderr } = await cli(['dexterity', '--answers', '{"dexterity-1": 7}']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(JSON.parse(stderr).error).toMatchObject({ reason: 'not-an-option', linkId: 'dexterity-1', message: 'Item dexterity-1: the value 7 is not one of the options.' });
  });
});

describe('geria-score usage errors', () => {
  it.each([
    [[], 'Choose exactly one'],
    [['nope', '--answers', '{}'], 'Unknown instrument "nope"'],
    [['dexterity', '--answers', '{bad'], 'not valid JSON'],
    [['dexterity', '--answers'], '--answers needs a value'],
    [['dexterity', '--answers', '{}', '--jsonl'], 'exactly one'],
    [['--jsonl', 'dexterity'], 'takes the instrument from each line'],
    [['dexterity', '--verbose'], 'Unknown option --verbose'],
    [['dexterity', '--csv', 'missing.csv'], 'Cannot read missing.csv'],
  ])('%j exits 2 with a message and the usage', async (argv, message) => {
    const { code, stderr } = await cli(argv);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage:');
  });

  it('prints the usage with --help and exits 0', async () => {
    const { code, stdout } = await cli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('geria-score --jsonl');
    expect(stdout).toContain('eq5d5l');
  });
});

describe('geria-score --jsonl', () => {
  it('writes one result or error per input line, skipping blank lines', async () => {
    const { code, stdout } = await cli(['--jsonl'], {
      stdin: [
        JSON.stringify({ instrument: 'dexterity', answers: { 'dexterity-1': 2 } }),
        '',
        JSON.stringify({ instrument: 'eq5d5l', answers: bestEq5d }),
        JSON.stringify({ instrument: 'dexterity', answers: { 'dexterity-9': 2 } }),
        JSON.stringify({ instrument: 'nope', answers: {} }),
        'not json',
        JSON.stringify({ answers: {} }),
      ],
    });
    expect(code).toBe(1);
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toHaveLength(6);
    expect(lines[0]).toEqual({ total: 2, band: 'eligible' });
    expect(lines[1].index).toEqual({ FR: 1, IT: 1, PT: 1, ES: 1, EN: 1, 'UK-CW': 1 });
    expect(lines[2].error).toMatchObject({ reason: 'unknown-item', linkId: 'dexterity-9' });
    expect(lines[3].error).toMatchObject({ reason: 'unknown-instrument', instrument: 'nope' });
    expect(lines[4].error.code).toBe('invalid-line');
    expect(lines[5].error.message).toContain('"instrument"');
  });

  it('exits 0 when every line scored', async () => {
    const { code } = await cli(['--jsonl'], { stdin: [JSON.stringify({ instrument: 'sleep', answers: { 'sleep-1': 1 } })] });
    expect(code).toBe(0);
  });
});

describe('geria-score --csv', () => {
  it('appends total, band, subscale and index columns and an error column for bad rows', async () => {
    const csv = [
      'eq5d5l-1,eq5d5l-2,eq5d5l-3,eq5d5l-4,eq5d5l-5,eq5d5l-vas',
      '1,1,1,1,1,90',
      '5,5,5,5,5,',
      '1,1,9,1,1,50',
      '1,1,1,1,,50',
    ].join('\r\n');
    const { code, stdout } = await cli(['eq5d5l', '--csv', 'r.csv'], { files: { 'r.csv': csv } });
    expect(code).toBe(1);
    const [header, best, worst, bad, partial] = parseCsv(stdout);
    const row = (cells: string[]) => Object.fromEntries(header.map((h, i) => [h, cells[i]]));
    expect(header.slice(6)).toEqual([
      'total', 'band', 'subscale.profile', 'subscale.levelSumScore', 'subscale.vas',
      'index.FR', 'index.IT', 'index.PT', 'index.ES', 'index.EN', 'index.UK-CW', 'error',
    ]);
    expect(row(best)).toMatchObject({ total: '5', band: '', 'subscale.profile': '11111', 'index.UK-CW': '1', error: '' });
    expect(row(worst)).toMatchObject({ total: '25', 'subscale.vas': '', 'index.FR': '-0.525', 'index.UK-CW': '-0.594' });
    expect(row(bad)).toMatchObject({ total: '', error: 'Item eq5d5l-3: the value 9 is not one of the options.' });
    expect(row(partial)).toMatchObject({ total: '', 'subscale.profile': '', 'subscale.vas': '50', error: '' });
  });

  it('reads true/false, keeps text for text items and quotes what needs quoting', async () => {
    const gds = 'gds15-1,gds15-2\nTRUE,false\nyes,true\n';
    const { stdout } = await cli(['gds15', '--csv', 'g.csv'], { files: { 'g.csv': gds } });
    const [, ok, bad] = parseCsv(stdout);
    expect(ok.at(-1)).toBe('');
    expect(bad.at(-1)).toBe('Item gds15-1: the value "yes" is not of the expected type.');
    expect(stdout).toContain('"Item gds15-1: the value ""yes"" is not of the expected type."');
  });

  it('flags a row with more cells than columns without stopping the others', async () => {
    const { stdout } = await cli(['sleep', '--csv', 's.csv'], { files: { 's.csv': 'sleep-1\n3,4\n10\n' } });
    const [, bad, ok] = parseCsv(stdout);
    expect(bad.at(-1)).toContain('2 cells for 1 columns');
    expect(ok.slice(1, 3)).toEqual(['10', 'excellent']);
  });

  it('refuses a header column that is not an item (exit 2)', async () => {
    const { code, stderr } = await cli(['sleep', '--csv', 's.csv'], { files: { 's.csv': 'id,sleep-1\n1,3\n' } });
    expect(code).toBe(2);
    expect(stderr).toContain('Columns that are not items of sleep: id');
  });
});

describe('bin/geria-score.mjs', () => {
  it('runs on this Node through the tsx loader', () => {
    const bin = fileURLToPath(new URL('../../bin/geria-score.mjs', import.meta.url));
    const input = `${JSON.stringify({ instrument: 'godin', answers: { 'godin-1': 3, 'godin-2': 6, 'godin-3': 14 } })}\n`;
    const result = spawnSync(process.execPath, [bin, '--jsonl'], { input, encoding: 'utf8', timeout: 30_000 });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ total: 99, band: 'active', subscales: { moderateStrenuous: 57 } });
  }, 30_000);
});
