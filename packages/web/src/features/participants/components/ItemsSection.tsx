import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeferredData } from '../../../lib/deferred-data.ts';
import { useSection, useSectionWrite } from '../api/sections.ts';
import type { FieldSpec, Values } from './ItemDialog.tsx';
import { ItemsTable, type Column } from './ItemsTable.tsx';
import { fieldErrors, useSectionNotices, type SectionKind } from './notices.ts';
import { SectionCard } from './SectionCard.tsx';

export interface ItemsSectionProps<T extends { id: string }, R> {
  participantId: string;
  /** The section's path under /participant/{id}. */
  path: string;
  kind: SectionKind;
  title: string;
  addLabel: string;
  emptyText: string;
  fields: FieldSpec[];
  columns: Column<T>[];
  name: (item: T) => string;
  toValues: (item: T) => Values;
  toInput: (values: Values) => unknown;
  /** The items of the section's answer (a list, or an object holding one). */
  itemsOf: (response: R) => T[];
  /** Shown above the items (e.g. the polypharmacy flag). */
  summary?: (response: R) => ReactNode;
}

type Editing<T> = { item?: T } | null;

// The form (and MUI's text fields, selects and checkboxes) loads when an item is added or modified.
const ItemDialog = lazy(() => import('./ItemDialog.tsx').then((m) => ({ default: m.ItemDialog })));

/** A list section of the patient record: its items, a dialog to add or modify one, and delete. */
export function ItemsSection<T extends { id: string }, R>(props: ItemsSectionProps<T, R>) {
  const { t } = useTranslation('participants');
  const list = useSection<R>(props.participantId, props.path);
  const write = useSectionWrite<unknown>(props.participantId, props.path);
  const notices = useSectionNotices(props.kind);
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The items render as a non-urgent update (lib/deferred-data.ts): sections arriving together are not one long task.
  const shown = useDeferredData(list.data, list.isError);
  const items = shown.data ? props.itemsOf(shown.data) : [];

  const open = (item?: T) => { setErrors({}); setEditing({ item }); };
  function submit(values: Values) {
    const item = editing?.item;
    const outcome = item ? 'updated' : 'created';
    const input = props.toInput(values);
    write.mutate(item ? { kind: 'update', id: item.id, input } : { kind: 'create', input }, {
      onSuccess: () => { notices.done(outcome); setEditing(null); },
      onError: (error) => { setErrors(fieldErrors(error)); notices.failed(outcome, error); },
    });
  }
  const remove = (item: T) => write.mutate({ kind: 'delete', id: item.id }, {
    onSuccess: () => notices.done('deleted'),
    onError: (error) => notices.failed('deleted', error),
  });

  return (
    <>
    <SectionCard
      title={props.title} loading={shown.isPending} errorKey={list.isError ? notices.loadFailed() : null}
      empty={items.length === 0} emptyText={props.emptyText}
      action={<Button startIcon={<AddIcon />} onClick={() => open()}>{props.addLabel}</Button>}
    >
      {shown.data && props.summary?.(shown.data)}
      <ItemsTable label={props.title} columns={props.columns} items={items} name={props.name} onEdit={open} onDelete={remove} />
    </SectionCard>
      {editing && (
        <Suspense fallback={null}>
          <ItemDialog
            title={editing.item ? t('section.editTitle', { section: props.title }) : props.addLabel}
            fields={props.fields} initial={editing.item ? props.toValues(editing.item) : undefined}
            errors={errors} saving={write.isPending} onSubmit={submit} onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </>
  );
}
