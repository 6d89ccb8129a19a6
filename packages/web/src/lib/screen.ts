import type { RouteDef } from '@geria/domain';
import type { ComponentType } from 'react';

/** What the router passes to every screen: the route definition it was reached through. */
export interface ScreenProps {
  route: RouteDef;
}

/**
 * A section another feature adds to the patient record (device data, interventions, adverse
 * events): the app lists them in `app/router/patient-sections.ts`, so features do not import each other.
 */
export type PatientSection = ComponentType<{ participantId: string }>;
