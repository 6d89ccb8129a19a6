import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const patientOf = (pathname: string) => /^\/patient\/([^/]+)/.exec(pathname)?.[1] ?? null;

/**
 * The patient working state (SPEC §3) lives while the user stays on one patient's pages and is reset
 * when they leave them: every cached query whose key names that patient is dropped, whichever
 * feature loaded it.
 */
export function usePatientCacheScope() {
  const client = useQueryClient();
  const { pathname } = useLocation();
  const current = patientOf(pathname);
  const previous = useRef(current);
  useEffect(() => {
    const left = previous.current;
    previous.current = current;
    if (left && left !== current) client.removeQueries({ predicate: (query) => query.queryKey.includes(left) });
  }, [client, current]);
}
