import { expect, test } from './test.ts';
import { expectAccessible, signIn } from './support.ts';

test('a care-centre manager reads the inbox, marks a notification read, and opens its participant', async ({ page }) => {
  await signIn(page, 'CCM', '/inbox');
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem').first()).toContainText(/recruitment status of participant .+ changed from .+ to .+\./);
  // Sentences name the participant as staff know them, never by the stored id.
  await expect(list).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  await expectAccessible(page);

  const unread = page.getByText(/^\d+ unread$/);
  const before = Number((await unread.textContent())!.split(' ')[0]);
  expect(before).toBeGreaterThan(0);
  await list.getByRole('button', { name: 'Mark as read' }).first().click();
  await expect(unread).toHaveText(`${before - 1} unread`);

  await page.getByRole('switch', { name: 'Unread only' }).check();
  await expect(list.getByRole('button', { name: 'Mark as read' })).toHaveCount(before - 1);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('There are no notifications to show')).toBeVisible();

  await page.getByRole('switch', { name: 'Unread only' }).uncheck();
  // Requests pending stay in sight; the participants already managed are paged.
  await expect(page.getByRole('list', { name: /^Participants you manage: \d+$/ }).getByRole('listitem')).toHaveCount(10);

  const participant = list.getByRole('listitem').first().getByRole('link');
  const name = (await participant.textContent())!;
  expect(name).not.toBe('Open the participant');
  await participant.click();
  await expect(page).toHaveURL(/\/patient\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
});
