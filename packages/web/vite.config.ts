import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:3000';

/**
 * Chunk groups keep the initial JavaScript small and cacheable: React and the MUI modules the
 * shell itself uses ($initial) get their own long-lived chunks; the data grid and ECharts get
 * chunks of their own that only lazily loaded screens import. MUI components used only by screens
 * stay with those screens.
 */
const chunkGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, tags: ['$initial' as const], priority: 40 },
  { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, includeDependenciesRecursively: false, priority: 20 },
  // The domain catalogue: one chunk per language (src/i18n/backend.ts loads only the current one).
  { name: (id: string) => /domain[\\/]src[\\/]i18n[\\/]locales[\\/]([a-z]{2})[\\/]/.exec(id)?.[1]?.replace(/^/, 'messages-') ?? null, test: /domain[\\/]src[\\/]i18n[\\/]locales[\\/]/, priority: 50 },
  { name: 'mui', test: /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|icons-material)|@emotion|react-transition-group|stylis)[\\/]/, tags: ['$initial' as const], priority: 30 },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: {
    proxy: { '/api': backend, '/fhir': backend, '/auth': backend },
  },
});
