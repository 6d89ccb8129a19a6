import { expect, test, type Browser, type Page } from './test.ts';
import { expectAccessible, signIn, SIGN_IN_PAGE } from './support.ts';

const PASSWORD = 'Tramonto-sul-lago-7';
let serial = 0;
/** A username and e-mail not used by any earlier run on this database. */
const applicant = (prefix: string) => {
  const username = `${prefix}-${Date.now().toString(36)}${serial++}`;
  return { username, email: `${username}@e2e.geria.example.org`, firstName: 'Marta', lastName: 'Ricci' };
};
type Applicant = ReturnType<typeof applicant>;

/** Registers through the public endpoint, as the form does, for the tests that start after registration. */
async function registerByApi(page: Page, who: Applicant) {
  const res = await page.request.post('/api/v1/registration', {
    data: { ...who, organisation: 'MIL-GER', requestedRole: 'CCM', password: PASSWORD, passwordConfirmation: PASSWORD, privacyPolicyAgreed: true },
  });
  expect(res.status()).toBe(201);
}

async function openLoginForm(page: Page) {
  await page.goto('/');
  await page.waitForURL(SIGN_IN_PAGE);
}

async function submitCredentials(page: Page, username: string, password: string) {
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/password/i).first().fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** The SysAdmin's user management page on one of its tabs. */
async function userManagement(page: Page, tab: 'End users' | 'Awaiting approval' | 'Outbox') {
  await page.goto('/user-management');
  await page.getByRole('tab', { name: tab }).click();
}

/** The link of the newest outbox message with this subject to this address, read by the SysAdmin. */
async function linkFromOutbox(page: Page, subject: string, email: string, linkPart: string): Promise<string> {
  await userManagement(page, 'Outbox');
  await page.getByRole('button', { name: new RegExp(`${subject}.*${email}`) }).first().click();
  const href = await page.getByRole('link', { name: new RegExp(linkPart) }).first().getAttribute('href');
  expect(href).toBeTruthy();
  return href!;
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext({ locale: 'en-GB' });
  return context.newPage();
}

