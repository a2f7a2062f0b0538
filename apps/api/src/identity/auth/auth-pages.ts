/**
 * The server-rendered pages of the embedded sign-in: sign in, create an account, sign out and
 * errors. Plain HTML with a little inline CSS, so they work before the web app loads and without
 * JavaScript. Every value that comes from a request or the database goes through `escapeHtml`.
 */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// The web app's primary blue at the shade that carries white text at AA (5:1), not Mantine's default (3.6:1).
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f1f3f5;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529}
main{width:100%;max-width:400px;margin:16px;padding:32px 24px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{margin:0 0 24px;font-size:1.5rem}
label{display:block;margin:16px 0 4px;font-weight:600}
input{width:100%;padding:12px;font-size:16px;border:1px solid #ced4da;border-radius:8px}
input:focus{outline:2px solid #1971c2;outline-offset:1px}
.hint{margin:4px 0 0;font-size:.875rem;color:#495057}
.error{margin:0 0 16px;padding:12px;border-radius:8px;background:#fff5f5;color:#c92a2a;border:1px solid #ffc9c9}
button{width:100%;margin-top:24px;padding:12px;font-size:16px;font-weight:600;color:#fff;background:#1971c2;border:0;border-radius:8px;cursor:pointer}
button.secondary{margin-top:12px;color:#1864ab;background:#e7f5ff}
p.switch{margin:24px 0 0;text-align:center}
a{color:#1971c2}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(title)} · QR Platform</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

function errorBox(error: string | undefined): string {
  return error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
}

export interface SignInView {
  /** Where the form posts: the interaction's own address. */
  action: string;
  /** The address of the other form (create an account). */
  switchTo: string;
  email?: string;
  error?: string;
}

export function signInPage(view: SignInView): string {
  return page(
    'Sign in',
    `${errorBox(view.error)}
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="intent" value="sign-in">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(view.email ?? '')}"${view.email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${view.email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<p class="switch">New here? <a href="${escapeHtml(view.switchTo)}">Create an account</a></p>`,
  );
}

export interface SignUpView extends SignInView {
  displayName?: string;
  passwordMinLength: number;
}

export function signUpPage(view: SignUpView): string {
  return page(
    'Create an account',
    `${errorBox(view.error)}
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="intent" value="sign-up">
<label for="display_name">Your name</label>
<input id="display_name" name="display_name" type="text" autocomplete="name" required maxlength="100" value="${escapeHtml(view.displayName ?? '')}" autofocus>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(view.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${view.passwordMinLength}" aria-describedby="password-hint">
<p class="hint" id="password-hint">At least ${view.passwordMinLength} characters.</p>
<button type="submit">Create account</button>
</form>
<p class="switch">Already have an account? <a href="${escapeHtml(view.switchTo)}">Sign in</a></p>`,
  );
}

/** oidc-provider hands over `form`, its own hidden form carrying the anti-forgery token; the buttons submit it. */
export function signOutPage(form: string): string {
  return page(
    'Sign out?',
    `${form}
<p>You will be signed out of QR Platform on this device.</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`,
  );
}

export function signedOutPage(): string {
  return page('Signed out', '<p>You are signed out. You can close this page.</p>');
}

/** For failures that are ours, not the user's: the details go to the log, never to the page. */
export const OUR_FAULT = 'Something went wrong on our side. Try again in a moment.';

export function errorPage(message: string): string {
  return page('Sign-in problem', `${errorBox(message)}<p>Go back to the app and sign in again.</p>`);
}
