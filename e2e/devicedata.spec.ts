import { expect, test, type Page } from './test.ts';
import { expectAccessible, signIn, typeDay } from './support.ts';

/** The signed-in user's access token, as the SPA keeps it. */
const accessToken = (page: Page) => page.evaluate(() => {
  const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
  return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : '';
});

/**
 * A demo participant whose devices have sent data (the demo writes it in the background after the
 * start): the first of the most recently active whose `check` (an API path under the participant) answers true.
 */
async function participantWith(page: Page, path: string, check: (body: any) => boolean): Promise<{ id: string; body: any }> {
  let found = '';
  let answer: unknown;
  await expect.poll(async () => {
    const headers = { authorization: `Bearer ${await accessToken(page)}` };
    const list = await (await page.request.get('/api/v1/participants/organisation/MIL-GER', { headers, params: { pageSize: 100, sort: 'inactivityPeriod', order: 'asc' } })).json();
    for (const row of list.items as { id: string }[]) {
      answer = await (await page.request.get(`/api/v1/participant/${row.id}/${path}`, { headers })).json();
      if (check(answer)) { found = row.id; break; }
    }
    return found;
  }, { timeout: 60_000, intervals: [2_000] }).not.toBe('');
  return { id: found, body: answer };
}

test('clinical data: latest values on the record, each tab, the Homehub filter, and the measurements over a date range', async ({ page }) => {
  await signIn(page, 'CCM');
  const { id, body: latest } = await participantWith(page, 'measurements/latest', (latest) => Array.isArray(latest) && latest.some((l: { key: string }) => l.key === 'steps'));

  await page.goto(`/patient/${id}`);
  const section = page.getByRole('heading', { name: 'Latest device measurements' });
  await expect(section).toBeVisible();
  await expect(page.getByRole('table', { name: 'Latest device measurements' })).toContainText('Steps');

  await page.getByRole('link', { name: 'Clinical data' }).click();
  await expect(page).toHaveURL(new RegExp(`/patient/${id}/clinical-data$`));
  await expect(page.getByRole('table', { name: 'Latest device measurements' })).toContainText('Steps');
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Health-data app' }).click();
  await expect(page.getByRole('heading', { name: 'Steps', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Balance-training app' }).click();
  await expect(page.getByText('No training sessions')).toBeVisible();

  await page.getByRole('tab', { name: 'Homehub' }).click();
  await expect(page.getByRole('heading', { name: 'Room temperature' })).toBeVisible();
  await page.getByRole('button', { name: 'Max' }).click();
  await expect(page.getByRole('button', { name: 'Max' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);

  await page.goto(`/patient/${id}/measurements`);
  await expect(page.getByRole('heading', { name: 'Steps', exact: true })).toBeVisible();
  // Measurements this participant's devices never sent are named in one line instead of drawing empty charts.
  const weighed = (latest as { key: string }[]).some((l) => l.key === 'weight');
  if (weighed) await expect(page.getByRole('heading', { name: 'Body weight' })).toBeVisible();
  else await expect(page.getByText(/^No data in this period for: .*Body weight/)).toBeVisible();
  const from = page.getByRole('group', { name: 'From', exact: true });
  const to = page.getByRole('group', { name: 'To', exact: true });
  // The day of the latest steps, alone: the table shows that one day.
  const day = (latest as { key: string; at: string }[]).find((l) => l.key === 'steps')!.at.slice(0, 10);
  await typeDay(page, from, day);
  await typeDay(page, to, day);
  await page.getByRole('button', { name: 'View Steps as a table' }).click();
  const steps = page.getByRole('region', { name: 'Steps', exact: true });
  await expect(steps.getByRole('row')).toHaveCount(2);
  await expect(steps.getByRole('row').nth(1)).toContainText(day);
  await expectAccessible(page);
});

test('tech support sees a participant\'s transmissions per day without clinical values', async ({ page }) => {
  await signIn(page, 'Tech', '/techsupport');
  const { id } = await participantWith(page, 'transmissions', (body) => body.devices?.some((d: { days: { observations: number }[] }) => d.days.some((x) => x.observations > 0)));
  await page.goto(`/techsupport/${id}`);
  await expect(page.getByRole('heading', { name: 'Transmissions per day' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
  await expect(page.getByText('Latest device measurements')).toHaveCount(0);
  await expectAccessible(page);
});

/** The clinical-data screen's 30 days, as the API query of the participant search. */
const lastMonth = () => {
  const day = (before: number) => new Date(Date.now() - before * 86_400_000).toISOString().slice(0, 10);
  return `from=${day(29)}&to=${day(0)}`;
};

test('health-data app: the platform\'s reports per kind, each openable, with the daily charts', async ({ page }) => {
  await signIn(page, 'CCM');
  const { id, body } = await participantWith(page, `measurements/reports?${lastMonth()}`, (b) => b.reports?.some((r: { kind: string }) => r.kind === 'movements'));
  await page.goto(`/patient/${id}/clinical-data`);
  await page.getByRole('tab', { name: 'Health-data app' }).click();
  await expect(page.getByRole('heading', { name: 'Reports from the health-data platform' })).toBeVisible();
  for (const title of ['Cardio report', 'Movements report', 'Weight report', 'Sleep report']) await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Daily measurements' })).toBeVisible();
  await expectAccessible(page);

  const movements = page.getByRole('region', { name: 'Movements report' });
  // The kinds this participant has no report of say so.
  const kinds = new Set((body.reports as { kind: string }[]).map((r) => r.kind));
  for (const [kind, title] of [['cardio', 'Cardio report'], ['weight', 'Weight report'], ['sleep', 'Sleep report']]) {
    if (!kinds.has(kind)) await expect(page.getByRole('region', { name: title }).getByText('No reports in this period')).toBeVisible();
  }
  await movements.getByRole('button', { name: /^Open the report of/ }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Movements report of/ });
  await expect(dialog.getByRole('cell', { name: 'Steps', exact: true })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('balance-training app: sessions and training sessions, each openable with its exercises and score', async ({ page }) => {
  await signIn(page, 'CCM');
  const { id, body } = await participantWith(page, `balance-sessions?${lastMonth()}`, (b) => b.sessions?.length > 0 && b.trainingSessions?.length > 0);
  await page.goto(`/patient/${id}/clinical-data`);
  await page.getByRole('tab', { name: 'Balance-training app' }).click();
  const training = page.getByRole('region', { name: 'Training sessions' });
  await expect(page.getByRole('heading', { name: 'Session scores' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sessions', exact: true }).getByRole('row')).toHaveCount(body.sessions.length + 1);
  await expect(training.getByRole('row')).toHaveCount(body.trainingSessions.length + 1);
  await expectAccessible(page);

  await training.getByRole('button', { name: /^Open the session of/ }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Training session of/ });
  await expect(dialog.getByRole('list', { name: 'Exercises done' }).getByRole('listitem')).toHaveCount(body.trainingSessions[0].exercises);
  await expect(dialog).toContainText(`Score: ${body.trainingSessions[0].score}`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A session the app could not analyse.
  const unscored = (body.sessions as { score: number | null; exercises: number }[]).findIndex((s) => s.score === null && s.exercises === 0);
  if (unscored >= 0) {
    await page.getByRole('region', { name: 'Sessions', exact: true }).getByRole('button', { name: /^Open the session of/ }).nth(unscored).click();
    await expect(page.getByRole('dialog').getByText('No analytics for this session')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  }
});

test('Homehub: every room, the living room and the bedroom apart, motion sensors and bulbs, each with the measurement filter', async ({ page }) => {
  await signIn(page, 'CCM');
  const { id } = await participantWith(page, `measurements?${lastMonth()}&room=livingRoom`, (b) => b.series?.some((s: { points: unknown[] }) => s.points.length > 0));
  await page.goto(`/patient/${id}/clinical-data`);
  await page.getByRole('tab', { name: 'Homehub' }).click();
  const sections = page.getByRole('tablist', { name: 'Homehub sections' });
  for (const name of ['Home Rooms', 'Living Room', 'Bedroom', 'Motion Sensors', 'Bulb Brightness']) await expect(sections.getByRole('tab', { name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Room temperature' })).toBeVisible();

  await sections.getByRole('tab', { name: 'Living Room' }).click();
  const temperature = page.getByRole('region', { name: 'Room temperature' });
  await expect(temperature.getByText('No data available to display')).toHaveCount(0);
  await page.getByRole('button', { name: 'Min', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Min', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await temperature.getByRole('button', { name: 'View Room temperature as a table' }).click();
  await expect(temperature.getByRole('columnheader', { name: /^Minimum/ })).toBeVisible();
  await expect(temperature.getByRole('columnheader', { name: /^Maximum/ })).toHaveCount(0);
  await expectAccessible(page);

  await sections.getByRole('tab', { name: 'Bedroom' }).click();
  await expect(page.getByRole('heading', { name: 'Room humidity' })).toBeVisible();
  await sections.getByRole('tab', { name: 'Motion Sensors' }).click();
  await expect(page.getByRole('heading', { name: 'Motion events' })).toBeVisible();
  await sections.getByRole('tab', { name: 'Bulb Brightness' }).click();
  await expect(page.getByRole('heading', { name: 'Bulb brightness' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Room temperature' })).toHaveCount(0);
  await expectAccessible(page);
});
