import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { DAYS_OF_WEEK, DOSAGE_FORMS, PERIOD_UNITS, WHEN_CODES } from '@geria/domain/rules/medication-lists.ts';
import type { Medication } from '@geria/domain/rules/participants-medication.ts';
import { useTranslation } from 'react-i18next';
import { ItemsSection } from './ItemsSection.tsx';

type Item = Medication & { id: string; status: string };
interface Response { items: Item[]; polypharmacy: boolean; psychoactive: boolean }

const options = (values: readonly string[], label: (v: string) => string) => values.map((v) => ({ value: v, label: label(v) }));

/** Medications (FHIR MedicationStatement with Timing), with the polypharmacy and psychoactive flags. */
export function MedicationsSection({ participantId }: { participantId: string }) {
  const { t } = useTranslation('participants');
  const amount = (value: number | null, unit: string | null) => (value === null ? '—' : `${value} ${unit ?? ''}`.trim());
  return (
    <ItemsSection<Item, Response>
      participantId={participantId} path="medication" kind="medication" title={t('medications.title')} addLabel={t('medications.add')} emptyText={t('medications.empty')}
      itemsOf={(r) => r.items} name={(m) => m.substance}
      summary={(r) => (r.polypharmacy || r.psychoactive) && (
        <Stack spacing={1} sx={{ mb: 2 }}>
          {r.polypharmacy && <Alert severity="warning">{t('medications.polypharmacy', { n: r.items.filter((m) => m.status === 'active').length })}</Alert>}
          {r.psychoactive && <Alert severity="info">{t('medications.psychoactiveFlag')}</Alert>}
        </Stack>
      )}
      fields={[
        { name: 'substance', label: t('medications.substance'), kind: 'text', required: true, width: 12 },
        { name: 'dose', label: t('medications.dose'), kind: 'number', width: 4 },
        { name: 'doseUnit', label: t('medications.doseUnit'), kind: 'text', width: 4 },
        { name: 'dosageForm', label: t('medications.dosageForm'), kind: 'select', width: 4, options: options(DOSAGE_FORMS, (v) => t(`medications.forms.${v}`)) },
        { name: 'concentration', label: t('medications.concentration'), kind: 'number', width: 6 },
        { name: 'concentrationUnit', label: t('medications.concentrationUnit'), kind: 'text', width: 6 },
        { name: 'frequency', label: t('medications.frequency'), kind: 'number', width: 4 },
        { name: 'period', label: t('medications.period'), kind: 'number', width: 4 },
        { name: 'periodUnit', label: t('medications.periodUnit'), kind: 'select', width: 4, options: options(PERIOD_UNITS, (v) => t(`medications.periodUnits.${v}`)) },
        { name: 'when', label: t('medications.when'), kind: 'multiselect', options: options(WHEN_CODES, (v) => t(`medications.whenCodes.${v}`)) },
        { name: 'daysOfWeek', label: t('medications.daysOfWeek'), kind: 'multiselect', options: options(DAYS_OF_WEEK, (v) => t(`medications.days.${v}`)) },
        { name: 'start', label: t('medications.start'), kind: 'date' },
        { name: 'end', label: t('medications.end'), kind: 'date' },
        { name: 'direction', label: t('medications.direction'), kind: 'text', width: 12 },
        { name: 'psychoactive', label: t('medications.psychoactive'), kind: 'checkbox', width: 12 },
      ]}
      columns={[
        { label: t('medications.substance'), value: (m) => m.substance },
        { label: t('medications.dose'), value: (m) => amount(m.dose, m.doseUnit) },
        { label: t('medications.frequency'), value: (m) => (m.frequency && m.periodUnit ? t('medications.timesPer', { times: m.frequency, period: m.period ?? 1, unit: t(`medications.periodUnits.${m.periodUnit}`) }) : '—') },
        { label: t('medications.concentration'), value: (m) => amount(m.concentration, m.concentrationUnit) },
        { label: t('medications.psychoactive'), value: (m) => (m.psychoactive ? t('common.yes') : t('common.no')) },
      ]}
      toValues={({ id: _id, status: _status, ...m }) => ({ ...m })}
      toInput={(v) => ({ ...v, substance: v.substance ?? '', psychoactive: v.psychoactive === true })}
    />
  );
}
