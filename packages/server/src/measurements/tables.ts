import type { ColumnType } from 'kysely';

/** Table of migration 008_device_data.sql. */
export interface DeviceTransmissionTable {
  device_id: string;
  day: ColumnType<string, string, string>;
  observations: number;
}

declare module '../db/types.ts' {
  interface Database {
    device_transmission: DeviceTransmissionTable;
  }
}