test('Register from the sign-in page: every invalid field is explained, then the pending message', async ({ page }) => {
  const who = applicant('e2e-reg');
  await openLoginForm(page);
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByRole('heading', { name: 'Registration' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByLabel('Username').fill('x');
  await page.getByLabel('E-mail').fill('not-an-address');
  await page.getByLabel(/^Password/).fill('short');
  await page.getByLabel('Confirm the password').fill('other');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('The username must have 3 to 64 characters')).toBeVisible();
  await expect(page.getByText('This e-mail address is not valid.')).toBeVisible();
  await expect(page.getByText('The password must have at least 10 characters.')).toBeVisible();
  await expect(page.getByText('The password confirmation does not match the password.')).toBeVisible();
  await expect(page.getByText('Choose the role you are requesting.')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Organisation').fill('Milan');
  await page.getByRole('option', { name: /Milan Geriatric Institute/ }).click();
  await page.getByLabel('Requested role').click();
  await page.getByRole('option', { name: 'Care-centre manager' }).click();
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Confirm the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();

  const policy = page.getByRole('dialog', { name: 'Privacy policy' });
  await expect(policy).toContainText('May 2021');
  await expect(policy).toContainText('children under 13');
  await expectAccessible(page);
  await policy.getByRole('button', { name: 'Agree and register' }).click();
  await expect(page.getByText(`We have sent an e-mail to ${who.email} telling you how your request goes on`)).toBeVisible();
  await expectAccessible(page);

  // The same username again gets the same answer: the address given is told by e-mail that the name is taken.
  await page.goto('/registration');
  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('E-mail').fill(`other-${who.email}`);
  await page.getByLabel('Organisation').fill('MIL-GER');
  await page.getByRole('option', { name: /MIL-GER/ }).click();
  await page.getByLabel('Requested role').click();
  await page.getByRole('option', { name: 'Tester' }).click();
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Confirm the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Agree and register' }).click();
  await expect(page.getByText(`We have sent an e-mail to other-${who.email} telling you how your request goes on`)).toBeVisible();
  await expect(page.getByText('This username is already taken.')).toHaveCount(0);
  await signIn(page, 'SysAdmin', '/user-management');
  await page.getByRole('tab', { name: 'Outbox' }).click();
  await page.getByRole('button', { name: new RegExp(`Geria: the username you chose is taken.*other-${who.email}`) }).click();
  await expect(page.getByText(`You asked for a Geria account with the username ${who.username}, which is already taken`)).toBeVisible();
});

test('Disagreeing with the privacy policy leaves without creating anything', async ({ page }) => {
  const who = applicant('e2e-disagree');
  await page.goto('/registration');
  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Organisation').fill('MIL-GER');
  await page.getByRole('option', { name: /MIL-GER/ }).click();
  await page.getByLabel('Requested role').click();
  await page.getByRole('option', { name: 'Auditor' }).click();
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Confirm the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Disagree' }).click();
  await page.waitForURL(SIGN_IN_PAGE);
  // Nothing was created: the same username and address can still register.
  await registerByApi(page, who);
});

test('A SysAdmin approves and assigns a role; the user confirms the address and signs in with that role\'s menu', async ({ page, browser }) => {
  const who = applicant('e2e-approve');
  await registerByApi(page, who);

  const user = await freshPage(browser);
  await openLoginForm(user);
  await submitCredentials(user, who.username, PASSWORD);
  await expect(user.getByText('Your account is waiting for an administrator to unlock it.')).toBeVisible();

  await signIn(page, 'SysAdmin', '/user-management');
  await expect(page.getByRole('heading', { name: 'User management' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Awaiting approval' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Approve ${who.username}` }).click();
  await expect(page.getByText('Update Successful')).toBeVisible();
  await expect(page.getByText('Remember to add a role to the user')).toBeVisible();
  await page.getByRole('button', { name: 'Assign a role' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${who.username}` });
  await expect(dialog).toContainText('Requested role at registration: Care-centre manager');
  await expectAccessible(page);
  await dialog.getByLabel('Care-centre manager').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update Successful')).toBeVisible();

  await userManagement(page, 'End users');
  // While the searched page loads (its request held back) the grid passes axe too, and says it is busy.
  const usersPage = /\/api\/v1\/users\?/;
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(usersPage, async (route) => {
    await held;
    // A page the app stopped waiting for (the search replaced it) is already gone.
    await route.continue().catch(() => undefined);
  });
  const busyGrid = page.locator('[aria-busy="true"]:has([role="grid"])');
  await page.getByLabel('Search by name, username or e-mail').fill(who.username);
  await expect(busyGrid).toHaveCount(1);
  await expectAccessible(page);
  release();
  await page.unroute(usersPage);
  await expect(busyGrid).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(who.username) })).toContainText('Care-centre manager');
  await expectAccessible(page);

  const link = await linkFromOutbox(page, 'Your Geria account has been approved', who.email, 'verify-email');
  await user.goto(link);
  await user.waitForURL(SIGN_IN_PAGE);
  await expect(user.getByText('Your e-mail address is verified: you can sign in.')).toBeVisible();
  await submitCredentials(user, who.username, PASSWORD);
  await expect(user.getByRole('button', { name: 'User menu' })).toContainText('Care-centre manager');
  const nav = user.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.locator('[data-menu-key="patients"]')).toHaveCount(1);
  await expect(nav.locator('[data-menu-key="users"]')).toHaveCount(0);
  await user.context().close();
});

test('A SysAdmin rejects a registration with a reason, which the applicant receives by e-mail', async ({ page }) => {
  const who = applicant('e2e-reject');
  await registerByApi(page, who);
  await signIn(page, 'SysAdmin', '/user-management');
  await page.getByRole('tab', { name: 'Awaiting approval' }).click();
  await page.getByRole('button', { name: `Reject ${who.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reject the registration of ${who.username}` });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Not a member of the Milan staff');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('The registration was rejected and the applicant has been told by e-mail.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Reject ${who.username}` })).toHaveCount(0);

  await userManagement(page, 'Outbox');
  await page.getByRole('button', { name: new RegExp(`Your Geria registration.*${who.email}`) }).click();
  await expect(page.getByText('Reason given by the administrator: Not a member of the Milan staff')).toBeVisible();
});

test('A forgotten password is reset through the e-mailed link; a locked account is still refused', async ({ page, browser }) => {
  const who = applicant('e2e-reset');
  await registerByApi(page, who);

  const user = await freshPage(browser);
  await openLoginForm(user);
  await user.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(user).toHaveURL(/\/login\/forgot$/);
  await expectAccessible(user);
  await user.getByLabel('E-mail').fill(who.email);
  await user.getByRole('button', { name: 'Send the link' }).click();
  const answer = 'If an account uses this e-mail address, we have sent it a link to choose a new password.';
  await expect(user.getByText(answer)).toBeVisible();
  // An unknown address gets the very same answer.
  await user.goto('/login/forgot');
  await user.getByLabel('E-mail').fill('nobody-here@e2e.geria.example.org');
  await user.getByRole('button', { name: 'Send the link' }).click();
  await expect(user.getByText(answer)).toBeVisible();

  await signIn(page, 'SysAdmin');
  const link = await linkFromOutbox(page, 'Choose a new Geria password', who.email, 'login/reset');
  await user.goto(link);
  await expect(user.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(user);
  const newPassword = 'Nuovo-inizio-2026';
  await user.getByLabel(/^Password/).fill(newPassword);
  await user.getByLabel('Confirm the password').fill(newPassword);
  await user.getByRole('button', { name: 'Change the password' }).click();
  await user.waitForURL(SIGN_IN_PAGE);
  await expect(user.getByText('Your password has been changed: you can sign in.')).toBeVisible();

  await submitCredentials(user, who.username, PASSWORD);
  await expect(user.getByText('Wrong username or password.')).toBeVisible();
  // The new password is right, and the account is still waiting for approval: it is told so and refused.
  await submitCredentials(user, who.username, newPassword);
  await expect(user.getByText('Your account is waiting for an administrator to unlock it.')).toBeVisible();

  // The link works once.
  await user.goto(link);
  await user.getByLabel(/^Password/).fill('Secondo-giro-2026');
  await user.getByLabel('Confirm the password').fill('Secondo-giro-2026');
  await user.getByRole('button', { name: 'Change the password' }).click();
  await expect(user.getByText('This link is not valid any more: ask for a new one.')).toBeVisible();
  await user.context().close();
});
