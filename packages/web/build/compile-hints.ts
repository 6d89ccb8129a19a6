import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136+): a script whose first line is this comment has all its
 * functions compiled at once, while it loads, instead of each on the main thread the first time it
 * runs.
 */
export const COMPILE_ALL_ON_LOAD = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks these chunks (by chunk name) for eager compilation: chunks whose functions mostly run as
 * soon as they arrive. Written into the files once they are written (after minification, which
 * could drop the comment; before the precompressed copies), leaving every other chunk as it is.
 */
export function compileEagerly(chunkNames: readonly string[]): Plugin {
  return {
    name: 'geria-compile-eagerly',
    apply: 'build',
    async writeBundle(options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && chunkNames.includes(output.name)) {
          await writeFile(path.join(options.dir!, output.fileName), COMPILE_ALL_ON_LOAD + output.code);
        }
      }
    },
  };
}
