import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';
import { PageHeader, type Crumb } from './PageHeader.tsx';

/**
 * The participant's name, from the record the patient page loads (the same query, so it is shared
 * and refreshed with it); null until it arrives.
 */
export function usePatientName(patientId: string): string | null {
  const record = useQuery({
    queryKey: ['participants', 'record', patientId],
    queryFn: ({ signal }) => api.get<{ firstName: string; lastName: string }>(`/participant/${patientId}`, { signal }),
  });
  return record.data ? `${record.data.firstName} ${record.data.lastName}` : null;
}

export interface PatientPageHeaderProps {
  patientId: string;
  /** The page's own title (e.g. Measurements). */
  title: string;
  /** Crumbs before the patient's; the patient list by default. */
  before?: Crumb[];
  /** Crumbs between the patient's and the page (e.g. Assessments above one assessment). */
  after?: Crumb[];
  actions?: ReactNode;
}

/** The header of a page about one participant: their name in the title and in the breadcrumb, which leads to their record. */
export function PatientPageHeader({ patientId, title, before, after = [], actions }: PatientPageHeaderProps) {
  const { t } = useTranslation('shell');
  const name = usePatientName(patientId);
  return (
    <PageHeader
      title={name ? `${title} · ${name}` : title}
      current={title}
      trail={[...(before ?? [{ label: t('routes.Patients'), to: '/patient' }]), { label: name ?? t('routes.Patient'), to: `/patient/${patientId}` }, ...after]}
      actions={actions}
    />
  );
}
