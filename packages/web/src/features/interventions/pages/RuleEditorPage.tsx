import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { ApiError } from '../../../lib/api-error.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { useRule, useSaveRule } from '../api/interventions.ts';
import { draftOf, RuleForm } from '../components/RuleForm.tsx';

/** `/interventions/new`: a new rule, or (with `?rule=<id>`) an existing one edited; `?participant=<id>` targets one participant. */
export function RuleEditorPage(_props: ScreenProps) {
  const { t } = useTranslation('interventions');
  const { language } = useFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('rule');
  const rule = useRule(id);
  const save = useSaveRule(id);
  const error = save.error instanceof ApiError ? t(`messages:${save.error.code}`, { defaultValue: save.error.message }) : save.error ? t('form.saveFailed') : null;
  return (
    <>
      <PageHeader title={id ? t('form.editTitle') : t('rules.new')} trail={[{ label: t('rules.title'), to: '/interventions/medical' }]} />
      {id && rule.isPending && <CenteredProgress label={t('shell:app.loading')} />}
      {id && rule.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {(!id || rule.data) && (
        <RuleForm
          key={rule.data?.id ?? 'new'}
          initial={draftOf(rule.data, language, params.get('participant') ?? '')}
          saving={save.isPending}
          error={error}
          onSubmit={(input) => save.mutate(input, { onSuccess: () => navigate('/interventions/medical') })}
          onCancel={() => navigate('/interventions/medical')}
        />
      )}
    </>
  );
}
