import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { MAX_PER_CONNECTION, MAX_TEXT, prepareRepeatedStatements, statementName } from './prepared.ts';

/** A client that records what reaches pg's query. */
function recordingClient() {
  const calls: unknown[][] = [];
  const client = { query: (...args: unknown[]) => { calls.push(args); return Promise.resolve({ rows: [] }); } };
  prepareRepeatedStatements(client as unknown as pg.ClientBase);
  return { client: client as unknown as { query: (...args: unknown[]) => unknown }, calls };
}

describe('prepared statements', () => {
  it('names a statement with parameters after its text, the same name every time', () => {
    const { client, calls } = recordingClient();
    client.query('select * from t where id = $1', [1]);
    client.query('select * from t where id = $1', [2]);
    expect(calls[0][0]).toEqual({ name: statementName('select * from t where id = $1'), text: 'select * from t where id = $1', values: [1] });
    expect((calls[1][0] as { name: string }).name).toBe((calls[0][0] as { name: string }).name);
    expect(statementName('select 1 where $1')).not.toBe(statementName('select 2 where $1'));
  });

  it('leaves unnamed what has no parameters, a callback, a config object or an over-long text', () => {
    const { client, calls } = recordingClient();
    const callback = () => undefined;
    const long = `select $1::text${' '.repeat(MAX_TEXT)}`;
    client.query('begin', []);
    client.query('select $1', [1], callback);
    client.query({ text: 'select $1', values: [1] });
    client.query(long, [1]);
    expect(calls).toEqual([['begin', []], ['select $1', [1], callback], [{ text: 'select $1', values: [1] }, undefined], [long, [1]]]);
  });

  it('names at most MAX_PER_CONNECTION texts per connection, then runs new ones unnamed', () => {
    const { client, calls } = recordingClient();
    for (let i = 0; i <= MAX_PER_CONNECTION; i++) client.query(`select ${i} where $1`, [1]);
    expect(calls.filter(([first]) => typeof first === 'object')).toHaveLength(MAX_PER_CONNECTION);
    expect(calls.at(-1)).toEqual([`select ${MAX_PER_CONNECTION} where $1`, [1]]);
    // A text named before the cap stays named.
    client.query('select 0 where $1', [1]);
    expect(typeof calls.at(-1)![0]).toBe('object');
  });
});
