import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * The participant form, loaded when it first opens: its schemas (zod) and fields are not part of
 * the list's or the record's start, whose scripts a phone evaluates before it can answer a tap.
 */
const ParticipantFormDialog = lazy(() => import('./ParticipantFormDialog.tsx').then((m) => ({ default: m.ParticipantFormDialog })));

export function LazyParticipantFormDialog(props: ComponentProps<typeof ParticipantFormDialog>) {
  return <Suspense fallback={null}><ParticipantFormDialog {...props} /></Suspense>;
}
