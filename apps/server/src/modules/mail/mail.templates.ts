/**
 * Every e-mail the portal writes, as templates: services and event handlers pass facts, never text.
 * Each returns the subject, the plain text and (where a link matters) an HTML part.
 */
export type MailContent = { subject: string; text: string; html?: string };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function verifyEmailMail(facts: { firstName: string; link: string }): MailContent {
  const { firstName, link } = facts;
  return {
    subject: 'Verify your email address for Lading',
    text: `Hello ${firstName},\n\nPlease verify your email address to start using the Lading portal:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this message.\n\nLading`,
    html: `<p>Hello ${escapeHtml(firstName)},</p><p>Please verify your email address to start using the Lading portal:</p><p><a href="${link}">Verify my email address</a></p><p>The link works once and expires in 24 hours. If you did not sign up, ignore this message.</p><p>Lading</p>`,
  };
}

/** Someone tried to sign up with an address that already has an account: told to its owner, never to the caller. */
export function accountExistsMail(facts: {
  firstName: string;
  loginLink: string;
  resetLink: string;
}): MailContent {
  const { firstName, loginLink, resetLink } = facts;
  return {
    subject: 'You already have a Lading account',
    text: `Hello ${firstName},\n\nSomeone, probably you, tried to create a Lading account with this e-mail address. You already have one, so nothing was created.\n\nSign in: ${loginLink}\nForgot your password? Choose a new one: ${resetLink}\n\nIf it was not you, you can ignore this message; your account is unchanged.\n\nLading`,
    html: `<p>Hello ${escapeHtml(firstName)},</p><p>Someone, probably you, tried to create a Lading account with this e-mail address. You already have one, so nothing was created.</p><p><a href="${loginLink}">Sign in</a> · <a href="${resetLink}">Choose a new password</a></p><p>If it was not you, you can ignore this message; your account is unchanged.</p><p>Lading</p>`,
  };
}

export function resetPasswordMail(facts: { firstName: string; link: string }): MailContent {
  const { firstName, link } = facts;
  return {
    subject: 'Reset your Lading password',
    text: `Hello ${firstName},\n\nSomeone asked to reset the password of your Lading account. To choose a new password, open:\n\n${link}\n\nThe link works once and expires in 30 minutes. If it was not you, ignore this message; your password stays as it is.\n\nLading`,
    html: `<p>Hello ${escapeHtml(firstName)},</p><p>Someone asked to reset the password of your Lading account.</p><p><a href="${link}">Choose a new password</a></p><p>The link works once and expires in 30 minutes. If it was not you, ignore this message; your password stays as it is.</p><p>Lading</p>`,
  };
}

export function billReturnedMail(facts: {
  ownerName: string;
  number: string;
  comment: string;
  link: string;
}): MailContent {
  return {
    subject: `Bill of lading ${facts.number} returned with comment`,
    text: [
      `Dear ${facts.ownerName},`,
      '',
      `Our documentation team has returned bill of lading ${facts.number} to you with this comment:`,
      '',
      facts.comment,
      '',
      `Please review it and submit it again: ${facts.link}`,
      '',
      'Lading',
    ].join('\n'),
  };
}

export function billSentMail(facts: {
  senderName: string;
  senderEmail: string;
  number: string;
  isFinal: boolean;
  message?: string;
  vesselName: string | null;
  voyageNumber: string | null;
  polName: string | null;
  podName: string | null;
}): MailContent {
  const what = facts.isFinal ? 'non-negotiable copy' : 'draft';
  return {
    subject: `Bill of lading ${facts.number} (${what})`,
    text: [
      `${facts.senderName} (${facts.senderEmail}) sent you bill of lading ${facts.number} (${what}) from the Lading customer portal.`,
      ...(facts.message ? ['', facts.message] : []),
      '',
      `Vessel / voyage: ${facts.vesselName ?? '—'} / ${facts.voyageNumber ?? '—'}`,
      `Port of loading: ${facts.polName ?? '—'}; port of discharge: ${facts.podName ?? '—'}`,
      '',
      'The bill of lading is attached as a PDF.',
    ].join('\n'),
  };
}

export function membershipDecidedMail(facts: {
  firstName: string;
  companyName: string;
  approved: boolean;
  reason?: string | null;
  link: string;
}): MailContent {
  return facts.approved
    ? {
        subject: `You are now a member of ${facts.companyName} on Lading`,
        text: `Hello ${facts.firstName},\n\nOur team has approved your membership of ${facts.companyName}. Your profile now shows the company's details:\n\n${facts.link}\n\nLading`,
      }
    : {
        subject: `Your request to join ${facts.companyName} on Lading`,
        text: `Hello ${facts.firstName},\n\nOur team could not approve your membership of ${facts.companyName}${facts.reason ? ` for this reason:\n\n${facts.reason}\n\n` : '. '}You can pick another company or request a new one in your profile:\n\n${facts.link}\n\nLading`,
      };
}

