import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Zip, ZipDeflate } from 'fflate';
import type { Db } from '../db/connection.ts';
import type { WrittenFile } from './table-writer.ts';

/** Size of the stored pieces of a zip: small enough to read one at a time, large enough to be few. */
const CHUNK_BYTES = 1 << 20;

/** The SHA-256 and size of a file, read as a stream. */
export async function fileDigest(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) { hash.update(chunk as Buffer); bytes += (chunk as Buffer).length; }
  return { sha256: hash.digest('hex'), bytes };
}

/**
 * Zips the files (deflate, streamed with fflate) into the export's stored chunks, as the zip is
 * produced: at most about a chunk of it is in memory. Returns the zip's size and SHA-256.
 */
export async function storeZip(db: Db, exportId: string, files: readonly WrittenFile[], mtime: Date): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let bytes = 0;
  let seq = 0;
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) { failure = error; return; }
    pending.push(data);
    pendingBytes += data.length;
  });
  const flush = async (force: boolean) => {
    if (failure) throw failure;
    if (!pendingBytes || (!force && pendingBytes < CHUNK_BYTES)) return;
    const data = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    hash.update(data);
    bytes += data.length;
    await db.kysely.insertInto('dataset_export_chunk').values({ export_id: exportId, seq: seq++, data }).execute();
  };
  for (const file of files) {
    const entry = new ZipDeflate(file.name, { level: 6 });
    entry.mtime = mtime;
    zip.add(entry);
    for await (const chunk of createReadStream(file.path)) {
      entry.push(chunk as Buffer);
      await flush(false);
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  await flush(true);
  return { bytes, sha256: hash.digest('hex') };
}
