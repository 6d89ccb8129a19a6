import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { fileWriter, ParquetWriter, schemaFromColumnData } from 'hyparquet-writer';
import { formatCsvField } from '@geria/domain/cli/csv.ts';
import { cellText, type Cell, type Column, type VariableType } from '@geria/domain/exports/index.ts';

/** Parquet's type of a dataset column: numbers as DOUBLE (the codebook says integer or decimal), dates as ISO text. */
const PARQUET_TYPE: Record<VariableType, 'STRING' | 'DOUBLE' | 'BOOLEAN'> = {
  string: 'STRING', date: 'STRING', integer: 'DOUBLE', decimal: 'DOUBLE', boolean: 'BOOLEAN',
};

/** A cell as its column's Parquet type holds it (anything else is an empty cell). */
function parquetValue(type: VariableType, value: Cell): Cell {
  if (value === null) return null;
  switch (PARQUET_TYPE[type]) {
    case 'DOUBLE': return typeof value === 'number' ? value : null;
    case 'BOOLEAN': return typeof value === 'boolean' ? value : null;
    default: return cellText(value);
  }
}

export interface WrittenFile { name: string; path: string }

/**
 * One table of the dataset written as it is produced, batch by batch, to a CSV file (UTF-8, RFC 4180)
 * and a Parquet file (one row group per batch, Snappy), so that only the current batch is in memory.
 */
export class TableWriter {
  private readonly csv: WriteStream;
  private readonly parquet: ParquetWriter;
  rows = 0;

  constructor(private readonly dir: string, private readonly base: string, private readonly columns: readonly Column[]) {
    this.csv = createWriteStream(`${dir}/${base}.csv`, { encoding: 'utf8' });
    this.csv.write(`${columns.map((c) => formatCsvField(c.name)).join(',')}\r\n`);
    const schema = schemaFromColumnData({ columnData: columns.map((c) => ({ name: c.name, data: [], type: PARQUET_TYPE[c.type], nullable: true })) });
    this.parquet = new ParquetWriter({ writer: fileWriter(`${dir}/${base}.parquet`), schema, createdBy: 'Geria' });
  }

  async append(rows: readonly Cell[][]): Promise<void> {
    if (!rows.length) return;
    const text = rows.map((row) => row.map((cell) => formatCsvField(cellText(cell))).join(',')).join('\r\n');
    if (!this.csv.write(`${text}\r\n`)) await once(this.csv, 'drain');
    this.parquet.write({
      columnData: this.columns.map((c, i) => ({ name: c.name, data: rows.map((row) => parquetValue(c.type, row[i] ?? null)) })),
      rowGroupSize: rows.length,
    });
    this.rows += rows.length;
  }

  async close(): Promise<WrittenFile[]> {
    this.parquet.finish();
    this.csv.end();
    await once(this.csv, 'finish');
    return [{ name: `${this.base}.csv`, path: `${this.dir}/${this.base}.csv` }, { name: `${this.base}.parquet`, path: `${this.dir}/${this.base}.parquet` }];
  }
}
