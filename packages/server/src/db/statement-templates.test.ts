import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { compileOnlyDb } from '../test/compile-only-db.ts';
import { StatementTemplates } from './statement-templates.ts';

interface Tables { participant: { id: string; organisation: string; tags: string[] } }

const db = compileOnlyDb<Tables>();

const byIdAndOrganisation = (organisation: string) => ([id]: readonly [string]) => ({
  compiled: db.selectFrom('participant').select('id').where('id', '=', id).where('organisation', '=', organisation)
    .where('id', 'in', [id, 'fixed']).compile(),
  read: 'reader',
});

describe('statement templates', () => {
  it('builds once per shape and gives each call its own value in every place the value was used', () => {
    const templates = new StatementTemplates<string>();
    const build = vi.fn(byIdAndOrganisation('MIL'));
    const first = templates.get('MIL', ['a1'], build);
    const second = templates.get('MIL', ['b2'], build);
    expect(build).toHaveBeenCalledTimes(1);
    expect(first.query.parameters).toEqual(['a1', 'MIL', 'a1', 'fixed']);
    expect(second.query.parameters).toEqual(['b2', 'MIL', 'b2', 'fixed']);
    expect(second.query.sql).toBe(first.query.sql);
    expect(second.read).toBe('reader');
  });

  it('builds another statement for another shape', () => {
    const templates = new StatementTemplates<string>();
    templates.get('MIL', ['a1'], byIdAndOrganisation('MIL'));
    expect(templates.get('ATH', ['a1'], byIdAndOrganisation('ATH')).query.parameters).toEqual(['a1', 'ATH', 'a1', 'fixed']);
    expect(templates.get('MIL', ['c3'], byIdAndOrganisation('ATH')).query.parameters).toEqual(['c3', 'MIL', 'c3', 'fixed']);
  });

  it('refuses a statement that uses the value inside another parameter, in its text or not at all', () => {
    const templates = new StatementTemplates<string>();
    const inside = ([id]: readonly [string]) => ({ compiled: db.selectFrom('participant').select('id').where('organisation', '=', `Patient/${id}`).compile(), read: '' });
    const inArray = ([id]: readonly [string]) => ({ compiled: sql`select ${sql.val([id])}::text[]`.compile(db), read: '' });
    const inText = ([id]: readonly [string]) => ({ compiled: sql`select ${sql.lit(id)}, ${id}`.compile(db), read: '' });
    const unused = () => ({ compiled: sql`select ${1}`.compile(db), read: '' });
    expect(() => templates.get('a', ['x'], inside)).toThrow(/inside another/);
    expect(() => templates.get('b', ['x'], inArray)).toThrow(/inside another/);
    expect(() => templates.get('c', ['x'], inText)).toThrow(/SQL text/);
    expect(() => templates.get('d', ['x'], unused)).toThrow(/does not use/);
  });

  it('carries several values: texts and numbers by value, a list as one array parameter', () => {
    const templates = new StatementTemplates<string>();
    const build = vi.fn(([id, tags, limit]: readonly [string, readonly string[], number]) => ({
      compiled: db.selectFrom('participant').select('id').where('id', '=', id).where(sql<boolean>`tags && ${sql.val(tags)}::text[]`)
        .where('organisation', '=', 'MIL').limit(limit).compile(),
      read: '',
    }));
    templates.get('q', ['a1', ['x', 'y'], 20], build);
    const tags = ['z'];
    const { query } = templates.get('q', ['b2', tags, 5], build);
    expect(build).toHaveBeenCalledTimes(1);
    expect(query.parameters).toEqual(['b2', ['z'], 'MIL', 5]);
    expect(query.parameters[1]).toBe(tags);
  });

  it('refuses a number or a list used inside another parameter or in the text', () => {
    const templates = new StatementTemplates<string>();
    const numberInText = ([n]: readonly [number]) => ({ compiled: sql`select ${sql.lit(n)}, ${n}`.compile(db), read: '' });
    const listInText = ([list]: readonly [readonly string[]]) => ({ compiled: sql`select ${sql.lit(list[0])}, ${sql.val(list)}`.compile(db), read: '' });
    const listElement = ([list]: readonly [readonly string[]]) => ({ compiled: sql`select ${list[0]}`.compile(db), read: '' });
    expect(() => templates.get('a', [3], numberInText)).toThrow(/SQL text/);
    expect(() => templates.get('b', [['x']], listInText)).toThrow(/SQL text/);
    expect(() => templates.get('c', [['x']], listElement)).toThrow(/inside another/);
  });

  it('keeps at most its number of shapes, starting afresh when full', () => {
    const templates = new StatementTemplates<string>(2);
    const build = vi.fn(byIdAndOrganisation('MIL'));
    templates.get('1', ['x'], build);
    templates.get('2', ['x'], build);
    templates.get('3', ['x'], build);
    templates.get('3', ['y'], build);
    templates.get('1', ['x'], build);
    expect(build).toHaveBeenCalledTimes(4);
  });
});
