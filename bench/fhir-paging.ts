/**
 * Deep FHIR paging (issue 36): a page far down a large Observation table read by `_cursor` (the
 * next links) and by `_offset`, against the first page, side by side, in the default order (id) and
 * newest first. The rows are generated in the database (generate_series), one organisation's
 * Observations as a CCM of it sees them; the searches run through the FHIR service as the REST
 * search does (searchJson). Prints a JSON summary.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/fhir-paging.ts               # 1 000 000 Observations, pages of 200
 *   npx tsx bench/fhir-paging.ts --rows 100000                            # embedded PGlite
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { sessionUserFromClaims } from '@geria/domain';
import { openPglite, openPostgres, type Db } from '../packages/server/src/db/connection.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { fhirService } from '../packages/server/src/fhir/service.ts';
import { encodeCursor, pageOrder, type SortKey } from '../packages/server/src/fhir/page-cursor.ts';
import { parseSearch } from '../packages/server/src/fhir/search.ts';

const { values: args } = parseArgs({ options: { rows: { type: 'string' }, count: { type: 'string' }, runs: { type: 'string' } } });
const onPostgres = Boolean(process.env.DATABASE_URL);
const ROWS = Number(args.rows ?? (onPostgres ? 1_000_000 : 100_000));
const COUNT = Number(args.count ?? 200);
const RUNS = Number(args.runs ?? 15);
const ORG = 8;
const PREFIX = 'paging-bench-';

const round = (n: number) => Math.round(n * 100) / 100;
const median = (ms: number[]) => round([...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]);

/** ROWS Observations of one Patient of organisation ORG, made by the database; kept between runs of the same size. */
async function generate(db: Db) {
  const { n } = (await sql<{ n: string }>`select count(*) as n from fhir_resource where resource_type = 'Observation' and id like ${`${PREFIX}%`}`.execute(db.kysely)).rows[0];
  if (Number(n) === ROWS) return 0;
  const started = performance.now();
  await sql`delete from fhir_resource where id like ${`${PREFIX}%`}`.execute(db.kysely);
  await sql`insert into fhir_resource (resource_type, id, version_id, last_updated, organisation_id, content, patient_id, date_start, date_end, tokens)
    values ('Patient', ${`${PREFIX}patient`}, 1, now(), ${ORG}, ${JSON.stringify({ resourceType: 'Patient', id: `${PREFIX}patient`, managingOrganization: { reference: `Organization/${ORG}` } })}::jsonb, ${`${PREFIX}patient`}, null, null, '{}')`.execute(db.kysely);
  // Ids in no particular relation to the dates (md5 of the row number), 30 s apart over a year.
  await sql`insert into fhir_resource (resource_type, id, version_id, last_updated, organisation_id, content, patient_id, date_start, date_end, tokens)
    select 'Observation', id, 1, updated, ${ORG},
      jsonb_build_object('resourceType', 'Observation', 'id', id, 'meta', jsonb_build_object('versionId', '1', 'lastUpdated', updated),
        'status', 'final', 'code', jsonb_build_object('coding', jsonb_build_array(jsonb_build_object('system', 'http://loinc.org', 'code', '8867-4'))),
        'subject', jsonb_build_object('reference', ${`Patient/${PREFIX}patient`}::text), 'effectiveDateTime', effective,
        'valueQuantity', jsonb_build_object('value', 60 + g % 40, 'unit', '/min', 'system', 'http://unitsofmeasure.org', 'code', '/min')),
      ${`${PREFIX}patient`}, effective, effective + interval '1 second',
      array['code', 'code=http://loinc.org|8867-4', 'code=8867-4', 'subject', ${`subject=Patient/${PREFIX}patient`}::text, 'status=final']
    from (select g, ${PREFIX} || md5(g::text) as id, timestamptz '2025-01-01' + g * interval '30 seconds' as effective,
            timestamptz '2025-06-01' + g * interval '1 millisecond' as updated
          from generate_series(1, ${ROWS}::int) g) s`.execute(db.kysely);
  await sql`analyze fhir_resource`.execute(db.kysely);
  return round((performance.now() - started) / 1000);
}

async function main() {
  const db = onPostgres ? await openPostgres(process.env.DATABASE_URL!) : await openPglite();
  await migrate(db);
  process.stderr.write(`generating ${ROWS} Observations on ${db.kind}\n`);
  const seconds = await generate(db);
  const user = sessionUserFromClaims({ sub: 'bench', preferred_username: 'bench-ccm', organisation: 'MIL-GER', realm_access: { roles: ['CCM'] } });
  const fhir = fhirService(db).withContext({ kind: 'user', user });
  const visible = Number((await sql<{ n: string }>`select count(*) as n from fhir_resource where resource_type = 'Observation' and not deleted and (organisation_id = ${ORG} or organisation_id is null)`.execute(db.kysely)).rows[0].n);
  const lastPage = Math.floor((visible - 1) / COUNT);

  const timed = async (query: string) => {
    const ms: number[] = [];
    let entries = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const bundle = JSON.parse(await fhir.searchJson('Observation', query));
      ms.push(performance.now() - t);
      entries = bundle.entry.length;
    }
    if (entries !== COUNT) throw new Error(`${query}: ${entries} entries, not ${COUNT}`);
    return median(ms);
  };

  /** The first page and the last full one, by offset and by cursor, for one order. */
  const pages = async (sortParam: string | undefined, sort: SortKey[]) => {
    const base = `_count=${COUNT}&_total=none${sortParam ? `&_sort=${sortParam}` : ''}`;
    const order = pageOrder(sort);
    const offset = lastPage * COUNT;
    // The cursor a next link gives on the page before: the keys of the row just before the deep page.
    const before = (await sql<Record<string, string>>`select id, to_char(last_updated at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_updated
      from fhir_resource where resource_type = 'Observation' and not deleted and (organisation_id = ${ORG} or organisation_id is null)
      order by ${sql.join(order.map((o) => sql`${sql.ref(o.column)} ${sql.raw(o.descending ? 'desc' : 'asc')}`))} offset ${offset - 1} limit 1`.execute(db.kysely)).rows[0];
    const query = parseSearch('Observation', new URLSearchParams(base)).query;
    const cursor = encodeCursor(query, { direction: 'after', keys: order.map((o) => before[o.column]) });
    return {
      firstPageMs: await timed(base),
      [`page${lastPage + 1}ByCursorMs`]: await timed(`${base}&_cursor=${cursor}`),
      [`page${lastPage + 1}ByOffsetMs`]: await timed(`${base}&_offset=${offset}`),
    };
  };

  const byId = await pages(undefined, []);
  const newestFirst = await pages('-_lastUpdated', [{ column: 'last_updated', descending: true }]);
  console.log(JSON.stringify({
    database: db.kind,
    observations: visible,
    generateSeconds: seconds,
    pageSize: COUNT,
    medianOf: RUNS,
    'Observation?_count (order by id)': byId,
    'Observation?_count&_sort=-_lastUpdated': newestFirst,
    budget: 'a page at depth within 2x of the first page',
  }, null, 2));
  await db.close();
}

await main();
