import { IDENTITY_SCOPES } from '@geria/domain';
import { IDENTITY_STATUSES, identityStatusName, scopeName } from '@geria/domain/rules/participants-record-lists.ts';
import { useTranslation } from 'react-i18next';
import { ItemsSection } from './ItemsSection.tsx';

interface Identity { id: string; Scope: number; Status: number; IdentityID: string }

/** External ids: one active per scope, enforced by the server (409 with the spec's messages). */
export function IdentitiesSection({ participantId }: { participantId: string }) {
  const { t } = useTranslation('participants');
  const scopeLabel = (scope: number) => t(`identities.scopes.${scopeName(scope) ?? 'unknown'}`);
  const statusLabel = (status: number) => t(`identities.statuses.${identityStatusName(status) ?? 'unknown'}`);
  return (
    <ItemsSection<Identity, Identity[]>
      participantId={participantId} path="identity" kind="identity" title={t('identities.title')} addLabel={t('identities.add')} emptyText={t('identities.empty')}
      itemsOf={(list) => list} name={(i) => i.IdentityID}
      fields={[
        { name: 'Scope', label: t('identities.scope'), kind: 'select', required: true, options: Object.values(IDENTITY_SCOPES).map((s) => ({ value: s, label: scopeLabel(s) })) },
        { name: 'Status', label: t('identities.status'), kind: 'select', required: true, options: Object.values(IDENTITY_STATUSES).map((s) => ({ value: s, label: statusLabel(s) })) },
        { name: 'IdentityID', label: t('identities.identityId'), kind: 'text', required: true, width: 12 },
      ]}
      columns={[
        { label: t('identities.scope'), value: (i) => scopeLabel(i.Scope) },
        { label: t('identities.identityId'), value: (i) => i.IdentityID },
        { label: t('identities.status'), value: (i) => statusLabel(i.Status) },
      ]}
      toValues={(i) => ({ Scope: i.Scope, Status: i.Status, IdentityID: i.IdentityID })}
      toInput={(v) => ({ Scope: v.Scope, Status: v.Status, IdentityID: v.IdentityID ?? '' })}
    />
  );
}
