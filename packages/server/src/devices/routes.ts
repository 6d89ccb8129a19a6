import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deviceInputSchema } from '@geria/domain/rules/participants-record.ts';
import type { AppDeps } from '../app.ts';
import { parseOr400 } from '../http/errors.ts';
import { patientWriter, techReader } from '../participants/access.ts';
import { createDevice, deleteDevice, listDevices, updateDevice } from './service.ts';

const participantParams = z.object({ id: z.string() });
const deviceParams = z.object({ id: z.string(), deviceId: z.string() });

/** The participant's devices (SPEC §3 "Device"); Tech support reads them. */
export function registerDeviceRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['devices'];
  app.get('/api/v1/participant/:id/device', { schema: { tags, summary: 'The participant\'s devices' } }, async (request) =>
    listDevices(db, techReader(request), parseOr400(participantParams, request.params, request).id));

  app.post('/api/v1/participant/:id/device', { schema: { tags, summary: 'Adds a device; 409 when the serial number is taken' } }, async (request, reply) => {
    const caller = patientWriter(request);
    const { id } = parseOr400(participantParams, request.params, request);
    return reply.status(201).send(await createDevice(db, caller, id, parseOr400(deviceInputSchema, request.body, request)));
  });

  app.put('/api/v1/participant/:id/device/:deviceId', { schema: { tags, summary: 'Modifies a device' } }, async (request) => {
    const caller = patientWriter(request);
    const { id, deviceId } = parseOr400(deviceParams, request.params, request);
    return updateDevice(db, caller, id, deviceId, parseOr400(deviceInputSchema, request.body, request));
  });

  app.delete('/api/v1/participant/:id/device/:deviceId', { schema: { tags, summary: 'Removes a device' } }, async (request, reply) => {
    const caller = patientWriter(request);
    const { id, deviceId } = parseOr400(deviceParams, request.params, request);
    await deleteDevice(db, caller, id, deviceId);
    return reply.status(204).send();
  });
}
