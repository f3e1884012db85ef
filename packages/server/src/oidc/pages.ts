/** The embedded provider's own pages: plain server-rendered HTML with no outside resources. */

import { signInPolicy } from '../http/securityHeaders.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The pages' one style sheet, inline: the sign-in policy allows exactly this text by its hash. */
export const PAGE_STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
    font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;color:#212529}
  main{width:100%;max-width:380px;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:32px}
  h1{font-size:20px;margin:0 0 4px}
  p.lead{margin:0 0 24px;color:#495057;font-size:14px}
  label{display:block;font-size:14px;font-weight:600;margin:16px 0 6px}
  input{width:100%;padding:9px 12px;font-size:15px;border:1px solid #ced4da;border-radius:4px}
  input:focus{outline:2px solid #228be6;border-color:#228be6}
  button{margin-top:24px;width:100%;padding:10px;font-size:15px;font-weight:600;border:0;border-radius:4px;
    background:#1971c2;color:#fff;cursor:pointer}
  button:hover{background:#1864ab}
  .error{margin:0 0 8px;padding:10px 12px;border-radius:4px;background:#fff5f5;color:#c92a2a;font-size:14px}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function loginPage(input: { action: string; username: string; error: string | null }): string {
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  return page(
    'Sign in - Editor App',
    `<h1>Editor App</h1><p class="lead">Sign in with your company account.</p>${error}
<form method="post" action="${escapeHtml(input.action)}" autocomplete="off">
<label for="username">Username</label>
<input id="username" name="username" value="${escapeHtml(input.username)}" required autofocus autocapitalize="none" spellcheck="false">
<label for="password">Password</label>
<input id="password" name="password" type="password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

export function messagePage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(text)}</p>`);
}

/** The logout page's one script, allowed by its hash like the style sheet. */
export const LOGOUT_SCRIPT = `document.forms[0].insertAdjacentHTML('beforeend','<input type="hidden" name="logout" value="yes">');document.forms[0].submit();`;

/** Signs out without asking: the app's Log Out is the user's decision already. */
export function autoSubmitLogoutPage(form: string): string {
  return page(
    'Signing out',
    `<h1>Signing out</h1><p class="lead">One moment...</p>${form}
<script>${LOGOUT_SCRIPT}</script>`,
  );
}

/** The pages' content security policy: their inline style sheet and logout script by hash, nothing else. */
export const SIGN_IN_POLICY = signInPolicy({ style: PAGE_STYLE, script: LOGOUT_SCRIPT });
