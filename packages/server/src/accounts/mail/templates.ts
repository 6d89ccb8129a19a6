import { isLanguage, translate, type Language } from '@geria/domain';
import type { AppUser } from '../../db/types.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export type AccountMailKind = 'approved' | 'rejected' | 'passwordReset' | 'registrationReceived' | 'registrationExists' | 'usernameTaken';

/** An account e-mail in the recipient's language (app_user.language), plain text. */
export function accountMail(
  kind: AccountMailKind,
  user: Pick<AppUser, 'email' | 'given_name' | 'family_name' | 'username' | 'language'>,
  params: Record<string, string | number>,
): MailMessage {
  const language: Language = isLanguage(user.language) ? user.language : 'en';
  const name = `${user.given_name} ${user.family_name}`.trim() || user.username;
  const all = { ...params, username: user.username };
  return {
    to: user.email,
    language,
    template: `accounts.${kind}`,
    subject: translate(language, `accounts.mail.${kind}.subject`, all),
    text: [
      translate(language, 'accounts.mail.greeting', { name }),
      translate(language, `accounts.mail.${kind}.body`, all),
      translate(language, 'accounts.mail.signature'),
    ].join('\n\n'),
  };
}
