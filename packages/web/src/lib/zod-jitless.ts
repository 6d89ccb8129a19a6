import { config } from 'zod/v4/core';

/*
 * zod compiles fast object parsers with `new Function`, first probing whether it may: under the
 * page's Content-Security-Policy (script-src 'self', no 'unsafe-eval') the probe alone is reported
 * as a violation. Jitless, it neither probes nor compiles. Imported first by the page's entry.
 */
config({ jitless: true });
