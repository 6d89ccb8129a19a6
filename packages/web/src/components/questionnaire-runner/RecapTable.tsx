import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Answers, ItemDef, Language } from '@geria/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format.ts';
import { answerLabel, measureLabel } from './answer-label.ts';
import { visibleItems, type Step } from './steps.ts';

export interface RecapTableProps {
  steps: Step[];
  answers: Answers;
  language: Language;
}

const sameText = (steps: Step[], index: number) => steps.every((step) => step.items[index].text.en === steps[0].items[index].text.en);
const isGate = (item: ItemDef) => item.type === 'boolean' && item.scored === false;

/**
 * Groups that ask the same questions (the GHABP situations, each opened by its own "does this
 * happen in your life?") are compared side by side.
 */
const parallel = (steps: Step[]) =>
  steps.length > 1 && steps.every((step) => step.items.length === steps[0].items.length)
  && steps[0].items.every((_, i) => sameText(steps, i) || steps.every((step) => isGate(step.items[i])));

/**
 * The Recap (SPEC §2) of an instrument in groups: the answers of each group. Parallel groups are
 * columns with one row per question; others are listed group by group.
 */
export function RecapTable({ steps, answers, language }: RecapTableProps) {
  const { t } = useTranslation('instruments');
  const format = useFormat();
  const grouped = steps.filter((step) => step.title);
  const cell = (step: Step, index: number) => {
    const item = step.items[index];
    if (!visibleItems(step, answers).includes(item)) return t('runner.doesNotApply');
    const label = answerLabel(item, answers[item.linkId], language, t);
    // A timed item's answer shows the time it was judged by.
    const measure = item.type === 'choice' ? item.measure : undefined;
    const measured = measure && answers[measure.linkId];
    return measure && typeof measured === 'number' ? `${label} (${measureLabel(measure, measured, t, (n) => format.number(n))})` : label;
  };

  if (parallel(grouped)) {
    return (
      <TableContainer>
        <Table size="small" aria-label={t('runner.recap')}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">{t('runner.questionColumn')}</TableCell>
              {grouped.map((step) => <TableCell key={step.key} component="th" scope="col">{step.title![language]}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {grouped[0].items.map((item, index) => (
              <TableRow key={item.linkId}>
                <TableCell component="th" scope="row">{sameText(grouped, index) ? item.text[language] : t('runner.happens')}</TableCell>
                {grouped.map((step) => <TableCell key={step.key}>{cell(step, index)}</TableCell>)}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <TableContainer>
      <Table size="small" aria-label={t('runner.recap')}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">{t('runner.questionColumn')}</TableCell>
            <TableCell component="th" scope="col">{t('runner.answer')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {grouped.flatMap((step) => [
            <TableRow key={step.key}>
              <TableCell component="th" scope="colgroup" colSpan={2} sx={{ fontWeight: 600, bgcolor: 'action.hover' }}>{step.title![language]}</TableCell>
            </TableRow>,
            ...step.items.map((item, index) => (
              <TableRow key={item.linkId}>
                <TableCell component="th" scope="row">{item.text[language]}</TableCell>
                <TableCell>{cell(step, index)}</TableCell>
              </TableRow>
            )),
          ])}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
