import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error.ts';

const MAX_RETRIES = 2;

/** Retries only what may succeed next time: network failures and server errors (a time-out already waited 30 s). */
const retry = (failures: number, error: unknown) =>
  failures < MAX_RETRIES &&
  (!(error instanceof ApiError) || error.status >= 500 || (error.status === 0 && error.code !== 'errors.timeout'));

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
