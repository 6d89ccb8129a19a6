import { createHmac } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatCsv } from '@geria/domain/cli/csv.ts';
import {
  CODEBOOK_COLUMNS, codebookHtml, codebookRows, columnsOf, datasetParamsSchema, datasetVariables, deviceDailyVariables, encounterValues,
  EXPORT_RETENTION_DAYS, LONG_COLUMNS, longRows, participantValues, readmeText, studyIdFromDigest, wideColumns, wideRows,
  type Cell, type Values,
} from '@geria/domain/exports/index.ts';
import { measurementOf } from '@geria/domain/reference/measurements.ts';
import type { Db } from '../db/connection.ts';
import type { ExportRow } from './tables.ts';
import { countScope, encounterNumbers, participantBatches, type ParticipantBatchEntry } from './read.ts';
import { TableWriter, type WrittenFile } from './table-writer.ts';
import { fileDigest, storeZip } from './zip-store.ts';
import { GERIA_VERSION } from './version.ts';

export class Cancelled extends Error { constructor() { super('cancelled'); } }

/** Participants read per batch: one batch's resources are in memory at a time. */
export const BATCH_SIZE = 500;

export interface BuildResult { participants: number; excluded: number; rows: number; bytes: number; sha256: string; retentionDays: number }

const deviceRows = (studyId: string, entry: ParticipantBatchEntry): Cell[][] => entry.deviceDays.map((d) =>
  [studyId, d.day, measurementOf([{ system: d.system, code: d.code }])?.key ?? `${d.system}|${d.code}`, d.value, d.unit]);

/**
 * Builds the export's zip: the data (CSV and Parquet, in the chosen layout), the device daily table
 * when asked, the codebook (CSV and HTML) and the README with the SHA-256 of every other file.
 * Works in a temporary directory that it deletes; `progress` is called after every batch and may
 * throw Cancelled.
 */
export async function buildExport(db: Db, job: ExportRow, progress: (p: number) => Promise<void>): Promise<BuildResult> {
  const params = datasetParamsSchema.parse(job.parameters);
  const scope = { organisation: job.organisation, params };
  const now = new Date();
  const dir = await mkdtemp(path.join(tmpdir(), 'geria-export-'));
  try {
    const counts = await countScope(db, scope);
    const variables = datasetVariables(params);
    const numbers = params.layout === 'wide' ? await encounterNumbers(db, scope) : [];
    const columns = params.layout === 'wide' ? wideColumns(variables, numbers) : [...LONG_COLUMNS];
    const wideRow = wideRows(columns);
    const wanted = new Set(variables.filter((v) => v.level === 'encounter').map((v) => v.name));
    const instruments = new Set(params.instruments);
    const data = new TableWriter(dir, 'data', columns);
    const deviceVariables = params.deviceDaily ? deviceDailyVariables(params.language) : [];
    const device = params.deviceDaily ? new TableWriter(dir, 'device_daily', columnsOf(deviceVariables)) : null;
    await progress(0.02);

    let done = 0;
    for await (const batch of participantBatches(db, scope, BATCH_SIZE)) {
      const rows: Cell[][] = [];
      const devices: Cell[][] = [];
      for (const entry of batch) {
        const studyId = studyIdFromDigest(createHmac('sha256', job.pseudonym_key).update(entry.id).digest('hex'));
        const participant = participantValues({ ...entry.facts, studyId }, params, now);
        const encounters = new Map<number, Values>(entry.encounters.map((e) => [e.number, encounterValues(e, instruments, wanted)]));
        if (params.layout === 'wide') rows.push(wideRow(participant, encounters));
        else rows.push(...longRows(variables, participant, encounters));
        if (device) devices.push(...deviceRows(studyId, entry));
      }
      await data.append(rows);
      await device?.append(devices);
      done += batch.length;
      await progress(0.02 + 0.88 * (counts.participants ? done / counts.participants : 1));
    }

    const files: WrittenFile[] = [...await data.close(), ...(device ? await device.close() : [])];
    const codebookVariables = [...variables, ...deviceVariables];
    await writeFile(path.join(dir, 'codebook.csv'), formatCsv([[...CODEBOOK_COLUMNS], ...codebookRows(codebookVariables)]), 'utf8');
    await writeFile(path.join(dir, 'codebook.html'), codebookHtml(codebookVariables, params.language), 'utf8');
    files.push({ name: 'codebook.csv', path: path.join(dir, 'codebook.csv') }, { name: 'codebook.html', path: path.join(dir, 'codebook.html') });
    const digests = await Promise.all(files.map(async (f) => ({ name: f.name, ...await fileDigest(f.path) })));
    await writeFile(path.join(dir, 'README.txt'), readmeText({
      exportId: job.id, createdAt: new Date(job.queued_at), finishedAt: new Date(), createdBy: job.created_by, organisation: job.organisation,
      version: GERIA_VERSION, params, participants: done, excludedForProcessingRights: counts.excluded, rows: data.rows,
      retentionDays: EXPORT_RETENTION_DAYS, files: digests,
    }), 'utf8');
    await progress(0.92);
    const zip = await storeZip(db, job.id, [{ name: 'README.txt', path: path.join(dir, 'README.txt') }, ...files], now);
    await progress(0.99);
    return { participants: done, excluded: counts.excluded, rows: data.rows, ...zip, retentionDays: EXPORT_RETENTION_DAYS };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
