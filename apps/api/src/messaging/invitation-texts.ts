import type { InvitationBody } from '@qr/contracts';

/** What an invitation says for each action (spec §7 "campaign invitation message"): a draft staff then edit. */
const TEXTS: Record<InvitationBody['action'], { subject: string; message: string }> = {
  visit: { subject: '{{first_name}}, come and see {{code_name}}', message: 'Hi {{first_name}}, {{organization_name}} invites you to {{code_name}}: {{link}}' },
  join_loyalty: {
    subject: 'Your {{code_name}} card is waiting',
    message: 'Hi {{first_name}}, join the {{code_name}} card at {{organization_name}} and collect rewards on every visit: {{link}}',
  },
  refer_friend: {
    subject: 'Bring a friend to {{code_name}}',
    message: 'Hi {{first_name}}, invite a friend to {{code_name}} and you both get a reward from {{organization_name}}: {{link}}',
  },
  claim_promo: {
    subject: 'An offer for you, {{first_name}}',
    message: 'Hi {{first_name}}, {{organization_name}} has an offer for you at {{code_name}}: {{link}}',
  },
};

/**
 * The invitation's subject and message for a code: the code's name and link written in, the
 * recipient's own fields left as `{{fields}}` for each message. Names with braces are kept literal.
 */
export function invitationText(action: InvitationBody['action'], codeName: string, link: string): { subject: string; message: string } {
  const fill = (text: string) => text.replaceAll('{{code_name}}', codeName.replace(/[{}]/g, '')).replaceAll('{{link}}', link);
  return { subject: fill(TEXTS[action].subject), message: fill(TEXTS[action].message) };
}
