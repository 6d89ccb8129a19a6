import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileEagerly } from './compile-hints.ts';

describe('the chunks V8 compiles eagerly', () => {
  it('start with V8\'s magic comment on a line of their own; every other file stays as it was written', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'geria-hints-'));
    await mkdir(path.join(dir, 'assets'));
    const files = { 'assets/echarts-1.js': 'export const a=1;', 'assets/react-2.js': 'export const b=2;', 'assets/echarts-1.css': 'a{}' };
    for (const [file, text] of Object.entries(files)) await writeFile(path.join(dir, file), text);
    const bundle = {
      'assets/echarts-1.js': { type: 'chunk', name: 'echarts', fileName: 'assets/echarts-1.js', code: files['assets/echarts-1.js'] },
      'assets/react-2.js': { type: 'chunk', name: 'react', fileName: 'assets/react-2.js', code: files['assets/react-2.js'] },
      'assets/echarts-1.css': { type: 'asset', name: 'echarts', fileName: 'assets/echarts-1.css', source: files['assets/echarts-1.css'] },
    };
    const { writeBundle } = compileEagerly(['echarts']);
    await (writeBundle as (options: { dir: string }, bundle: object) => Promise<void>)({ dir }, bundle);
    const read = (file: string) => readFile(path.join(dir, file), 'utf8');
    expect(await read('assets/echarts-1.js')).toBe('//# allFunctionsCalledOnLoad\nexport const a=1;');
    expect(await read('assets/react-2.js')).toBe('export const b=2;');
    expect(await read('assets/echarts-1.css')).toBe('a{}');
  });
});
