import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhir, observation, patient } from '../test/fhir-fixtures.ts';
import { fhirService, type FhirClient } from './service.ts';

let ctx: TestContext;
let system: FhirClient;

beforeAll(async () => {
  ctx = await createTestContext();
  system = fhirService(ctx.db).withContext({ kind: 'system', name: 'paging-test' });
});
afterAll(async () => { await ctx?.close(); });

/** A Patient of the test organisation with Observations of the given ids (each `effective` a day of March 2024, or none). */
async function patientWith(ids: readonly string[], day: (i: number) => number | undefined = () => 1) {
  const subject = (await system.create(patient())).id;
  await addObservations(subject, ids, day);
  return subject;
}

async function addObservations(subject: string, ids: readonly string[], day: (i: number) => number | undefined = () => 1) {
  for (const [i, id] of ids.entries()) {
    const d = day(i);
    await system.update('Observation', id, observation(subject, { effectiveDateTime: d === undefined ? undefined : `2024-03-${String(d).padStart(2, '0')}T10:00:00Z` }));
  }
}

const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 10).padStart(3, '0')}`);

async function get(url: string, user = 'test-ccm') {
  const res = await fhir(ctx, user, 'GET', url.includes('/fhir/') ? url.slice(url.indexOf('/fhir/') + 6) : url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const link = (bundle: any, relation: string): string | undefined => bundle.link.find((l: any) => l.relation === relation)?.url;
const ids = (bundle: any) => bundle.entry.filter((e: any) => e.search.mode === 'match').map((e: any) => e.resource.id as string);
/** A history page's versions, as `type/id/version`. */
const versions = (bundle: any): string[] => bundle.entry.map((e: any) => `${e.fullUrl.split('/fhir/')[1]}/${e.response.etag.replace(/\D/g, '')}`);

/** Every page from `url` on by its next links, `between` running after each page; the ids (or what `of` reads) in the order read. */
async function walk(url: string, between: (page: number) => Promise<void> = async () => {}, of: (bundle: any) => string[] = ids) {
  const read: string[] = [];
  let next: string | undefined = url;
  for (let page = 0; next; page++) {
    const bundle = await get(next);
    read.push(...of(bundle));
    await between(page);
    next = link(bundle, 'next');
  }
  return read;
}

const once = (read: readonly string[]) => expect(read.length, `read twice: ${read.filter((id, i) => read.indexOf(id) !== i)}`).toBe(new Set(read).size);

describe('FHIR search paging by cursor', () => {
  it('reads every resource once in the default order (by id) while others are added before the page reached', async () => {
    const stored = range('walk-id', 12);
    const subject = await patientWith(stored);
    let added = 0;
    // Ids sorting before every stored one: an offset past them would read the last page's rows again.
    const read = await walk(`Observation?subject=Patient/${subject}&_count=5`, async () => addObservations(subject, [`walk-id-00${added++}`]));
    once(read);
    expect(read.filter((id) => stored.includes(id))).toEqual(stored);
  });

  it('reads every resource once newest first (-_lastUpdated) while new ones arrive at the front', async () => {
    const stored = range('walk-new', 9);
    const subject = await patientWith(stored);
    let added = 0;
    const read = await walk(`Observation?subject=Patient/${subject}&_sort=-_lastUpdated&_count=4`, async () => addObservations(subject, [`walk-new-x${added++}`]));
    once(read);
    expect(read).toEqual([...stored].reverse());
  });

  it('reads every resource once by date, ties broken by id and the undated last, while earlier ones are added', async () => {
    const stored = range('walk-date', 10);
    // Three days, two Observations without a date.
    const subject = await patientWith(stored, (i) => (i >= 8 ? undefined : 3 - (i % 3)));
    let added = 0;
    const read = await walk(`Observation?subject=Patient/${subject}&_sort=date&_count=3`, async () => addObservations(subject, [`walk-date-a${added++}`], () => 1));
    once(read);
    const byDate = ['walk-date-012', 'walk-date-015', 'walk-date-011', 'walk-date-014', 'walk-date-017', 'walk-date-010', 'walk-date-013', 'walk-date-016', 'walk-date-018', 'walk-date-019'];
    expect(read.filter((id) => stored.includes(id))).toEqual(byDate);
    // Descending: the undated first, then newest first, ties by id descending.
    expect(await walk(`Observation?subject=Patient/${subject}&_sort=-date&_id=${stored.join(',')}&_count=4`)).toEqual([...byDate].reverse());
  });

  it('walks every order forwards and backwards as one page reads it, mixed directions and undated resources included', async () => {
    const stored = range('orders', 9);
    // Days 1 and 2 and none, each several times: ties on the date, nulls in the middle of mixed orders.
    const subject = await patientWith(stored, (i) => [1, 2, undefined][i % 3]);
    for (const sort of ['date', '-date', '_lastUpdated', '-_lastUpdated', 'date,-_lastUpdated', '-date,_lastUpdated', '_id', '-_id', '_lastUpdated,-date']) {
      const query = `Observation?subject=Patient/${subject}&_sort=${sort}`;
      const whole = ids(await get(`${query}&_count=100`));
      expect(whole, sort).toHaveLength(stored.length);
      expect(await walk(`${query}&_count=2`), sort).toEqual(whole);
      // From the last page back to the first by previous links.
      let page = await get(`${query}&_count=2&_offset=8`);
      const back: string[][] = [ids(page)];
      for (let url = link(page, 'previous'); url; url = link(page, 'previous')) {
        page = await get(url);
        back.unshift(ids(page));
      }
      expect(back.flat(), sort).toEqual(whole);
    }
  });

  it('goes back by previous links to the first page, which has none, and links first', async () => {
    const stored = range('back', 7);
    const subject = await patientWith(stored);
    const query = `Observation?subject=Patient/${subject}&_count=3`;
    const first = await get(query);
    const second = await get(link(first, 'next')!);
    const third = await get(link(second, 'next')!);
    expect([ids(first), ids(second), ids(third)]).toEqual([stored.slice(0, 3), stored.slice(3, 6), stored.slice(6)]);
    expect(link(third, 'next')).toBeUndefined();
    const backToSecond = await get(link(third, 'previous')!);
    expect(ids(backToSecond)).toEqual(stored.slice(3, 6));
    expect(ids(await get(link(backToSecond, 'next')!))).toEqual(stored.slice(6));
    const backToFirst = await get(link(backToSecond, 'previous')!);
    expect(ids(backToFirst)).toEqual(stored.slice(0, 3));
    expect(link(backToFirst, 'previous')).toBeUndefined();
    expect(link(first, 'previous')).toBeUndefined();
    expect(ids(await get(link(third, 'first')!))).toEqual(stored.slice(0, 3));
    // The total is of the whole search, on every page.
    expect([first.total, second.total, third.total, backToFirst.total]).toEqual([7, 7, 7, 7]);
  });

  it('continues an _offset page by cursor', async () => {
    const stored = range('offset', 6);
    const subject = await patientWith(stored);
    const page = await get(`Observation?subject=Patient/${subject}&_count=2&_offset=2`);
    expect(ids(page)).toEqual(stored.slice(2, 4));
    expect(link(page, 'next')).toContain('_cursor=');
    expect(ids(await get(link(page, 'next')!))).toEqual(stored.slice(4, 6));
    expect(ids(await get(link(page, 'previous')!))).toEqual(stored.slice(0, 2));
  });

  it('keeps _include, _revinclude and _summary on every page', async () => {
    const stored = range('incl', 5);
    const subject = await patientWith(stored);
    const pages: any[] = [];
    let next: string | undefined = `Observation?subject=Patient/${subject}&_include=Observation:subject&_summary=true&_count=2`;
    while (next) {
      const bundle = await get(next);
      pages.push(bundle);
      next = link(bundle, 'next');
    }
    expect(pages.map(ids)).toEqual([stored.slice(0, 2), stored.slice(2, 4), stored.slice(4)]);
    for (const bundle of pages) {
      expect(bundle.entry.filter((e: any) => e.search.mode === 'include').map((e: any) => e.resource.id)).toEqual([subject]);
      expect(bundle.entry[0].resource.meta.tag).toContainEqual(expect.objectContaining({ code: 'SUBSETTED' }));
    }
    const patients = await walk(`Patient?_id=${subject}&_revinclude=Observation:subject&_count=1`);
    expect(patients).toEqual([subject]);
  });

  describe('refuses with 400 a cursor', () => {
    let subject: string;
    let next: string;
    beforeAll(async () => {
      subject = await patientWith(range('tamper', 3));
      next = link(await get(`Observation?subject=Patient/${subject}&_count=1`), 'next')!;
    });
    const refused = async (url: string) => {
      const res = await fhir(ctx, 'test-ccm', 'GET', url.slice(url.indexOf('/fhir/') + 6));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.issue[0].expression).toEqual(['_cursor']);
    };
    const token = () => new URL(next).searchParams.get('_cursor')!;
    const withToken = (value: string) => { const url = new URL(next); url.searchParams.set('_cursor', value); return url.toString(); };

    it('altered in its keys (another id, the digest kept)', async () => {
      const [payload, sum] = token().split('.');
      const keys = JSON.parse(Buffer.from(payload, 'base64url').toString());
      keys.k[0] = 'tamper-012';
      await refused(withToken(`${Buffer.from(JSON.stringify(keys)).toString('base64url')}.${sum}`));
    });

    it('altered in one character, cut, or not a token at all', async () => {
      const t = token();
      await refused(withToken(`${t.slice(0, 5)}${t[5] === 'A' ? 'B' : 'A'}${t.slice(6)}`));
      await refused(withToken(t.slice(0, -3)));
      await refused(withToken('not-a-cursor'));
    });

    it('made for another search', async () => {
      await refused(next.replace(`subject=Patient%2F${subject}`, 'code=8867-4'));
      await refused(`${next}&_sort=-_lastUpdated`);
    });

    it('with an _offset', async () => {
      await refused(`${next}&_offset=1`);
    });
  });
});

describe('FHIR history paging by cursor', () => {
  /** A Patient with Observations whose versions are `updates` updates each, one Observation after another; the instant before them. */
  async function historyOf(prefix: string, observations: number, updates: number) {
    const subject = (await system.create(patient())).id;
    const since = new Date().toISOString();
    const stored = range(prefix, observations);
    for (const id of stored) {
      for (let v = 0; v <= updates; v++) await system.update('Observation', id, observation(subject, { valueString: `v${v}` }));
    }
    return { subject, since, stored };
  }
  /** Every page of an offset walk: what `_offset` paging read before cursors. */
  async function offsetWalk(url: string, count: number) {
    const read: string[] = [];
    for (let offset = 0; ; offset += count) {
      const page = versions(await get(`${url}&_count=${count}&_offset=${offset}`));
      if (!page.length) return read;
      read.push(...page);
    }
  }

  it('walks a type\'s and an instance\'s history forwards by cursor as the offset walk reads it, and back by previous links', async () => {
    const { since, stored } = await historyOf('hist-walk', 4, 2);
    // Five more Observations in one transaction: five versions of one instant, ordered by id.
    const subject = (await system.create(patient())).id;
    await system.bundle({ resourceType: 'Bundle', type: 'transaction', entry: range('hist-tie', 5).map((id) => ({
      request: { method: 'PUT', url: `Observation/${id}` }, resource: { ...observation(subject), id },
    })) });
    const typeHistory = `Observation/_history?_since=${encodeURIComponent(since)}`;
    const whole = await offsetWalk(typeHistory, 2);
    expect(whole).toHaveLength(4 * 3 + 5);
    const first = await get(`${typeHistory}&_count=2`);
    expect(link(first, 'next')).toContain('_cursor=');
    expect(await walk(`${typeHistory}&_count=2`, undefined, versions)).toEqual(whole);
    expect(await walk(`${typeHistory}&_count=3`, undefined, versions)).toEqual(whole);

    const instance = `Observation/${stored[1]}/_history?_count=1`;
    expect(await walk(instance, undefined, versions)).toEqual([3, 2, 1].map((v) => `Observation/${stored[1]}/${v}`));

    // From the last page back to the first, which has no previous link.
    let page = await get(`${typeHistory}&_count=2&_offset=16`);
    const back: string[][] = [versions(page)];
    for (let url = link(page, 'previous'); url; url = link(page, 'previous')) {
      page = await get(url);
      back.unshift(versions(page));
    }
    expect(back.flat()).toEqual(whole);
    expect(versions(await get(link(page, 'next')!))).toEqual(whole.slice(2, 4));
    expect(page.total).toBe(whole.length);
  });

  it('reads each version once, none lost, while new versions are written between the pages', async () => {
    const { subject, since, stored } = await historyOf('hist-live', 3, 3);
    const url = `Observation/_history?_since=${encodeURIComponent(since)}&_count=3`;
    const before = await offsetWalk(url, 3);
    let written = 0;
    // Each page is followed by a new version at the front of the history: an offset would read the page's last rows again.
    const read = await walk(url, async () => { await system.update('Observation', stored[written++ % 3]!, observation(subject, { valueString: `later ${written}` })); }, versions);
    once(read);
    expect(read).toEqual(before);
    expect(written).toBeGreaterThan(1);
  });

  describe('refuses with 400 a cursor', () => {
    let next: string;
    let other: string;
    beforeAll(async () => {
      const { stored } = await historyOf('hist-tamper', 2, 2);
      next = link(await get(`Observation/${stored[0]}/_history?_count=1`), 'next')!;
      other = stored[1]!;
    });
    const refused = async (url: string) => {
      const res = await fhir(ctx, 'test-ccm', 'GET', url.slice(url.indexOf('/fhir/') + 6));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', expression: ['_cursor'] }] });
    };
    const withToken = (value: string) => { const url = new URL(next); url.searchParams.set('_cursor', value); return url.toString(); };

    it('altered in its keys (another version, the digest kept), in one character, or cut', async () => {
      const token = new URL(next).searchParams.get('_cursor')!;
      const [payload, sum] = token.split('.');
      const keys = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      keys.k[2] = '1';
      await refused(withToken(`${Buffer.from(JSON.stringify(keys)).toString('base64url')}.${sum}`));
      await refused(withToken(`${token.slice(0, 5)}${token[5] === 'A' ? 'B' : 'A'}${token.slice(6)}`));
      await refused(withToken(token.slice(0, -3)));
    });

    it('made for another history, with another _since, or with an _offset', async () => {
      await refused(next.replace(/Observation\/[^/]+\/_history/, `Observation/${other}/_history`));
      await refused(next.replace(/Observation\/[^/]+\/_history/, 'Observation/_history'));
      await refused(`${next}&_since=2020-01-01T00:00:00Z`);
      await refused(`${next}&_offset=1`);
    });
  });
});
