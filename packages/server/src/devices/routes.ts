import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deviceInputSchema, deviceSchema } from '@geria/domain/rules/participants-record.ts';
import type { AppDeps } from '../app.ts';
import { patientWriter, techReader } from '../participants/access.ts';
import { registerParticipantCollection } from '../participants/collection-routes.ts';
import { createDevice, deleteDevice, listDevices, updateDevice } from './service.ts';

/** The participant's devices (SPEC §3 "Device"); Tech support reads them. */
export function registerDeviceRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerParticipantCollection(app, db, {
    path: 'device',
    tags: ['devices'],
    summaries: {
      list: 'The participant\'s devices',
      create: 'Adds a device; 409 when the serial number is taken',
      update: 'Modifies a device; 409 when the serial number is taken',
      remove: 'Removes a device',
    },
    reader: techReader,
    writer: patientWriter,
    body: deviceInputSchema,
    answers: { list: z.array(deviceSchema), item: deviceSchema },
    list: listDevices,
    create: createDevice,
    update: updateDevice,
    remove: deleteDevice,
  });
}
