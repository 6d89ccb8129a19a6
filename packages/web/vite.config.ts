import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:3000';

/**
 * Chunk groups keep the first load small and cacheable. The entry (src/app/main.tsx) is tiny and
 * loads the interface (start-app) lazily, so nothing is "initial": React gets one long-lived chunk,
 * and MUI's core plus the components the shell itself uses (listed) another; MUI components used
 * only by screens stay with those screens; the data grid and ECharts get chunks of their own that
 * only lazily loaded screens import; the domain catalogue one chunk per language.
 */
const chunkGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 40 },
  { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, includeDependenciesRecursively: false, priority: 20 },
  // The domain catalogue: one chunk per language (src/i18n/backend.ts loads only the current one).
  { name: (id: string) => /domain[\\/]src[\\/]i18n[\\/]locales[\\/]([a-z]{2})[\\/]/.exec(id)?.[1]?.replace(/^/, 'messages-') ?? null, test: /domain[\\/]src[\\/]i18n[\\/]locales[\\/]/, priority: 50 },
  { name: 'mui', test: /node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming|material[\\/](styles|utils|internal|ButtonBase|Typography|Box|Paper|SvgIcon|Portal|Modal|Popover|Menu|MenuItem|MenuList|List|ListItem|ListItemButton|ListItemIcon|ListItemText|Fade|Grow|Backdrop|Unstable_TrapFocus|transitions|Button|IconButton|CircularProgress|Snackbar|SnackbarContent|Alert|CssBaseline|GlobalStyles|Divider|AppBar|Toolbar|Drawer|Slide|Collapse|Link|Breadcrumbs|useMediaQuery|Tooltip|Popper))|@emotion|react-transition-group|stylis|hoist-non-react-statics)[\\/]/, priority: 30 },
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
