import type { Language } from '@geria/domain';

/** Intl locale per interface language (British English: the study runs in Europe). */
const LOCALES: Record<Language, string> = {
  en: 'en-GB', it: 'it-IT', pt: 'pt-PT', fr: 'fr-FR', es: 'es-ES', el: 'el-GR', ro: 'ro-RO',
};

export const localeOf = (language: Language): string => LOCALES[language];

type DateInput = Date | string | number;

/**
 * Times on the 24-hour clock in every language: a 12-hour Greek time ends in "μ.μ.", whose period
 * doubled with the one ending the sentence ("6:31 μ.μ..").
 */
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' };

/**
 * Has the browser load its date and number data (ICU) in a worker. The first formatter a page builds
 * pays for loading it: 40–80 ms on a desktop, several times that on a phone, during which the page
 * does not answer. ICU keeps that data for the page's whole process, so once the worker has built
 * its formatters, the main thread's first one costs about a millisecond. Where no worker starts,
 * the main thread loads it in a task of its own.
 */
export function loadLocaleData(): void {
  const onMainThread = () => setTimeout(warmLocaleData);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./locale-data.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    // No workers here (or none allowed): the page must start all the same.
    return void onMainThread();
  }
  worker.onmessage = () => worker.terminate();
  worker.onerror = () => {
    worker.terminate();
    onMainThread();
  };
}

/** Builds a date and a number formatter: what makes the browser load its ICU data. */
export function warmLocaleData(): void {
  new Intl.DateTimeFormat(undefined, DATE_TIME).format(0);
  new Intl.NumberFormat().format(0);
}

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/**
 * Formatters are kept by language and options: building one costs far more than formatting with
 * it, and a chart or table formats hundreds of values with the same few.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, language: Language, options: object | undefined, make: () => F): F {
  const key = `${kind}|${language}|${JSON.stringify(options ?? {})}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter as F;
}

export function formatDate(value: DateInput, language: Language, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return cached('date', language, options, () => new Intl.DateTimeFormat(localeOf(language), options)).format(toDate(value));
}

export function formatDateTime(value: DateInput, language: Language): string {
  return formatDate(value, language, DATE_TIME);
}

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return cached('number', language, options, () => new Intl.NumberFormat(localeOf(language), options)).format(value);
}

export function formatPercent(ratio: number, language: Language, fractionDigits = 1): string {
  return formatNumber(ratio, language, { style: 'percent', maximumFractionDigits: fractionDigits });
}
