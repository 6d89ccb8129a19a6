import { lazy } from 'react';
import type { PatientSection } from '../../lib/screen.ts';

/** A section loaded with its feature's code, when the record is opened. */
export const lazySection = <M,>(load: () => Promise<M>, pick: (module: M) => PatientSection): PatientSection =>
  lazy(() => load().then((module) => ({ default: pick(module) })));

/** Sections of the patient record that other features contribute, in the order shown after the record's own. */
export const PATIENT_SECTIONS: readonly PatientSection[] = [
  lazySection(() => import('../../features/adverse-events/components/AdverseEventsSection.tsx'), (m) => m.AdverseEventsSection),
  lazySection(() => import('../../features/gdpr/components/DataProtectionSection.tsx'), (m) => m.DataProtectionSection),
  lazySection(() => import('../../features/devicedata/components/DeviceDataSection.tsx'), (m) => m.DeviceDataSection),
  lazySection(() => import('../../features/interventions/pages/ParticipantInterventionsPage.tsx'), (m) => m.ParticipantInterventions),
];
