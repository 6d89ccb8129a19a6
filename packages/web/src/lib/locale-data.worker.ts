import { warmLocaleData } from './format.ts';

// Loads ICU's data for the whole page (lib/format.ts, loadLocaleData), then says so.
warmLocaleData();
postMessage('ready');
