import { describe, expect, it } from 'vitest';
import { KEY_END, parsedVersion, parsedVersions, VERSION_END } from './parsed-versions.ts';

const entry = (key: string, resource: object) => `${key}${KEY_END}${JSON.stringify(resource)}`;

describe('parsed versions', () => {
  it('parses a version once and gives every reader the same resource', () => {
    const text = entry('Observation/o1/1/2026-01-01 10:00:00+00', { resourceType: 'Observation', id: 'o1', status: 'final' });
    const first = parsedVersion(text);
    expect(first).toEqual({ resourceType: 'Observation', id: 'o1', status: 'final' });
    expect(parsedVersion(text)).toBe(first);
  });

  it('parses again for another version or another write of the same version number', () => {
    const v1 = parsedVersion(entry('Observation/o2/1/2026-01-01 10:00:00+00', { resourceType: 'Observation', id: 'o2', status: 'preliminary' }));
    const v2 = parsedVersion(entry('Observation/o2/2/2026-01-02 10:00:00+00', { resourceType: 'Observation', id: 'o2', status: 'final' }));
    const rewritten = parsedVersion(entry('Observation/o2/1/2026-03-01 10:00:00+00', { resourceType: 'Observation', id: 'o2', status: 'amended' }));
    expect([v1, v2, rewritten].map((r) => (r as { status?: string }).status)).toEqual(['preliminary', 'final', 'amended']);
  });

  it('freezes what it shares, down to the nested elements', () => {
    const resource = parsedVersion(entry('Observation/o3/1/t', { resourceType: 'Observation', id: 'o3', code: { coding: [{ code: 'x' }] } })) as unknown as
      { id: string; code: { coding: { code: string }[] } };
    expect(() => { resource.id = 'other'; }).toThrow(TypeError);
    expect(() => { resource.code.coding[0].code = 'y'; }).toThrow(TypeError);
    expect(() => { resource.code.coding.push({ code: 'z' }); }).toThrow(TypeError);
  });

  it('reads a list of versions in its order, and none from null or empty text', () => {
    const list = [entry('Patient/p1/1/t', { resourceType: 'Patient', id: 'p1' }), entry('Patient/p2/4/t', { resourceType: 'Patient', id: 'p2' })].join(VERSION_END);
    expect(parsedVersions(list).map((r) => r.id)).toEqual(['p1', 'p2']);
    expect(parsedVersions(null)).toEqual([]);
    expect(parsedVersions('')).toEqual([]);
  });
});
