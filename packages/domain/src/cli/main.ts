import { InstrumentAnswerError } from '../instruments/errors.ts';
import { INSTRUMENT_IDS, getInstrument } from '../instruments/registry.ts';
import { scoreInstrument } from '../instruments/score.ts';
import { CsvHeaderError, scoreCsv } from './csv-mode.ts';

/** What the CLI touches, injected so it runs the same from the bin and from tests. */
export interface CliIo {
  stdinLines(): AsyncIterable<string>;
  readFile(path: string): Promise<string>;
  stdout(text: string): void;
  stderr(text: string): void;
}

export const USAGE = `Usage:
  geria-score <instrument> --answers '<json>'   score one answer set, print the result as JSON
  geria-score --jsonl                           read {"instrument": "...", "answers": {...}} lines on stdin,
                                                write one result or {"error": {...}} line per input line
  geria-score <instrument> --csv <file.csv>     score every row of a CSV whose header names linkIds;
                                                write it to stdout with total, band, subscale.*, index.*
                                                and error columns appended
  geria-score --help

Answers are keyed by linkId (e.g. {"phq9-1": 2, "phq9-2": 0}). Exit code: 0 all scored,
1 some answers were invalid, 2 usage error.
Instruments: ${INSTRUMENT_IDS.join(', ')}
`;

type Parsed = { help: true } | { instrument?: string; answers?: string; csv?: string; jsonl: boolean; help: false };

class UsageError extends Error {}

function parseArgs(argv: readonly string[]): Parsed {
  const parsed: Parsed = { jsonl: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].startsWith('--') && argv[i].includes('=') ? [argv[i].slice(0, argv[i].indexOf('=')), argv[i].slice(argv[i].indexOf('=') + 1)] : [argv[i], undefined];
    const value = () => {
      const next = inline ?? argv[++i];
      if (next === undefined) throw new UsageError(`${flag} needs a value.`);
      return next;
    };
    if (flag === '--help' || flag === '-h') return { help: true };
    else if (flag === '--jsonl') parsed.jsonl = true;
    else if (flag === '--answers') parsed.answers = value();
    else if (flag === '--csv') parsed.csv = value();
    else if (flag.startsWith('-')) throw new UsageError(`Unknown option ${flag}.`);
    else if (parsed.instrument === undefined) parsed.instrument = flag;
    else throw new UsageError(`Unexpected argument ${flag}.`);
  }
  return parsed;
}

const errorJson = (error: unknown) =>
  error instanceof InstrumentAnswerError
    ? { code: error.code, reason: error.reason, instrument: error.instrumentId, linkId: error.linkId, message: error.message }
    : { code: 'invalid-line', message: error instanceof Error ? error.message : String(error) };

async function scoreLines(io: CliIo): Promise<number> {
  let failures = 0;
  for await (const line of io.stdinLines()) {
    if (line.trim() === '') continue;
    try {
      const request: unknown = JSON.parse(line);
      if (typeof request !== 'object' || request === null || typeof (request as { instrument?: unknown }).instrument !== 'string') {
        throw new Error('Each line must be {"instrument": "<id>", "answers": {...}}.');
      }
      const { instrument, answers } = request as { instrument: string; answers?: unknown };
      io.stdout(JSON.stringify(scoreInstrument(instrument, answers ?? {})) + '\n');
    } catch (error) {
      failures++;
      io.stdout(JSON.stringify({ error: errorJson(error) }) + '\n');
    }
  }
  return failures ? 1 : 0;
}

function instrumentOf(id: string | undefined) {
  if (id === undefined) throw new UsageError('Name the instrument to score.');
  const def = getInstrument(id);
  if (!def) throw new UsageError(`Unknown instrument "${id}".`);
  return def;
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv);
  if (args.help) {
    io.stdout(USAGE);
    return 0;
  }
  const modes = [args.jsonl, args.answers !== undefined, args.csv !== undefined].filter(Boolean).length;
  if (modes !== 1) throw new UsageError('Choose exactly one of --answers, --csv and --jsonl.');
  if (args.jsonl) {
    if (args.instrument !== undefined) throw new UsageError('--jsonl takes the instrument from each line.');
    return scoreLines(io);
  }
  const def = instrumentOf(args.instrument);
  if (args.answers !== undefined) {
    let answers: unknown;
    try {
      answers = JSON.parse(args.answers);
    } catch {
      throw new UsageError('--answers is not valid JSON.');
    }
    try {
      io.stdout(JSON.stringify(scoreInstrument(def.id, answers)) + '\n');
      return 0;
    } catch (error) {
      if (!(error instanceof InstrumentAnswerError)) throw error;
      io.stderr(JSON.stringify({ error: errorJson(error) }) + '\n');
      return 1;
    }
  }
  let text: string;
  try {
    text = await io.readFile(args.csv!);
  } catch (error) {
    throw new UsageError(`Cannot read ${args.csv}: ${error instanceof Error ? error.message : error}`);
  }
  try {
    const { csv, failures } = scoreCsv(def, text);
    io.stdout(csv);
    return failures ? 1 : 0;
  } catch (error) {
    if (error instanceof CsvHeaderError || error instanceof SyntaxError) throw new UsageError(error.message);
    throw error;
  }
}

/** Runs the CLI and returns its exit code; usage errors print the usage text and return 2. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`geria-score: ${error.message}\n\n${USAGE}`);
    return 2;
  }
}
