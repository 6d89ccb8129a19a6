import serverPackage from '../../package.json' with { type: 'json' };

/** Geria's version as the exports state it (the server package's version). */
export const GERIA_VERSION: string = serverPackage.version;
