import { parseArgs } from 'node:util';
import { INTEGRATION_PERMISSIONS, integrationClientInputSchema } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { AppError, zodProblems } from '../http/errors.ts';
import { changeClient, createClient, deleteClient, listIntegrationClients, type ClientManager } from './service.ts';

export const USAGE = `usage: npm run -s integration -- <command>
  create --org <organisation> --name <name> --role <Tech|CCM|ClinicalExpert|Auditor> [--description <text>] [--kind oauth|apikey] [--permission <name>]...
         [--subject-ids geria|smart4health|holobalance]   Patient/<id> names Geria's participant id, or their active Smart4Health or HOLOBalance external id
         permissions: ${INTEGRATION_PERMISSIONS.join(', ')} (each with the roles it allows)
  list
  rotate <client id>      a new secret, printed once; the previous one works for 24 hours
  disable <client id>
  enable <client id>
  delete <client id>
`;

export interface Output {
  out(text: string): void;
  err(text: string): void;
}

/** The operator at the command line, as the audit trail names them. */
const OPERATOR: ClientManager = { actor: 'command-line', actorOrganisation: null };

/**
 * `npm run -s integration -- ...` (cli.ts): the operators' way to manage integration clients, the same
 * changes as the SysAdmin screen, audited alike. The secret of create and rotate is printed this once,
 * alone on stdout's last line, so a script can take it. Answers the exit code.
 */
export async function runIntegrationCommand(db: Db, argv: readonly string[], io: Output): Promise<number> {
  const [command, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({
      args: [...rest], allowPositionals: true, strict: true,
      options: { org: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, description: { type: 'string' }, kind: { type: 'string' }, permission: { type: 'string', multiple: true }, 'subject-ids': { type: 'string' } },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  try {
    if (command === 'create' && positionals.length === 0) {
      const input = integrationClientInputSchema.safeParse({
        name: values.name, description: values.description, organisation: values.org, role: values.role, kind: values.kind, permissions: values.permission, subjectIds: values['subject-ids'],
      });
      if (!input.success) {
        io.err(zodProblems(input.error.issues, 'en').map((p) => `${p.path === 'organisation' ? 'org' : p.path === 'subjectIds' ? 'subject-ids' : p.path}: ${p.message}`).join('\n') + '\n');
        return 1;
      }
      const { client, secret } = await createClient(db, OPERATOR, input.data);
      io.out(`client ${client.clientId} (${client.kind}) for ${client.organisation} as ${client.role}\n${client.kind === 'apikey' ? 'API key' : 'secret'} (shown once):\n${secret}\n`);
      return 0;
    }
    if (command === 'list' && positionals.length === 0) {
      for (const c of await listIntegrationClients(db)) {
        const requests = c.requestsPerDay.reduce((sum, d) => sum + d.requests, 0);
        io.out(`${c.clientId}\t${c.name}\t${c.organisation}\t${c.role}\t${c.kind}\t${c.permissions.join(',') || '-'}\t${c.disabledAt ? 'disabled' : 'enabled'}\tlast used ${c.lastUsedAt ?? 'never'}\t${requests} requests in 7 days\n`);
      }
      return 0;
    }
    if ((command === 'rotate' || command === 'disable' || command === 'enable') && positionals.length === 1) {
      const { client, secret } = await changeClient(db, OPERATOR, positionals[0], command);
      io.out(secret
        ? `new ${client.kind === 'apikey' ? 'API key' : 'secret'} of ${client.clientId} (shown once; the previous one works until ${client.previousSecretValidUntil}):\n${secret}\n`
        : `${client.clientId} ${client.disabledAt ? 'disabled' : 'enabled'}\n`);
      return 0;
    }
    if (command === 'delete' && positionals.length === 1) {
      await deleteClient(db, OPERATOR, positionals[0]);
      io.out(`${positionals[0]} deleted\n`);
      return 0;
    }
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) {
      io.err(`no integration client ${positionals[0]}\n`);
      return 1;
    }
    throw error;
  }
  io.err(USAGE);
  return 2;
}
