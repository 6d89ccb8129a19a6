import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getInstrument, type Language } from '@geria/domain';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  fireEvent.click(screen.getByRole('button', { name: language === 'el' ? 'Έναρξη' : 'Start' }));
}

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(screen.getByRole('spinbutton', { name: label }), { target: { value } });
/** Chooses the first option in every question of the step left unanswered, then Next (DOM queries: role queries are slow on whole steps). */
function answerTheRest() {
  const radios = [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
  for (const name of new Set(radios.map((r) => r.name))) {
    const group = radios.filter((r) => r.name === name);
    if (!group.some((r) => r.checked)) fireEvent.click(group[0]);
  }
  fireEvent.click(document.querySelector('button[type="submit"]')!);
}
/** The labels of the step's options, thresholds included. */
const optionTexts = () => [...document.querySelectorAll('input[type="radio"]')].map((r) => r.closest('label')!.textContent);

afterEach(() => { vi.useRealTimers(); });

describe('timed items in the runner', () => {
  it('show each level\'s threshold; a typed time suggests the level, the clinician overrides it and the time is saved', { timeout: 60_000 }, async () => {
    const onSave = vi.fn();
    await run('fga', { onSave });
    expect(optionTexts()).toEqual([
      'Normal (< 5.5 s)', 'Mild impairment (5.5–7 s)', 'Moderate impairment (≥ 7 s)', 'Severe impairment',
    ]);
    type('Time to walk 6 m (seconds)', '6.2');
    expect(radio('Mild impairment (5.5–7 s)').checked).toBe(true);
    expect(screen.getByText('Level suggested by the measurement: Mild impairment.')).toBeTruthy();

    fireEvent.click(radio('Moderate impairment (≥ 7 s)'));
    expect(screen.getByText('The measurement suggests Mild impairment; the level chosen differs.')).toBeTruthy();
    type('Time to walk 6 m (seconds)', '5.1');
    expect(radio('Moderate impairment (≥ 7 s)').checked).toBe(true);
    expect(screen.getByText('The measurement suggests Normal; the level chosen differs.')).toBeTruthy();
    click('Next');

    // Items 2–4 at their first level, then the pivot turn: 3 s is still "within 3 s".
    for (let i = 0; i < 3; i++) answerTheRest();
    expect(optionTexts()[0]).toBe('Normal (≤ 3 s)');
    type('Time to pivot turn and stop (seconds)', '3');
    expect(radio('Normal (≤ 3 s)').checked).toBe(true);
    click('Next');
    answerTheRest();
    // The tandem walk counts steps: 8 of 10 is mild.
    expect(radio('Mild impairment (7–9 steps)')).toBeTruthy();
    type('Steps heel to toe along 3.6 m (up to 10)', '8');
    expect(radio('Mild impairment (7–9 steps)').checked).toBe(true);
    click('Next');
    for (let i = 0; i < 3; i++) answerTheRest();
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Result');
    click('Save');
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0][0]).toMatchObject({ 'fga-1': 1, 'fga-1-seconds': 5.1, 'fga-5': 3, 'fga-5-seconds': 3, 'fga-7': 2, 'fga-7-steps': 8 });
  });

  it('refuses a time out of range in the domain\'s words and keeps the user on the step', async () => {
    await run('fga');
    type('Time to walk 6 m (seconds)', '400');
    expect(screen.getByText('Item fga-1-seconds: the value 400 must be between 0 and 300.')).toBeTruthy();
    fireEvent.click(radio('Normal (< 5.5 s)'));
    click('Next');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Question 1');
  });

  it('times an item with the stopwatch: Start, Stop records the time and suggests the level, Reset clears it', async () => {
    await run('fga');
    vi.useFakeTimers({ toFake: ['performance', 'setInterval', 'clearInterval'] });
    const stopwatch = screen.getByRole('group', { name: 'Stopwatch: Time to walk 6 m (seconds)' });
    const timer = within(stopwatch).getByRole('timer');
    expect(timer.textContent).toBe('0.0');
    click('Start: Time to walk 6 m (seconds)');
    expect((screen.getByRole('button', { name: 'Start: Time to walk 6 m (seconds)' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => { vi.advanceTimersByTime(4_234); });
    expect(timer.textContent).toBe('4.2');
    click('Stop: Time to walk 6 m (seconds)');
    expect((screen.getByRole('spinbutton', { name: 'Time to walk 6 m (seconds)' }) as HTMLInputElement).value).toBe('4.23');
    expect(radio('Normal (< 5.5 s)').checked).toBe(true);
    // Start resumes: 4.23 + 2 s = 6.23, mild.
    click('Start: Time to walk 6 m (seconds)');
    act(() => { vi.advanceTimersByTime(2_000); });
    click('Stop: Time to walk 6 m (seconds)');
    expect((screen.getByRole('spinbutton', { name: 'Time to walk 6 m (seconds)' }) as HTMLInputElement).value).toBe('6.23');
    expect(radio('Mild impairment (5.5–7 s)').checked).toBe(true);
    click('Reset: Time to walk 6 m (seconds)');
    expect(timer.textContent).toBe('0.0');
    expect((screen.getByRole('spinbutton', { name: 'Time to walk 6 m (seconds)' }) as HTMLInputElement).value).toBe('');
  });

  it('gives each timed item of a Mini-BESTest step its own stopwatch and shows the times in the Recap', { timeout: 60_000 }, async () => {
    await run('minibest');
    for (const measure of ['Time held on the toes (seconds)', 'Time on one leg, shorter side (seconds)', 'Time on the left leg (seconds)', 'Time on the right leg (seconds)']) {
      expect(screen.getByRole('button', { name: `Start: ${measure}` })).toBeTruthy();
    }
    type('Time on the left leg (seconds)', '25');
    type('Time on the right leg (seconds)', '12.5');
    const left = screen.getByRole('radiogroup', { name: 'Stand on one leg: left' });
    const right = screen.getByRole('radiogroup', { name: 'Stand on one leg: right' });
    expect((within(left).getByRole('radio', { name: 'Normal (≥ 20 s)' }) as HTMLInputElement).checked).toBe(true);
    expect((within(right).getByRole('radio', { name: 'Moderate impairment (< 20 s)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Sit to stand' })).getAllByRole('radio')[0]);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Rise to toes' })).getAllByRole('radio')[0]);
    click('Next');
    for (let i = 0; i < 3; i++) answerTheRest();
    const recap = screen.getByRole('table', { name: 'Recap' });
    expect(within(recap).getByRole('row', { name: /Stand on one leg: right/ }).textContent).toContain('Moderate impairment (12.5 s)');
    expect(within(recap).getByRole('row', { name: /Stand on one leg: left/ }).textContent).toContain('Normal (25 s)');
  });

  it('speaks Greek: seconds, thresholds and the stopwatch', async () => {
    await run('fga', {}, 'el');
    expect(screen.getByRole('radio', { name: 'Φυσιολογικό (< 5,5 δευτ.)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Έναρξη: Χρόνος βάδισης 6 m (δευτερόλεπτα)' })).toBeTruthy();
    type('Χρόνος βάδισης 6 m (δευτερόλεπτα)', '6.2');
    expect(screen.getByText('Επίπεδο που προτείνει η μέτρηση: Ήπια διαταραχή.')).toBeTruthy();
  });
});
