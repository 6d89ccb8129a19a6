// Stands in for a JWT access token on its way through the provider's revocation and introspection endpoints, which refuse structured tokens.
export const NO_TOKEN = 'jwt-access-token';

/** Reads a form body ahead of the provider, which then reads the (possibly changed) copy left on the request (selective_body.js). */
export async function readForm(ctx: { req: import('node:http').IncomingMessage; throw(status: number): never }): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req.iterator({ destroyOnReturn: false })) {
    size += (chunk as Buffer).length;
    if (size > 56 * 1024) ctx.throw(413);
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