/** The e-mail copy of a bell notification (the kinds without a template of their own). */
export function notificationMail(facts: {
  firstName: string;
  title: string;
  body: string;
  link: string;
}): MailContent {
  return {
    subject: facts.title,
    text: `Hello ${facts.firstName},\n\n${facts.body}\n\n${facts.link}\n\nYou can choose which notices reach you by e-mail in your profile.\n\nLading`,
    html: `<p>Hello ${escapeHtml(facts.firstName)},</p><p>${escapeHtml(facts.body)}</p><p><a href="${facts.link}">${escapeHtml(facts.title)}</a></p><p>You can choose which notices reach you by e-mail in your profile.</p><p>Lading</p>`,
  };
}

/** The account's password was changed (or reset): told to its owner, so a change they did not make is noticed. */
export function passwordChangedMail(facts: {
  firstName: string;
  at: string;
  resetLink: string;
}): MailContent {
  const { firstName, at, resetLink } = facts;
  return {
    subject: 'Your Lading password was changed',
    text: `Hello ${firstName},\n\nThe password of your Lading account was changed on ${at}. Your other devices were signed out.\n\nIf it was not you, choose a new password at once: ${resetLink}\nand tell your Lading contact.\n\nLading`,
    html: `<p>Hello ${escapeHtml(firstName)},</p><p>The password of your Lading account was changed on ${escapeHtml(at)}. Your other devices were signed out.</p><p>If it was not you, <a href="${resetLink}">choose a new password</a> at once and tell your Lading contact.</p><p>Lading</p>`,
  };
}

/** A sign-in from a browser the account was not used from before. */
export function newDeviceSignInMail(facts: {
  firstName: string;
  at: string;
  device: string;
  place: string;
  sessionsLink: string;
}): MailContent {
  const { firstName, at, device, place, sessionsLink } = facts;
  return {
    subject: 'New sign-in to your Lading account',
    text: `Hello ${firstName},\n\nYour Lading account was signed in to from a browser it was not used from before:\n\nWhen: ${at}\nDevice: ${device}\nNetwork: ${place}\n\nIf it was you, there is nothing to do. If not, end that session and change your password: ${sessionsLink}\n\nLading`,
    html: `<p>Hello ${escapeHtml(firstName)},</p><p>Your Lading account was signed in to from a browser it was not used from before:</p><ul><li>When: ${escapeHtml(at)}</li><li>Device: ${escapeHtml(device)}</li><li>Network: ${escapeHtml(place)}</li></ul><p>If it was you, there is nothing to do. If not, <a href="${sessionsLink}">end that session and change your password</a>.</p><p>Lading</p>`,
  };
}

/** A second factor was added to the account or removed from it. */
export function secondFactorChangedMail(facts: {
  firstName: string;
  change: 'added' | 'removed';
  /** Which factor: the authenticator app, or a passkey by the name the user gave it. */
  factor: { kind: 'totp' } | { kind: 'passkey'; name: string };
  /** After a removal: whether another factor still asks for a second step. */
  stillProtected: boolean;
  at: string;
  profileLink: string;
}): MailContent {
  const { firstName, change, factor, stillProtected, at, profileLink } = facts;
  const named = factor.kind === 'totp' ? 'An authenticator app' : `A passkey ("${factor.name}")`;
  const what =
    change === 'added'
      ? `${named} was set up as the second step of signing in to your Lading account`
      : `${factor.kind === 'totp' ? 'The authenticator app' : `The passkey "${factor.name}"`} was removed from your Lading account: ${
          stillProtected
            ? 'your other second step still protects it'
            : 'signing in needs only the password now'
        }`;
  return {
    subject:
      change === 'added'
        ? 'A second sign-in step was added to your Lading account'
        : stillProtected
          ? 'A second sign-in step was removed from your Lading account'
          : 'The second sign-in step was removed from your Lading account',
    text: `Hello ${firstName},\n\n${what} (${at}).\n\nIf it was not you, change your password and review your account at once: ${profileLink}\n\nLading`,
    html: `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(what)} (${escapeHtml(at)}).</p><p>If it was not you, <a href="${profileLink}">change your password and review your account</a> at once.</p><p>Lading</p>`,
  };
}

/**
 * An administrator removed the user's second factor (a lost phone): every session has ended, and an account whose role
 * requires a second factor sets up a new one at its next sign-in. The administrator's reason is told.
 */
export function secondFactorResetMail(facts: {
  firstName: string;
  at: string;
  reason: string;
  signInLink: string;
}): MailContent {
  const { firstName, at, reason, signInLink } = facts;
  const what = `An administrator removed the second sign-in step (authenticator app and recovery codes) from your Lading account (${at}), and signed you out everywhere.`;
  const next =
    'Sign in again with your password; if your role requires a second step, you will be asked to set up an authenticator app at once.';
  return {
    subject: 'An administrator reset the second sign-in step of your Lading account',
    text: `Hello ${firstName},\n\n${what}\n\nReason given: ${reason}\n\n${next} ${signInLink}\n\nIf you did not ask for this, tell your administrator at once.\n\nLading`,
    html: `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(what)}</p><p>Reason given: ${escapeHtml(reason)}</p><p>${escapeHtml(next)} <a href="${signInLink}">Sign in</a></p><p>If you did not ask for this, tell your administrator at once.</p><p>Lading</p>`,
  };
}
