import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getInstrument, type Language } from '@geria/domain';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../test/render.tsx';
import { QuestionnaireRunner, type QuestionnaireRunnerProps } from './QuestionnaireRunner.tsx';

async function run(id: string, props: Partial<QuestionnaireRunnerProps> = {}, language: Language = 'en') {
  const i18n = await testI18n(language);
  await i18n.loadNamespaces('instruments');
  render(
    <I18nextProvider i18n={i18n}>
      <Suspense fallback="loading">
        <QuestionnaireRunner instrument={getInstrument(id)!} {...props} />
      </Suspense>
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { level: 2 });
}

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const choose = (group: string | RegExp, option: string | RegExp) =>
  fireEvent.click(within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: option }));
const stepHeading = () => screen.getByRole('heading', { level: 3 });

const PHQ9_OPTIONS = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'];

describe('questionnaire runner', () => {
  it('walks PHQ-9 one item per step with its progress, keeps answers going back and scores with the band\'s meaning', async () => {
    await run('phq9');
    expect(screen.getByText(/depress/i)).toBeTruthy();
    click('Start');
    expect(stepHeading().textContent).toBe('Question 1');
    expect(document.activeElement).toBe(stepHeading());
    expect(screen.getByText('Step 1 of 10')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    // Answers 1,2,3,1,2,0,1,2,0 = 12, moderate.
    [1, 2, 3, 1, 2, 0, 1, 2, 0].forEach((points, i) => {
      fireEvent.click(screen.getByRole('radio', { name: PHQ9_OPTIONS[points] }));
      if (i === 1) {
        click('Previous');
        expect(stepHeading().textContent).toBe('Question 1');
        expect((screen.getByRole('radio', { name: PHQ9_OPTIONS[1] }) as HTMLInputElement).checked).toBe(true);
        click('Next');
      }
      click('Next');
    });
    // Item 10 is optional.
    expect(screen.getByText('Step 10 of 10')).toBeTruthy();
    click('Next');
    expect(stepHeading().textContent).toBe('Result');
    expect(screen.getByTestId('score-total').textContent).toBe('12 of 27');
    const band = document.querySelector('[data-band="moderate"]')!;
    expect(band.textContent).toContain('Moderate');
    expect(band.textContent).toContain('cut-off for major depression');
    expect(band.className).toMatch(/Error/);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('keeps the user on a step until its required answer is given, and Enter is Next', async () => {
    await run('phq9');
    click('Start');
    click('Next');
    expect(screen.getByText('Answer this question to continue.')).toBeTruthy();
    expect(stepHeading().textContent).toBe('Question 1');
    const radio = screen.getByRole('radio', { name: 'Several days' });
    fireEvent.click(radio);
    expect(screen.queryByText('Answer this question to continue.')).toBeNull();
    fireEvent.keyDown(radio, { key: 'Enter' });
    expect(stepHeading().textContent).toBe('Question 2');
  });

  it('validates a typed answer as it is typed, in the domain\'s words', async () => {
    await run('godin');
    click('Start');
    const field = screen.getByRole('spinbutton');
    fireEvent.change(field, { target: { value: '60' } });
    expect(screen.getByText('Item godin-1: the value 60 must be between 0 and 50.')).toBeTruthy();
    click('Next');
    expect(stepHeading().textContent).toBe('Question 1');
    fireEvent.change(field, { target: { value: '3' } });
    expect(screen.queryByText(/must be between/)).toBeNull();
    click('Next');
    expect(stepHeading().textContent).toBe('Question 2');
  });

  it('runs GHABP through the four situations, skips one that does not apply and recaps the answers per situation', async () => {
    await run('ghabp');
    click('Start');
    const titles: string[] = [];
    // Television: difficulty 3 (50), worry 2 (25); Background noise: does not apply; Busy street: 5 (100), 4 (75); Several people: 2 (25), 1 (0).
    const plan: ([number, number] | null)[] = [[3, 2], null, [5, 4], [2, 1]];
    plan.forEach((answers) => {
      titles.push(stepHeading().textContent!);
      const applies = screen.getAllByRole('radiogroup')[0];
      fireEvent.click(within(applies).getByRole('radio', { name: answers ? 'Yes' : 'No' }));
      if (answers) {
        const [difficulty, worry] = screen.getAllByRole('radiogroup').slice(1, 3);
        fireEvent.click(within(difficulty).getAllByRole('radio')[answers[0] - 1]);
        fireEvent.click(within(worry).getAllByRole('radio')[answers[1] - 1]);
      } else {
        expect(screen.getAllByRole('radiogroup')).toHaveLength(1);
      }
      click('Next');
    });
    expect(titles).toEqual(['Television', 'Background noise', 'Busy street', 'Several people']);
    expect(stepHeading().textContent).toBe('Recap');
    const recap = screen.getByRole('table', { name: 'Recap' });
    expect(within(recap).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Question', 'Television', 'Background noise', 'Busy street', 'Several people']);
    const firstQuestion = within(recap).getAllByRole('row')[2];
    expect(within(firstQuestion).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Moderate difficulty', 'Does not apply', 'Cannot manage at all', 'Only slight difficulty']);
    const subscales = screen.getByRole('table', { name: 'Subscales' });
    expect(within(subscales).getByRole('row', { name: /Initial disability/ }).textContent).toContain('58.33');
    expect(within(subscales).getByRole('row', { name: /Handicap/ }).textContent).toContain('33.33');
    expect(within(subscales).getByRole('row', { name: /Satisfaction/ }).textContent).toContain('Not scorable');
  });

  it('adds PSFS activities with Add and scores their mean', async () => {
    await run('psfs');
    click('Start');
    expect(screen.getByText('Step 1 of 1')).toBeTruthy();
    choose(/Activity 1/, '4');
    click(/^Add/);
    expect(screen.getByText('Step 2 of 2')).toBeTruthy();
    choose(/Activity 2/, '7');
    expect(screen.getByRole('button', { name: /^Add: Activity 3/ })).toBeTruthy();
    click('Next');
    expect(screen.getByTestId('score-total').textContent).toBe('5.5 of 10');
  });

  it('Reset clears the answers, Close and Save call back with the answers and their score', async () => {
    const onSave = vi.fn();
    const onClose = vi.fn();
    await run('nps', { onSave, onClose });
    click('Start');
    choose(/recommend/i, '9');
    click('Reset');
    expect((screen.getByRole('radio', { name: '9' }) as HTMLInputElement).checked).toBe(false);
    choose(/recommend/i, '10');
    click('Next');
    click('Save');
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ 'nps-1': 10 }, expect.objectContaining({ total: 10 })));
    click('Close');
    expect(onClose).toHaveBeenCalled();
  });

  it('speaks the interface language: Greek buttons and the definition\'s Greek texts', async () => {
    await run('phq9', {}, 'el');
    click('Έναρξη');
    expect(screen.getByText('Βήμα 1 από 10')).toBeTruthy();
    expect(screen.getByRole('radio', { name: getInstrument('phq9')!.items[0].type === 'choice' ? (getInstrument('phq9')!.items[0] as { options: { label: { el: string } }[] }).options[0].label.el : '' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Επόμενο' })).toBeTruthy();
  });
});
